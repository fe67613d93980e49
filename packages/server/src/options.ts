/** What a tool server is built from, and the checks that refuse a server that would be wrong. */
import { randomBytes } from 'node:crypto';
import type { Tracer } from '@opentelemetry/api';
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';
import type { Exposure, LogLevel } from './internal/siblings/catalog.ts';
import { LOG_LEVELS } from './internal/siblings/catalog.ts';
import {
  type ArtifactType,
  createDispatcher,
  type Dispatcher,
  type DispatcherOptions,
} from './internal/siblings/dispatcher.ts';
import type { RateLimiter } from './internal/siblings/limits.ts';
import type { Logger } from './logger.ts';

/** The longest deadline a Node timer keeps (2^31 - 1 ms). */
const MAX_TIMEOUT_MS = 2_147_483_647;

/** Which tools each consumer may list and call, by consumer name. */
export type Grants = Readonly<Record<string, readonly string[]>>;

/** How a tool server is built. */
export interface ToolServerOptions {
  /** The tools served (from the catalog's `exposure`); an empty exposure refuses to start. */
  readonly exposure: Exposure;
  /**
   * Which exposed tools each consumer may list and call. A consumer with no grants (and a request
   * with no consumer) sees nothing; a grant naming a tool the exposure lacks refuses to start.
   */
  readonly grants: Grants;
  /**
   * Which exposed tools each OAuth scope grants, to a consumer whose verified access token holds
   * it (the HTTP host under `authorization` verifies the token): a consumer may list and call its
   * `grants` and the tools of every scope its token holds, so a token's consumer needs no entry in
   * `grants` at all. A scope naming a tool the exposure lacks refuses to start.
   */
  readonly scopeGrants?: Grants;
  /** The deadline of every call, in milliseconds; past it the call's whole workflow is cancelled. */
  readonly callTimeoutMs: number;
  /** The dispatcher every call is submitted through, or the admission bounds of a new one. */
  readonly dispatcher: Dispatcher | DispatcherOptions;
  /** Text for the client at `initialize`, before the server's own paragraph on dialects and keys. */
  readonly instructions?: string;
  /** The server's log; default: JSON lines on standard error. */
  readonly logger?: Logger;
  /** The OpenTelemetry tracer; default: the global one (a no-op without an SDK installed). */
  readonly tracer?: Tracer;
  /** Artifact types whose instances get refs minted when a result reaches them. */
  readonly artifactTypes?: readonly ArtifactType[];
  /** The name and version the server announces at `initialize`. */
  readonly serverInfo?: { readonly name: string; readonly version: string };
  /** The lowest log level sent to a client that has not set one (default `info`). */
  readonly clientLogLevel?: LogLevel;
  /**
   * The key (at least 32 bytes) that signs and seals a modern call's `requestState`; every replica
   * serving one endpoint must share it. Default: a random key per process.
   */
  readonly requestStateKey?: Uint8Array | string;
  /** How long a `requestState` stays good, in seconds (default 600). */
  readonly requestStateTtlSeconds?: number;
  /** The `ttlMs` a modern `tools/list` result carries (default 0: do not cache). */
  readonly listTtlMs?: number;
  /**
   * The rate limiter of `@portcullis/limits` every call is checked against, once its consumer and
   * tool are known and granted and before the dispatcher admits it; a limited call is answered
   * with the limiter's constant text and `_meta["portcullis/retryAfterMs"]`. Default: no limit.
   */
  readonly rateLimiter?: RateLimiter;
}

/** The request-state key as bytes: the given one, or a random one. */
export function requestStateKeyOf(given: Uint8Array | string | undefined): Uint8Array {
  if (given === undefined) return randomBytes(32);
  const bytes = typeof given === 'string' ? Buffer.from(given, 'utf8') : given;
  if (!(bytes instanceof Uint8Array) || bytes.byteLength < 32) {
    throw invalid(
      'requestStateKey',
      'The option `requestStateKey` must be a string or bytes of at least 32 bytes.',
    );
  }
  return Uint8Array.from(bytes);
}

function invalid(option: string, message: string): ServerError {
  return new ServerError(SERVER_ERROR_CODES.INVALID_OPTIONS, message, { option });
}

