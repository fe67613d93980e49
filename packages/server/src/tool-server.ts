/**
 * `createToolServer`: everything that can fail is found here, at start (options, exposure, grants,
 * every tool rendered in every dialect and compiled by the gate, vendor budgets per consumer); then
 * every connection gets a low-level SDK `Server` whose transport is the interposer.
 */
import type { Server, Transport } from '@modelcontextprotocol/server';
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';
import type { AbandonSource, FactsSource, HostFacts } from './internal/connection.ts';
import { grantCheck, listings, type ServerCore } from './internal/core.ts';
import type { Era } from './internal/envelope.ts';
import { createInputStates } from './internal/input-state.ts';
import { Interposer, type InterposerOptions } from './internal/interposer.ts';
import type { RequestId } from './internal/jsonrpc.ts';
import { PinnedTransport } from './internal/pinned.ts';
import { checkBudgets, type ServedTool, serveTool } from './internal/published.ts';
import { connectServer, sdkServer } from './internal/sdk-server.ts';
import { errorFacts } from './internal/shape.ts';
import { WEIGHT_META_KEY } from './internal/siblings/catalog.ts';
import { DIALECT_NAMES } from './internal/siblings/dialects.ts';
import { defaultTracer } from './internal/tracing.ts';
import { createJsonLogger, guardedLogger } from './logger.ts';
import {
  checkOptions,
  dispatcherOf,
  grantsOf,
  requestStateKeyOf,
  scopeGrantsOf,
  type ToolServerOptions,
} from './options.ts';
import { CORRECTABLE_META_KEY, DIALECT_META_KEY, NARROWED_META_KEY } from './texts.ts';

/** How one connection is made. */
export interface ConnectOptions {
  /** The consumer every request of this connection comes from (stdio, in-process); none lists nothing. */
  readonly consumer?: string;
  /** The dialect of every request that names none itself. */
  readonly dialect?: string;
}

/** One connected transport; closing it cancels every call in flight on it. */
export interface ToolConnection {
  close(): Promise<void>;
}

/** A tool server: one contract, checked at start, served on any number of connections. */
export interface ToolServer {
  /** The `instructions` sent at `initialize`. */
  readonly instructions: string;
  /** Connects a transport (in-process, stdio, a custom one); the SDK `Server` speaks through the interposer. */
  connect(transport: Transport, options?: ConnectOptions): Promise<ToolConnection>;
  /** Closes every connection this server made. */
  close(): Promise<void>;
}

/** How a host connects a transport of its own. */
export interface HostConnectOptions {
  /** The era every message of the transport speaks. */
  readonly era: Era;
  /** True for a transport shared by many clients: nothing a client declares is kept. */
  readonly sessionless: boolean;
  /** The facts of every message that carries none of its own (default: no consumer, no dialect). */
  readonly host?: HostFacts;
  /** Each request's own facts, where the host resolved them per request. */
  readonly facts?: FactsSource;
  /** Tells of requests whose client went away (the stateless router). */
  readonly abandons?: AbandonSource;
  /** Told the id of a request in flight the client cancelled. */
  readonly onCancelled?: (id: RequestId) => void;
}

/** What the hosts of this package reach beyond the public surface. */
export interface ServerInternals {
  readonly core: ServerCore;
  /** A connection of a host's own transport, each request's facts read from `options.facts`. */
  connect(
    transport: Transport,
    options: HostConnectOptions,
  ): Promise<{ readonly interposer: Interposer; readonly server: Server }>;
}

const internals = new WeakMap<ToolServer, ServerInternals>();

/** The internals of a server made by {@link createToolServer} (for the hosts). */
export function internalsOf(server: ToolServer): ServerInternals {
  const found = internals.get(server);
  if (found === undefined) {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'A host needs a server made by createToolServer.',
      {
        option: 'server',
      },
    );
  }
  return found;
}

function instructionsOf(own: string | undefined): string {
  const ours = [
    `Every tool is published in several schema dialects; choose one per request with \`_meta["${DIALECT_META_KEY}"]\` set to one of ${DIALECT_NAMES.join(', ')} (\`canonical\`, JSON Schema 2020-12, when absent). Every call is judged against the canonical document whichever dialect was read.`,
    `Each tool's \`_meta["${WEIGHT_META_KEY}"]\` gives its expected cost (\`kind\`, \`level\`, \`minSeconds\`, \`maxSeconds\`); \`_meta["${NARROWED_META_KEY}"]\` lists, as JSON pointers, the fields a dialect could not state exactly.`,
    `A failed call's result has \`isError\` and \`_meta["${CORRECTABLE_META_KEY}"]\`: true when a corrected call may succeed.`,
  ].join(' ');
  return own === undefined || own.trim() === '' ? ours : `${own.trim()}\n\n${ours}`;
}

