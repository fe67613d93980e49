/**
 * @portcullis/server/http: the HTTP host. Any new export added here becomes public API;
 * `test/exports.test.ts` pins the surface.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CancelRelay } from './cancel-relay.ts';
import {
  type ConsumerResolver,
  createTokenResolver,
  hashToken,
  type TokenEntry,
} from './consumers.ts';
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';
import { DEFAULT_MAX_BODY_BYTES, DEFAULT_SESSION_LIMITS, HTTP_TEXTS } from './http-texts.ts';
import { hostAuthorization } from './internal/http/authorization.ts';
import { createHostHandler } from './internal/http/host.ts';
import type { TokenVerifier } from './internal/siblings/oauth.ts';
import type { ToolServer } from './tool-server.ts';

export type { CancelRelay, RelayedCancel } from './cancel-relay.ts';
export {
  type ConsumerResolver,
  createTokenResolver,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_SESSION_LIMITS,
  HTTP_TEXTS,
  hashToken,
  type TokenEntry,
};

/** How the HTTP host judges and routes requests. */
export interface HttpHandlerOptions {
  /**
   * Resolves the `Authorization: Bearer` token to a consumer; no token or an unknown one is no
   * consumer (which lists nothing). Give this or `authorization`, not both.
   */
  readonly consumers?: ConsumerResolver;
  /**
   * Serve as an OAuth 2.1 resource server instead: Protected Resource Metadata at its well-known
   * paths, every token verified before any MCP message is read, `401`/`403`/`503` with a
   * `WWW-Authenticate` challenge. Give this or `consumers`, not both.
   */
  readonly authorization?: HttpAuthorizationOptions;
  /**
   * The consumer a request without an `Authorization` header acts as (its grants apply), for a
   * deployment whose clients send no token. A token that does not verify is still `401` under
   * `authorization`, and no consumer under `consumers`. Without it, a request without a token is
   * `401` under `authorization`, and no consumer (which lists nothing) under `consumers`.
   */
  readonly anonymousConsumer?: string;
  /**
   * Legacy sessions (`Mcp-Session-Id`, one SDK server each) instead of the stateless default,
   * bounded by {@link DEFAULT_SESSION_LIMITS} or the limits given. Only an authenticated consumer
   * gets one; past a cap the oldest idle session is closed first, and none idle is `503`.
   */
  readonly sessions?: boolean | SessionOptions;
  /** The endpoint's path (default `/mcp`); every other path is 404. */
  readonly path?: string;
  /** The largest request body read, in bytes (default {@link DEFAULT_MAX_BODY_BYTES}); past it, 413. */
  readonly maxBodyBytes?: number;
  /**
   * The `Origin` values accepted; a request with another `Origin` is 403. Read when the handler is
   * made: changing the array afterwards changes nothing.
   */
  readonly allowedOrigins?: readonly string[];
  /**
   * The `Host` values accepted (compared lower-cased); a request naming another host is 403. Read
   * when the handler is made.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * Refuses every `Host` not allowed and every `Origin` not allowed (any `Origin` when none is).
   * `serveHttp` turns it on by default when it binds a loopback address.
   */
  readonly dnsRebindingProtection?: boolean;
  /**
   * Replicas of one stateless endpoint behind a balancer: a legacy `notifications/cancelled` that
   * names no call of this replica is published here, and one published by another replica
   * cancels the call it names here (same consumer, same id). Not with `sessions`: a session's
   * requests reach the replica that holds it (route them by `sessions.idPrefix`).
   */
  readonly cancelRelay?: CancelRelay;
}

/** How an endpoint serving as an OAuth 2.1 resource server authorizes requests. */
export interface HttpAuthorizationOptions {
  /**
   * Verifies each bearer token and names its consumer: a verifier of `@portcullis/oauth` (JWT
   * against the issuer's JWKS, RFC 7662 introspection, static tokens, or a chain of them).
   */
  readonly verifier: TokenVerifier;
  /**
   * This endpoint as clients name it in `resource` (RFC 8707) and tokens in `aud`: its absolute
   * URL, https (http only on loopback). The metadata is served at the paths RFC 9728 derives from
   * it, on this handler.
   */
  readonly resource: string;
  /** The issuers whose tokens are accepted, named in the metadata: at least one. */
  readonly authorizationServers: readonly string[];
  /** The scopes named in the metadata and in the challenge to a request without a token. */
  readonly scopesSupported?: readonly string[];
  /** The scopes every request needs; a verified token without one of them is `403 insufficient_scope`. */
  readonly requiredScopes?: readonly string[];
  /** The resource's name in the metadata. */
  readonly resourceName?: string;
}

/** The bounds of legacy sessions. */
export interface SessionOptions {
  /** The most sessions kept at once (default 1000). */
  readonly maxSessions?: number;
  /** The most sessions one consumer keeps at once (default 16). */
  readonly maxSessionsPerConsumer?: number;
  /** A session unused this long, with no call in flight, is closed (default 600). */
  readonly idleSeconds?: number;
  /**
   * Put before every session id this host mints, with a `.` (`r1.` then a UUID): 1 to 32 letters,
   * digits or `-`. Replicas behind one balancer each take their own, so the balancer can route a
   * session's requests to the replica that holds it (see `apps/reference/deploy/` of the repository).
   */
  readonly idPrefix?: string;
}

/** A `node:http` request handler serving one tool server, and how to close what it opened. */
export interface HttpHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  /** Closes every session and transport it opened (not the tool server). */
  close(): Promise<void>;
}

/** Where `serveHttp` listens, besides the handler's options. */
export interface ServeHttpOptions extends HttpHandlerOptions {
  /** The address to bind (default `127.0.0.1`). */
  readonly host?: string;
  /** The port (default 0: any free port). */
  readonly port?: number;
}