/** Checks the scalar options; throws {@link ServerError} `INVALID_OPTIONS` naming the option. */
export function checkOptions(options: ToolServerOptions): void {
  if (typeof options !== 'object' || options === null) {
    throw invalid('options', 'createToolServer needs an options object.');
  }
  const timeout = options.callTimeoutMs;
  if (
    typeof timeout !== 'number' ||
    !Number.isFinite(timeout) ||
    timeout <= 0 ||
    timeout > MAX_TIMEOUT_MS
  ) {
    throw invalid(
      'callTimeoutMs',
      `The option \`callTimeoutMs\` is required: a positive number of milliseconds, at most ${MAX_TIMEOUT_MS}.`,
    );
  }
  const exposure = options.exposure as Partial<Exposure> | undefined;
  if (typeof exposure !== 'object' || exposure === null || !Array.isArray(exposure.entries)) {
    throw invalid('exposure', 'The option `exposure` must be an exposure made by the catalog.');
  }
  if (
    typeof options.grants !== 'object' ||
    options.grants === null ||
    Array.isArray(options.grants)
  ) {
    throw invalid('grants', 'The option `grants` must map consumer names to lists of tool names.');
  }
  const scopeGrants: unknown = options.scopeGrants;
  if (
    scopeGrants !== undefined &&
    (typeof scopeGrants !== 'object' || scopeGrants === null || Array.isArray(scopeGrants))
  ) {
    throw invalid(
      'scopeGrants',
      'The option `scopeGrants` must map OAuth scopes to lists of tool names.',
    );
  }
  if (options.clientLogLevel !== undefined && !LOG_LEVELS.includes(options.clientLogLevel)) {
    throw invalid(
      'clientLogLevel',
      `The option \`clientLogLevel\` must be one of ${LOG_LEVELS.join(', ')}.`,
    );
  }
  for (const option of ['requestStateTtlSeconds', 'listTtlMs'] as const) {
    const value = options[option];
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
      throw invalid(option, `The option \`${option}\` must be a whole number, zero or more.`);
    }
  }
  if (
    options.rateLimiter !== undefined &&
    typeof (options.rateLimiter as Partial<RateLimiter> | null)?.check !== 'function'
  ) {
    throw invalid(
      'rateLimiter',
      'The option `rateLimiter` must be a rate limiter made by @portcullis/limits.',
    );
  }
  if (options.artifactTypes !== undefined && !Array.isArray(options.artifactTypes)) {
    throw invalid('artifactTypes', 'The option `artifactTypes` must be a list of artifact types.');
  }
}

/** The dispatcher the options name, made from bounds when bounds are given. */
export function dispatcherOf(given: Dispatcher | DispatcherOptions): Dispatcher {
  if (typeof given !== 'object' || given === null) {
    throw invalid('dispatcher', 'The option `dispatcher` must be a dispatcher or its bounds.');
  }
  if (typeof (given as Dispatcher).submit === 'function') return given as Dispatcher;
  try {
    return createDispatcher(given as DispatcherOptions);
  } catch (cause) {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'The option `dispatcher` holds bounds the dispatcher refuses.',
      { option: 'dispatcher', cause },
    );
  }
}

/** The grants as sets, every name checked against the exposure. */
export function grantsOf(
  grants: Grants,
  exposed: ReadonlySet<string>,
): Map<string, ReadonlySet<string>> {
  return namedSets(grants, exposed, 'consumer');
}

/** The scope grants as sets, every name checked against the exposure. */
export function scopeGrantsOf(
  grants: Grants | undefined,
  exposed: ReadonlySet<string>,
): Map<string, ReadonlySet<string>> {
  return grants === undefined ? new Map() : namedSets(grants, exposed, 'scope');
}

function namedSets(
  grants: Grants,
  exposed: ReadonlySet<string>,
  holder: 'consumer' | 'scope',
): Map<string, ReadonlySet<string>> {
  const option = holder === 'consumer' ? 'grants' : 'scopeGrants';
  const Holder = holder === 'consumer' ? 'Consumer' : 'Scope';
  const out = new Map<string, ReadonlySet<string>>();
  for (const name of Object.keys(grants)) {
    const names = grants[name];
    if (!Array.isArray(names) || !names.every((tool) => typeof tool === 'string')) {
      throw invalid(option, `The grants of ${holder} \`${name}\` must be a list of tool names.`);
    }
    for (const tool of names) {
      if (!exposed.has(tool)) {
        throw new ServerError(
          SERVER_ERROR_CODES.UNKNOWN_GRANT,
          `${Holder} \`${name}\` is granted tool \`${tool}\`, which the exposure does not hold. Expose the tool or remove the grant.`,
          { [holder]: name, tool },
        );
      }
    }
    out.set(name, new Set(names));
  }
  return out;
}
