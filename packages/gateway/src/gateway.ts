/**
 * The gateway: connects to upstream MCP servers as a client (stdio, a command it starts and
 * supervises, or Streamable HTTP, a URL with headers), reads their tools, closes each foreign schema
 * for our publisher and builds one catalog tool per upstream tool whose `run` forwards the admitted
 * arguments upstream. The call goes upstream only after the tool server admitted it; its abort
 * signal is the client request's `signal` (the client then sends `notifications/cancelled`), and
 * upstream progress is relayed to the caller. Upstream answers are foreign: an error's text is
 * replaced by ours, and `structuredContent` is judged against the published output schema by the
 * tool server before it is sent.
 */

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type AnyToolDefinition, createCatalog, exposure } from '@portcullis/catalog';
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '@portcullis/dispatcher';
import { createToolServer, type ToolServer, type ToolServerOptions } from '@portcullis/server';
import { definitionOf } from './forward.ts';
import { type RunningCall, relayUpstreamLog, relayUpstreamRequest } from './relay-input.ts';

/** Where an upstream is: a command to start (stdio) or a URL (Streamable HTTP). */
export type UpstreamSpec =
  | {
      readonly command: string;
      readonly args?: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
      /** Prefixed to every tool name of this upstream (default none). */
      readonly prefix?: string;
      /**
       * `legacy` (the default for a command) speaks the 2025 era only; `auto` asks for 2026-07-28
       * first. The client's probe then costs a command that speaks only the 2025 era a second
       * start, which is why it is not the default here.
       */
      readonly era?: 'auto' | 'legacy';
    }
  | {
      readonly url: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly prefix?: string;
      /** `auto` (the default for a URL) asks for 2026-07-28 first; `legacy` speaks the 2025 era. */
      readonly era?: 'auto' | 'legacy';
    };

/** A tool of an upstream the gateway does not serve, and why. */
export interface LeftOut {
  readonly upstream: number;
  readonly tool: string;
  readonly reason: string;
}

/**
 * A served tool a `*` grant leaves out for one consumer: with the tools granted before it, the
 * consumer's inputs would state more than a dialect allows one request (its budget of optional
 * properties, say).
 */
export interface NotGranted {
  readonly consumer: string;
  readonly tool: string;
}

/** What a connected upstream holds. */
export interface Upstream {
  readonly index: number;
  /** Replaced when a supervised command is started again; every tool reads it at call time. */
  client: Client;
  readonly prefix: string;
  /** The process id of the command, for a stdio upstream. */
  pid: number | undefined;
  /** The calls running on it now (kept across restarts), for the requests it sends the gateway. */
  readonly calls: Set<RunningCall>;
}

export interface GatewayOptions {
  readonly upstreams: readonly UpstreamSpec[];
  /** `leave-out` (default) serves the rest with a warning; `refuse` stops the start. */
  readonly onUnservable?: 'leave-out' | 'refuse';
  /** Called once per tool left out, with a line naming it. Default: a line on stderr. */
  readonly warn?: (line: string) => void;
  /** The tool server's options, but for the exposure (the gateway builds it). */
  readonly server: Omit<ToolServerOptions, 'exposure' | 'grants'> & {
    /** `{ [consumer]: toolNames[] | '*' }`; `*` grants every served tool. */
    readonly grants: Readonly<Record<string, readonly string[] | '*'>>;
  };
  /** How long a connection to an upstream may take (default 10 s). */
  readonly connectTimeoutMs?: number;
}

export interface Gateway {
  /**
   * The tool server over the served tools, as last built; serve it with `serveHttp` or
   * `serveStdio`, or with `serveGatewayHttp`, which follows every rebuild.
   */
  readonly server: ToolServer;
  /** The names served, in upstream order. */
  readonly served: readonly string[];
  /** The upstream tools left out, with their reasons. */
  readonly leftOut: readonly LeftOut[];
  /** The served tools a `*` grant does not give a consumer, past a dialect's budget. */
  readonly notGranted: readonly NotGranted[];
  /**
   * Calls `listener` with each new tool server, built when an upstream announces
   * `notifications/tools/list_changed` (the tool server's exposure is fixed, so a changed tool set
   * is a new server). A rebuild that fails keeps the last server and warns.
   */
  onRebuild(listener: (server: ToolServer) => void): void;
  /** Reads every upstream's tools again and builds a new tool server. */
  rebuild(): Promise<void>;
  /** The process id of each upstream's command (undefined for a URL), as now running. */
  readonly upstreamPids: readonly (number | undefined)[];
  /** Closes every upstream connection (and stops the commands it started). */
  close(): Promise<void>;
}