/** A listening HTTP host. */
export interface HttpHost {
  /** The endpoint's URL. */
  readonly url: URL;
  readonly port: number;
  /** Stops listening, closes every connection and transport (not the tool server). */
  close(): Promise<void>;
}

function invalid(option: string, message: string): ServerError {
  return new ServerError(SERVER_ERROR_CODES.INVALID_OPTIONS, message, { option });
}

function authorizationOf(options: HttpHandlerOptions) {
  const given = options.authorization;
  if (given === undefined) {
    if (typeof options.consumers?.resolve !== 'function') {
      throw invalid(
        'consumers',
        'The option `consumers` must be a consumer resolver (or give `authorization`).',
      );
    }
    return undefined;
  }
  if (options.consumers !== undefined) {
    throw invalid('authorization', 'Give the option `consumers` or `authorization`, not both.');
  }
  if (typeof given !== 'object' || given === null || typeof given.verifier?.verify !== 'function') {
    throw invalid(
      'authorization',
      'The option `authorization.verifier` must be a token verifier of @portcullis/oauth.',
    );
  }
  try {
    return hostAuthorization(given);
  } catch (cause) {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'The option `authorization` holds a resource, issuer or scope that is not of its kind.',
      { option: 'authorization', cause },
    );
  }
}

function checked(options: HttpHandlerOptions) {
  if (typeof options !== 'object' || options === null) {
    throw invalid('options', 'An HTTP host needs an options object.');
  }
  const authorization = authorizationOf(options);
  const anonymous: unknown = options.anonymousConsumer;
  if (anonymous !== undefined && (typeof anonymous !== 'string' || anonymous === '')) {
    throw invalid('anonymousConsumer', 'The option `anonymousConsumer` must be a consumer name.');
  }
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  if (!Number.isSafeInteger(limit) || limit <= 0) {
    throw invalid(
      'maxBodyBytes',
      'The option `maxBodyBytes` must be a positive whole number of bytes.',
    );
  }
  const path = options.path ?? '/mcp';
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw invalid('path', 'The option `path` must start with `/`.');
  }
  for (const option of ['allowedOrigins', 'allowedHosts'] as const) {
    const list: unknown = options[option];
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((item) => typeof item === 'string'))
    ) {
      throw invalid(option, `The option \`${option}\` must be an array of strings.`);
    }
  }
  const given = typeof options.sessions === 'object' && options.sessions !== null;
  const limits = {
    ...DEFAULT_SESSION_LIMITS,
    ...(given ? (options.sessions as SessionOptions) : {}),
  };
  for (const option of ['maxSessions', 'maxSessionsPerConsumer', 'idleSeconds'] as const) {
    const value = limits[option];
    if (!Number.isSafeInteger(value) || value <= 0) {
      throw invalid('sessions', `The session limit \`${option}\` must be a positive whole number.`);
    }
  }
  const prefix: unknown = given ? (options.sessions as SessionOptions).idPrefix : undefined;
  if (
    prefix !== undefined &&
    (typeof prefix !== 'string' || !/^[A-Za-z0-9-]{1,32}$/.test(prefix))
  ) {
    throw invalid(
      'sessions',
      'The session option `idPrefix` must be 1 to 32 letters, digits or `-`.',
    );
  }
  const relay: unknown = options.cancelRelay;
  if (
    relay !== undefined &&
    (typeof (relay as Partial<CancelRelay> | null)?.publish !== 'function' ||
      typeof (relay as Partial<CancelRelay> | null)?.subscribe !== 'function')
  ) {
    throw invalid(
      'cancelRelay',
      'The option `cancelRelay` must have `publish` and `subscribe` functions.',
    );
  }
  if (relay !== undefined && (options.sessions === true || given)) {
    throw invalid(
      'cancelRelay',
      'The option `cancelRelay` relays the cancels of stateless requests; with `sessions` a session’s requests reach the replica that holds it (route them by `sessions.idPrefix`).',
    );
  }
  return {
    consumers: authorization === undefined ? options.consumers : undefined,
    authorization,
    anonymousConsumer: anonymous as string | undefined,
    sessions: options.sessions === true || given,
    sessionLimits: limits,
    sessionIdPrefix: prefix as string | undefined,
    path,
    maxBodyBytes: limit,
    allowedOrigins: options.allowedOrigins,
    allowedHosts: options.allowedHosts,
    protection: options.dnsRebindingProtection === true,
    cancelRelay: relay as CancelRelay | undefined,
  };
}

/**
 * A request handler for a `node:http` server of your own. DNS-rebinding protection is off unless
 * asked for (the handler cannot know the address it is served on); give `allowedHosts` with it.
 */
export function createHttpHandler(server: ToolServer, options: HttpHandlerOptions): HttpHandler {
  return createHostHandler(server, checked(options));
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/**
 * Serves a tool server over Streamable HTTP on `host:port` (default `127.0.0.1`, any free port).
 * On a loopback address DNS-rebinding protection is on by default, accepting the loopback host
 * names with the bound port.
 */
export async function serveHttp(server: ToolServer, options: ServeHttpOptions): Promise<HttpHost> {
  const host = options.host ?? '127.0.0.1';
  const settings = checked(options);
  const listener = createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port ?? 0, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  const loopback = LOOPBACK.has(host);
  const protection = options.dnsRebindingProtection ?? loopback;
  const allowedHosts =
    options.allowedHosts ??
    (protection ? [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] : undefined);
  const handler = createHostHandler(server, { ...settings, protection, allowedHosts });
  listener.on('request', handler);
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${shown}:${port}${settings.path}`),
    port,
    async close() {
      await handler.close();
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    },
  };
}
