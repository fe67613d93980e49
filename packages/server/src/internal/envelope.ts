/**
 * The protocol revisions served, and the judgement of a modern request's `_meta` envelope: the
 * revision it names and the client capabilities it declares, read once per request. A legacy
 * (initialize-first) client never sends the envelope; a modern (stateless) client sends it on
 * every request. Nothing here echoes what the caller sent: a requested revision is handed back
 * only when it is a well-formed revision date.
 */
import { isObject, own } from './jsonrpc.ts';
import { LOG_LEVELS, type LogLevel } from './siblings/catalog.ts';

/** The stateless revisions: no `initialize`, the envelope on every request. */
export const MODERN_VERSIONS = Object.freeze(['2026-07-28'] as const);

/** The initialize-first revisions, newest first (the first is offered when a client names another). */
export const LEGACY_VERSIONS = Object.freeze([
  '2025-11-25',
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
] as const);

/** Every revision served, newest first. */
export const ALL_VERSIONS: readonly string[] = Object.freeze([
  ...MODERN_VERSIONS,
  ...LEGACY_VERSIONS,
]);

/** The `_meta` keys of the modern envelope. */
export const ENVELOPE_KEYS = Object.freeze({
  VERSION: 'io.modelcontextprotocol/protocolVersion',
  CAPABILITIES: 'io.modelcontextprotocol/clientCapabilities',
  CLIENT_INFO: 'io.modelcontextprotocol/clientInfo',
  LOG_LEVEL: 'io.modelcontextprotocol/logLevel',
} as const);

/** A revision date: the only shape of caller text an answer may carry back. */
export const REVISION_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Which generation of the protocol a message speaks. */
export type Era = 'legacy' | 'modern';

/** True for a revision of the modern era. */
export function isModernVersion(version: string): boolean {
  return (MODERN_VERSIONS as readonly string[]).includes(version);
}

/** True for a revision of the legacy era. */
export function isLegacyVersion(version: string): boolean {
  return (LEGACY_VERSIONS as readonly string[]).includes(version);
}

/** True when a message's params carry the modern envelope's version key (a modern claim). */
export function claimsModern(message: unknown): boolean {
  if (!isObject(message)) return false;
  const params = own(message, 'params');
  if (!isObject(params)) return false;
  const meta = own(params, '_meta');
  return isObject(meta) && Object.hasOwn(meta, ENVELOPE_KEYS.VERSION);
}

/** The revision a request's `params._meta` names, when it names one as a string; not judged. */
export function claimedVersion(params: unknown): string | undefined {
  const meta = isObject(params) ? own(params, '_meta') : undefined;
  const version = isObject(meta) ? own(meta, ENVELOPE_KEYS.VERSION) : undefined;
  return typeof version === 'string' ? version : undefined;
}

/** What a modern request's envelope declares, judged. */
export interface Envelope {
  readonly version: string;
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** The lowest level of log message this request wants; none when it names none. */
  readonly logLevel: LogLevel | undefined;
  /** The envelope keys as judged, to rebuild the request the SDK sees. */
  readonly meta: Readonly<Record<string, unknown>>;
}

/** The judgement of an envelope. */
export type EnvelopeJudgement =
  | { readonly ok: true; readonly envelope: Envelope }
  | { readonly ok: false; readonly reason: 'malformed' }
  | {
      readonly ok: false;
      readonly reason: 'unsupported';
      /** The requested revision, only when it is a well-formed revision date. */
      readonly requested: string | undefined;
    };

const MALFORMED = Object.freeze({ ok: false, reason: 'malformed' } as const);

/**
 * Judges the envelope of a modern request (its `params._meta`): a string revision this server
 * serves, an object of client capabilities, an optional known log level and an optional client
 * info object.
 */
export function judgeEnvelope(params: unknown): EnvelopeJudgement {
  const meta = isObject(params) ? own(params, '_meta') : undefined;
  if (!isObject(meta)) return MALFORMED;
  const version = own(meta, ENVELOPE_KEYS.VERSION);
  if (typeof version !== 'string') return MALFORMED;
  if (!isModernVersion(version)) {
    return {
      ok: false,
      reason: 'unsupported',
      requested: REVISION_DATE.test(version) ? version : undefined,
    };
  }
  const capabilities = own(meta, ENVELOPE_KEYS.CAPABILITIES);
  if (!isObject(capabilities)) return MALFORMED;
  const level = own(meta, ENVELOPE_KEYS.LOG_LEVEL);
  if (level !== undefined && !(LOG_LEVELS as readonly unknown[]).includes(level)) return MALFORMED;
  const info = own(meta, ENVELOPE_KEYS.CLIENT_INFO);
  if (info !== undefined && !isObject(info)) return MALFORMED;
  for (const name of ['sampling', 'elicitation', 'roots'] as const) {
    const declared = own(capabilities, name);
    if (declared !== undefined && !isObject(declared)) return MALFORMED;
  }
  const kept: Record<string, unknown> = {
    [ENVELOPE_KEYS.VERSION]: version,
    [ENVELOPE_KEYS.CAPABILITIES]: capabilities,
  };
  if (level !== undefined) kept[ENVELOPE_KEYS.LOG_LEVEL] = level;
  return {
    ok: true,
    envelope: {
      version,
      capabilities,
      logLevel: level as LogLevel | undefined,
      meta: kept,
    },
  };
}