/** Thrown when the gateway cannot start: an upstream unreachable, or a tool it must refuse. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
}

/**
 * `fetch` with a signal of the request's own. The client transport passes its one long-lived
 * signal to every request it makes; `fetch` adds an abort listener to that signal per request and
 * removes it only once the request is garbage collected, so on a busy upstream thousands pile up
 * (each request then copies the list, and Node warns past 1,500). A signal that follows it,
 * made per request, takes those listeners instead and goes with its request.
 */
export const fetchOwnSignal: typeof fetch = (url, init) =>
  fetch(url, init?.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init);

function transportOf(spec: UpstreamSpec) {
  if ('url' in spec) {
    return new StreamableHTTPClientTransport(new URL(spec.url), {
      requestInit: { headers: { ...spec.headers } },
      fetch: fetchOwnSignal,
    });
  }
  return new StdioClientTransport({
    command: spec.command,
    args: [...(spec.args ?? [])],
    ...(spec.env === undefined ? {} : { env: { ...spec.env } }),
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stderr: 'ignore',
  });
}

async function connect(
  spec: UpstreamSpec,
  index: number,
  timeoutMs: number,
  onToolsChanged: () => void,
  onClosed: () => void,
  calls: Set<RunningCall>,
): Promise<Upstream> {
  const client = new Client(
    { name: 'portcullis-gateway', version: '0.0.0' },
    {
      // What the gateway can relay to a caller. A 2025-era upstream learns it at `initialize`; in
      // the 2026-07-28 era each call states what its own caller declared instead.
      capabilities: { elicitation: { form: {} }, sampling: {} },
      // `auto`: the newest era the upstream speaks, 2026-07-28 when it answers the probe.
      versionNegotiation: { mode: spec.era ?? ('url' in spec ? 'auto' : 'legacy') },
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => onToolsChanged() },
      },
    },
  );
  for (const method of ['elicitation/create', 'sampling/createMessage'] as const) {
    client.setRequestHandler(
      method,
      (request) => relayUpstreamRequest(calls, method, request.params) as never,
    );
  }
  client.setNotificationHandler('notifications/message', (notification) =>
    relayUpstreamLog(calls, notification.params),
  );
  const timer = AbortSignal.timeout(timeoutMs);
  const transport = transportOf(spec);
  try {
    await Promise.race([
      client.connect(transport),
      new Promise((_, reject) =>
        timer.addEventListener('abort', () => reject(new Error('timed out')), { once: true }),
      ),
    ]);
  } catch (cause) {
    await client.close().catch(() => undefined);
    throw new GatewayError(
      `Upstream ${index + 1} could not be connected to (${cause instanceof Error ? cause.message : 'unknown'}).`,
      { cause },
    );
  }
  client.onclose = onClosed;
  return {
    index,
    client,
    prefix: spec.prefix ?? '',
    pid: transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined,
    calls,
  };
}

/** Whether a definition passes the catalog's checks on its own; the catalog's code when not. */
function catalogVerdict(
  definition: AnyToolDefinition,
  options: GatewayOptions,
): string | undefined {
  let catalog: ReturnType<typeof createCatalog>;
  try {
    catalog = createCatalog({ tools: [definition] });
  } catch (error) {
    return `the catalog refuses it (${codeOf(error)})`;
  }
  // The tool server publishes it in every dialect (an enum past a dialect's limit, say, is
  // refused there): alone, so that one such tool is left out rather than failing the whole start.
  try {
    createToolServer({
      ...options.server,
      exposure: exposure(catalog, [definition.name]),
      grants: {},
    });
  } catch (error) {
    return `the tool server refuses it (${codeOf(error)})`;
  }
  return undefined;
}

/** The first pause before a stdio upstream that exited is started again. */
const FIRST_PAUSE_MS = 500;
/** The longest pause, reached while it keeps failing. */
const LONGEST_PAUSE_MS = 30_000;
/** How long an upstream must stay up for its next restart to wait the first pause again. */
const STABLE_MS = 10_000;

/**
 * Connects to every upstream, reads its tools, and builds the tool server over those that can be
 * served exactly. Throws {@link GatewayError} when an upstream cannot be reached, when no tool can be
 * served, or, under `onUnservable: 'refuse'`, when one cannot.
 */
