/**
 * Serves the opened app through `@portcullis/server`: one tool server over the exposed document
 * tools, with each consumer's grants and the rate limits from the config, then an HTTP host
 * (bearer tokens resolved through their SHA-256, or, under `authorization`, verified as the
 * issuer's access tokens; sessions so a client's cancel reaches its call; DNS-rebinding protection
 * on a loopback address) or a stdio host acting as the config's `stdio` consumer.
 */
import { createRateLimiter, type RateLimitStore } from '@portcullis/limits';
import { createRedisRateLimitStore } from '@portcullis/limits-redis';
import {
  createJwtVerifier,
  createStaticTokenVerifier,
  createVerifierChain,
  discoverAuthorizationServer,
  OAuthError,
  type TokenVerifier,
} from '@portcullis/oauth';
import { createToolServer, ServerError, type ToolServer } from '@portcullis/server';
import { type CancelRelay, createTokenResolver, serveHttp } from '@portcullis/server/http';
import { serveStdio } from '@portcullis/server/stdio';
import { Redis } from 'ioredis';
import type { ReferenceApp } from './app.ts';
import type { AppArguments } from './arguments.ts';
import { redisCancelRelay } from './cancel-relay.ts';
import {
  type AppConfig,
  type AuthorizationConfig,
  grantsOf,
  scopeGrantsOfConfig,
} from './config.ts';
import { StartupError } from './startup-error.ts';
import { DOCUMENT_ARTIFACT } from './tools/document-artifact.ts';

/** A running host. */
export interface Served {
  /** The MCP endpoint, for HTTP. */
  readonly url?: string;
  /** Resolves when the host ends by itself (stdio: the client closed the stream). */
  readonly closed: Promise<void>;
  /** Stops accepting, cancels every call in flight and closes the connections. */
  close(): Promise<void>;
}

const INSTRUCTIONS =
  'Document search over a folder of text and Markdown files. Find documents with `search_documents`, read one with `read_document` (its ref names that reading), tag them with `tag_documents`, count them with `corpus_stats`; `survey_corpus` runs sub-agents over every folder and takes minutes; `explain_query` explains how a query is read.';

/**
 * Builds the tool server of the app (every check of the contract happens here, at start); the rate
 * limits' buckets live in `store` when one is given (Redis, shared by replicas), else in memory.
 */
export function toolServerOf(app: ReferenceApp, store?: RateLimitStore): ToolServer {
  return createToolServer({
    exposure: app.exposure,
    grants: grantsOf(app.config, [...app.exposure.names]),
    ...scopeGrantsPart(app),
    callTimeoutMs: app.config.callTimeoutMs,
    dispatcher: { maxRunning: 16, maxQueued: 64 },
    artifactTypes: [DOCUMENT_ARTIFACT],
    serverInfo: { name: 'portcullis-reference', version: '0.0.0' },
    instructions: INSTRUCTIONS,
    ...(app.config.rateLimits === undefined
      ? {}
      : {
          rateLimiter: createRateLimiter({
            ...app.config.rateLimits,
            ...(store === undefined ? {} : { store, onStoreFailure: storeFailureNote() }),
          }),
        }),
  });
}

/**
 * The issuer's access tokens, verified against the keys its metadata names (fetched now, so a
 * wrong issuer stops the start), after the static tokens of the consumers that have one.
 */