/** Builds the shared core; throws {@link ServerError} for anything that would make the server wrong. */
function buildCore(options: ToolServerOptions): ServerCore {
  checkOptions(options);
  const { exposure } = options;
  if (exposure.entries.length === 0) {
    throw new ServerError(
      SERVER_ERROR_CODES.EMPTY_EXPOSURE,
      'The exposure holds no tool, and a server must serve at least one. Expose a tool of the catalog.',
    );
  }
  const tools = new Map<string, ServedTool>();
  for (const entry of exposure.entries) tools.set(entry.name, serveTool(entry));
  const grants = grantsOf(options.grants, new Set(tools.keys()));
  const scopeGrants = scopeGrantsOf(options.scopeGrants, new Set(tools.keys()));
  // A token may hold every scope: each consumer's budget counts its grants and all scope grants.
  const byScope = new Set([...scopeGrants.values()].flatMap((names) => [...names]));
  const holders: [string, ReadonlySet<string>][] = [...grants];
  if (byScope.size > 0) holders.push(['(a token holding every scope)', new Set()]);
  for (const [consumer, names] of holders) {
    checkBudgets(
      consumer,
      [...tools.values()].filter((tool) => names.has(tool.name) || byScope.has(tool.name)),
    );
  }
  return {
    tools,
    grants,
    catalog: exposure.catalog,
    dispatcher: dispatcherOf(options.dispatcher),
    callTimeoutMs: options.callTimeoutMs,
    logger: guardedLogger(options.logger ?? createJsonLogger()),
    tracer: options.tracer ?? defaultTracer(),
    artifactTypes: options.artifactTypes ?? [],
    instructions: instructionsOf(options.instructions),
    serverInfo: options.serverInfo ?? { name: 'portcullis', version: '0.0.0' },
    clientLogLevel: options.clientLogLevel ?? 'info',
    states: createInputStates(
      requestStateKeyOf(options.requestStateKey),
      options.requestStateTtlSeconds ?? 600,
    ),
    listTtlMs: options.listTtlMs ?? 0,
    rateLimiter: options.rateLimiter,
    scopeGrants,
    listFor: listings(tools, grants, scopeGrants),
    granted: grantCheck(grants, scopeGrants),
  };
}

/**
 * Builds a tool server. Refuses to start, with a {@link ServerError} naming the tool, dialect or
 * consumer, on: a missing `callTimeoutMs`, an empty exposure, a grant naming a tool not exposed, a
 * tool whose documents cannot be rendered in a dialect or compiled by the gate, and granted tools
 * that together pass OpenAI's or Anthropic's per-request budgets.
 */
export function createToolServer(options: ToolServerOptions): ToolServer {
  const core = buildCore(options);
  const open = new Set<Server>();
  const interposers = new Set<Interposer>();
  const connect = async (transport: Transport, options: InterposerOptions) => {
    const interposer = new Interposer(transport, core, options);
    const server = sdkServer(core, options.era, interposer.connection);
    open.add(server);
    interposers.add(interposer);
    server.onclose = () => {
      open.delete(server);
      interposers.delete(interposer);
    };
    await connectServer(server, options.era, interposer);
    return { interposer, server };
  };
  const toolServer: ToolServer = {
    instructions: core.instructions,
    async connect(transport, connectOptions = {}) {
      const pinned = new PinnedTransport(transport);
      const host = { consumer: connectOptions.consumer, dialect: connectOptions.dialect };
      let server: Server | undefined;
      const ready = pinned.open().then(async (era) => {
        if (era === 'closed') return;
        server = (await connect(pinned, { era, host, sessionless: false })).server;
      });
      ready.catch((error: unknown) =>
        core.logger.error(
          { event: 'connect_failed', ...errorFacts(error) },
          'A connection could not be served.',
        ),
      );
      return {
        close: async () => {
          if (server !== undefined) await server.close();
          else await pinned.close();
        },
      };
    },
    async close() {
      // Every call in flight is answered "server stopping" before its connection closes.
      await Promise.all([...interposers].map((interposer) => interposer.stop()));
      await Promise.all([...open].map((server) => server.close()));
    },
  };
  internals.set(toolServer, {
    core,
    connect: (transport, { host, ...rest }) =>
      connect(transport, { ...rest, host: host ?? { consumer: undefined, dialect: undefined } }),
  });
  return Object.freeze(toolServer);
}