export async function createGateway(given: GatewayOptions): Promise<Gateway> {
  // One dispatcher for every tool server the gateway builds: a rebuild must not add its bounds
  // to those of the calls the servers before it still run.
  const dispatcher = given.server.dispatcher;
  const options: GatewayOptions = {
    ...given,
    server: {
      ...given.server,
      dispatcher:
        typeof (dispatcher as Partial<Dispatcher>).submit === 'function'
          ? dispatcher
          : createDispatcher(dispatcher as DispatcherOptions),
    },
  };
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const upstreams: Upstream[] = [];
  const closeAll = () => Promise.all(upstreams.map((u) => u.client.close().catch(() => undefined)));
  const listeners: ((server: ToolServer) => void)[] = [];
  let state: Built | undefined;
  let closed = false;
  let building: Promise<void> = Promise.resolve();
  // A rebuild waiting for the one before it to end reads every upstream when it starts, so a
  // change announced meanwhile is in what it reads: a flood of announcements makes one rebuild
  // at a time, not one each.
  let waiting: Promise<void> | undefined;
  const rebuild = (): Promise<void> => {
    if (waiting !== undefined) return waiting;
    waiting = building = building.then(async () => {
      waiting = undefined;
      if (closed) return;
      try {
        state = await build(upstreams, options, warn);
      } catch (error) {
        warn(`The upstream tools changed but cannot be served: ${(error as Error).message}`);
        return;
      }
      for (const listener of listeners) listener(state.server);
    });
    return building;
  };
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const changed = () => {
    if (state !== undefined) void rebuild();
  };
  // A command that exits is started again (after a pause that doubles up to 30 s while it keeps
  // failing) and its tools read again; a URL's connection is not reopened.
  // An upstream that dies within STABLE_MS of its start counts as still failing: the pause goes
  // on doubling, so one that exits right after each start is not restarted every half second.
  const supervise = (spec: UpstreamSpec, index: number) => {
    let pause = FIRST_PAUSE_MS;
    let upSince = Date.now();
    const restart = async (): Promise<void> => {
      if (closed || 'url' in spec) return;
      if (Date.now() - upSince >= STABLE_MS) pause = FIRST_PAUSE_MS;
      warn(`Upstream ${index + 1} stopped; starting it again.`);
      const wait = pause;
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (closed) return;
      try {
        const upstream = upstreams[index] as Upstream;
        const next = await connect(
          spec,
          index,
          timeoutMs,
          changed,
          () => void restart(),
          upstream.calls,
        );
        upstream.client = next.client;
        upstream.pid = next.pid;
        upSince = Date.now();
        await rebuild();
      } catch {
        void restart();
      }
    };
    return () => void restart();
  };
  try {
    for (const [index, spec] of options.upstreams.entries()) {
      upstreams.push(
        await connect(spec, index, timeoutMs, changed, supervise(spec, index), new Set()),
      );
    }
    state = await build(upstreams, options, warn);
  } catch (error) {
    closed = true;
    await closeAll();
    throw error;
  }
  return {
    get server() {
      return (state as Built).server;
    },
    get served() {
      return (state as Built).served;
    },
    get leftOut() {
      return (state as Built).leftOut;
    },
    get notGranted() {
      return (state as Built).notGranted;
    },
    onRebuild(listener) {
      listeners.push(listener);
    },
    rebuild,
    get upstreamPids() {
      return upstreams.map((upstream) => upstream.pid);
    },
    close: async () => {
      closed = true;
      await closeAll();
    },
  };
}

interface Built {
  readonly server: ToolServer;
  readonly served: readonly string[];
  readonly leftOut: readonly LeftOut[];
  readonly notGranted: readonly NotGranted[];
}

/** The code of a refusal of the catalog or the tool server, or `unknown`. */
function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown';
}

/** A result schema that takes what the upstream sent as it is: each tool is judged here instead. */
const AS_SENT = {
  '~standard': { version: 1, vendor: 'portcullis', validate: (value: unknown) => ({ value }) },
} as const;

/** The most pages of `tools/list` read from one upstream. */
const MOST_PAGES = 100;

/**
 * The upstream's tools. The client's own reading comes first; when it refuses the list as a whole
 * (one malformed tool is enough), the pages are read again as sent, so each tool is served or left
 * out on its own, with its reason.
 */