async function verifierOf(
  config: AppConfig,
  authorization: AuthorizationConfig,
): Promise<TokenVerifier> {
  let jwksUri: string | undefined;
  try {
    ({ jwksUri } = await discoverAuthorizationServer(authorization.issuer));
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    throw new StartupError(
      `The authorization server ${authorization.issuer} cannot be used: ${error.message}`,
    );
  }
  if (jwksUri === undefined) {
    throw new StartupError(
      `The authorization server ${authorization.issuer} publishes no \`jwks_uri\`, so its access tokens cannot be verified.`,
    );
  }
  const jwt = createJwtVerifier({
    issuer: authorization.issuer,
    audience: authorization.resource,
    jwksUri,
    consumerClaim: authorization.consumerClaim,
  });
  const tokens = config.consumers.flatMap((consumer) =>
    consumer.tokenSha256 === undefined
      ? []
      : [{ consumer: consumer.name, tokenSha256: consumer.tokenSha256 }],
  );
  return tokens.length === 0
    ? jwt
    : createVerifierChain([createStaticTokenVerifier({ tokens }), jwt]);
}

/** How the HTTP host learns who calls: static tokens, or the resource server's door. */
async function accessOf(config: AppConfig) {
  const anonymous = config.anonymous === undefined ? {} : { anonymousConsumer: config.anonymous };
  const authorization = config.authorization;
  if (authorization === undefined) {
    const consumers = createTokenResolver(
      config.consumers.map((consumer) => ({
        consumer: consumer.name,
        tokenSha256: consumer.tokenSha256 as string,
      })),
    );
    return { consumers, ...anonymous };
  }
  return {
    authorization: {
      verifier: await verifierOf(config, authorization),
      resource: authorization.resource,
      authorizationServers: [authorization.issuer],
      ...(authorization.scopes === undefined ? {} : { scopesSupported: authorization.scopes }),
      ...(authorization.requiredScopes === undefined
        ? {}
        : { requiredScopes: authorization.requiredScopes }),
    },
    ...anonymous,
  };
}

/** The tools the config's scopes grant, as the tool server takes them. */
function scopeGrantsPart(app: ReferenceApp) {
  const scopeGrants = scopeGrantsOfConfig(app.config, [...app.exposure.names]);
  return scopeGrants === undefined ? {} : { scopeGrants };
}

/**
 * One line on stderr when the shared store fails (each such call is refused), at most one every
 * ten seconds: an outage would otherwise print a line per call.
 */
function storeFailureNote(): (error: unknown) => void {
  let last = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = performance.now();
    if (now - last < 10_000) return;
    last = now;
    const code = (error as { code?: unknown } | null)?.code;
    process.stderr.write(
      `${JSON.stringify({ level: 'warn', event: 'rate_limit_store_failed', code: typeof code === 'string' ? code : 'UNKNOWN', msg: 'The rate-limit store failed; calls are refused until it answers.' })}\n`,
    );
  };
}

/** The shared store of `--redis`, reached once now so that a wrong URL stops the start. */
async function redisStoreOf(
  url: string,
): Promise<{ readonly store: RateLimitStore; close(): Promise<void> }> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    lazyConnect: true,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch {
    client.disconnect();
    // The URL may carry a password: it is not repeated.
    throw new StartupError(REDIS_UNREACHABLE);
  }
  const store = createRedisRateLimitStore({ client });
  return {
    store,
    async close() {
      await store.close();
      await client.quit().catch(() => client.disconnect());
    },
  };
}

/**
 * Legacy sessions (ids prefixed by the replica's name behind a balancer), or with `--stateless`
 * none, cancels then relayed when a relay is given.
 */
function sessionsOf(args: AppArguments, relay: CancelRelay | undefined) {
  if (args.stateless)
    return { sessions: false, ...(relay === undefined ? {} : { cancelRelay: relay }) };
  return { sessions: args.replica === undefined ? true : { idPrefix: args.replica } };
}

/**
 * Behind a balancer, the `Host` clients send names the balancer: it is accepted beside this
 * process's own loopback names (DNS-rebinding protection stays on).
 */
function balancedHosts(args: AppArguments) {
  if (args.publicUrl === undefined) return {};
  const own =
    args.port === 0
      ? []
      : ['127.0.0.1', 'localhost', '[::1]'].map((name) => `${name}:${args.port}`);
  const url = new URL(args.publicUrl);
  // A balancer on a loopback address is reached by any of its loopback names.
  const loopback = ['127.0.0.1', 'localhost', '[::1]'];
  const publicPort = url.port === '' ? '' : `:${url.port}`;
  const names = loopback.includes(url.hostname)
    ? loopback.map((name) => `${name}${publicPort}`)
    : [url.host];
  return { allowedHosts: [...names, ...own] };
}

const REDIS_UNREACHABLE =
  'The Redis of `--redis` cannot be reached; check the URL and that it runs.';

/**
 * What `--redis` shares: the rate limits' buckets (when the config sets limits) and, with
 * `--stateless`, the cancel relay; `--redis` sharing nothing stops the start.
 */
async function redisSharesOf(app: ReferenceApp, args: AppArguments) {
  if (args.redis === undefined) return { store: undefined, relay: undefined };
  const relays = args.stateless && args.mode === 'http';
  if (app.config.rateLimits === undefined && !relays) {
    throw new StartupError(
      'The option `--redis` keeps the rate limits, and the config sets no `rateLimits`; add them, give `--stateless` (Redis then relays cancels), or leave `--redis` out.',
    );
  }
  const store = app.config.rateLimits === undefined ? undefined : await redisStoreOf(args.redis);
  let relay: Awaited<ReturnType<typeof redisCancelRelay>> | undefined;
  if (relays) {
    try {
      relay = await redisCancelRelay(args.redis);
    } catch {
      await store?.close();
      throw new StartupError(REDIS_UNREACHABLE);
    }
  }
  return { store, relay };
}

/** Serves `app` as `args` asks; a port in use or an address that cannot be bound is a StartupError. */
export async function serve(app: ReferenceApp, args: AppArguments): Promise<Served> {
  const redis = await redisSharesOf(app, args);
  const shared = redis.store;
  let server: ToolServer;
  try {
    server = toolServerOf(app, shared?.store);
  } catch (error) {
    await shared?.close();
    await redis.relay?.close();
    // A contract the server refuses (a dialect cannot render a tool, a budget is passed) stops the start.
    if (!(error instanceof ServerError)) throw error;
    const { tool, dialect } = error.details;
    const where = [tool && `tool \`${tool}\``, dialect && `dialect \`${dialect}\``].filter(Boolean);
    throw new StartupError(
      `The tools cannot be served${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${error.message}`,
    );
  }
  // The server first (its calls end), then the store they took tokens from.
  const closeServer = async () => {
    await server.close();
    await shared?.close();
    await redis.relay?.close();
  };
  if (args.mode === 'stdio') {
    if (app.config.stdio === undefined) {
      await closeServer();
      throw new StartupError(
        `The config file ${app.configFile} names no \`stdio\` consumer; add "stdio": "<consumer name>" to serve over stdio.`,
      );
    }
    const host = await serveStdio(server, { consumer: app.config.stdio });
    return {
      closed: host.closed,
      async close() {
        await host.close();
        await closeServer();
      },
    };
  }
  let access: Awaited<ReturnType<typeof accessOf>>;
  try {
    access = await accessOf(app.config);
  } catch (error) {
    await closeServer();
    throw error;
  }
  let host: Awaited<ReturnType<typeof serveHttp>>;
  try {
    host = await serveHttp(server, {
      host: args.host,
      port: args.port,
      ...access,
      ...sessionsOf(args, redis.relay?.relay),
      ...balancedHosts(args),
    });
  } catch (error) {
    await closeServer();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `The address ${args.host}:${args.port} is in use; choose another --port.`,
      );
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EACCES') {
      throw new StartupError(
        `The address ${args.host}:${args.port} cannot be listened on (${code}).`,
      );
    }
    throw error;
  }
  return {
    url: host.url.href,
    // An HTTP host ends only when it is closed.
    closed: new Promise<void>(() => {}),
    async close() {
      await host.close();
      await closeServer();
    },
  };
}