async function toolsOf(client: Client): Promise<unknown[]> {
  try {
    return (await client.listTools()).tools;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'INVALID_RESULT') throw error;
  }
  const tools: unknown[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MOST_PAGES; page += 1) {
    const result = (await client.request(
      { method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) },
      AS_SENT as never,
    )) as { tools?: unknown; nextCursor?: unknown };
    if (!Array.isArray(result.tools)) throw new GatewayError('An upstream listed no tools array.');
    tools.push(...result.tools);
    if (typeof result.nextCursor !== 'string') return tools;
    cursor = result.nextCursor;
  }
  throw new GatewayError(`An upstream listed more than ${MOST_PAGES} pages of tools.`);
}

/** Why a listed tool is not one the protocol defines, or undefined when it is one. */
function malformed(tool: unknown): string | undefined {
  if (typeof tool !== 'object' || tool === null || Array.isArray(tool))
    return 'it is not an object';
  const { name, inputSchema } = tool as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return 'it has no name';
  if (typeof inputSchema !== 'object' || inputSchema === null) return 'it has no input schema';
  return undefined;
}

/** Reads every upstream's tools and builds the tool server over those that can be served. */
async function build(
  upstreams: readonly Upstream[],
  options: GatewayOptions,
  warn: (line: string) => void,
): Promise<Built> {
  const definitions: AnyToolDefinition[] = [];
  const leftOut: LeftOut[] = [];
  const names = new Set<string>();
  for (const upstream of upstreams) {
    for (const listed of await toolsOf(upstream.client)) {
      const wrong = malformed(listed);
      if (wrong !== undefined) {
        const named = (listed as { name?: unknown } | null)?.name;
        leftOut.push({
          upstream: upstream.index,
          tool: typeof named === 'string' ? named : '',
          reason: `its definition is not one MCP defines: ${wrong}`,
        });
        continue;
      }
      const tool = listed as Record<string, unknown>;
      const name = `${upstream.prefix}${String(tool['name'])}`;
      const built = definitionOf(upstream, tool);
      let reason = 'reason' in built ? built.reason : catalogVerdict(built.definition, options);
      if (reason === undefined && names.has(name))
        reason = 'another upstream tool has the same name';
      if (reason !== undefined || !('definition' in built)) {
        leftOut.push({
          upstream: upstream.index,
          tool: String(tool['name']),
          reason: reason ?? '',
        });
        continue;
      }
      names.add(name);
      definitions.push(built.definition);
    }
  }
  for (const out of leftOut) {
    warn(
      `Upstream ${out.upstream + 1}: the tool ${JSON.stringify(out.tool)} is left out: ${out.reason}.`,
    );
  }
  if (leftOut.length > 0 && options.onUnservable === 'refuse') {
    throw new GatewayError(
      `${leftOut.length} upstream tool(s) cannot be served exactly; not starting.`,
    );
  }
  if (definitions.length === 0) throw new GatewayError('No upstream tool can be served.');
  const catalog = createCatalog({ tools: definitions });
  const served = definitions.map((d) => d.name);
  const grants: Record<string, string[]> = {};
  for (const [consumer, tools] of Object.entries(options.server.grants)) {
    grants[consumer] = tools === '*' ? [...served] : tools.filter((t) => served.includes(t));
  }
  const shown = exposure(catalog, served);
  const serverOf = (given: Record<string, string[]>) =>
    createToolServer({ ...options.server, exposure: shown, grants: given });
  const notGranted: NotGranted[] = [];
  let server: ToolServer;
  try {
    server = serverOf(grants);
  } catch (error) {
    if (codeOf(error) !== 'BUDGET_EXCEEDED') throw error;
    // The tools a `*` grant names together state more than a dialect allows one request: the
    // consumer is granted the served tools in upstream order while they fit, and told which not.
    // A grant that names its tools is the operator's to shorten; it still fails the start.
    for (const [consumer, tools] of Object.entries(options.server.grants)) {
      if (tools !== '*') continue;
      const kept: string[] = [];
      for (const tool of served) {
        try {
          serverOf({ [consumer]: [...kept, tool] });
          kept.push(tool);
        } catch (refused) {
          if (codeOf(refused) !== 'BUDGET_EXCEEDED') throw refused;
          notGranted.push({ consumer, tool });
        }
      }
      grants[consumer] = kept;
    }
    server = serverOf(grants);
  }
  for (const out of notGranted) {
    warn(
      `The consumer ${JSON.stringify(out.consumer)} is not granted ${JSON.stringify(out.tool)}: with the tools granted before it, its inputs would state more than a dialect allows one request.`,
    );
  }
  return { server, served, leftOut, notGranted };
}
