/**
 * The door's judgements of one HTTP request, in the order a request meets them: its `Host` and
 * `Origin`, its path and `dialect` query parameter, its media type, its bearer token, a legacy
 * request's `MCP-Protocol-Version`, a modern request's standard headers against its body, and a
 * legacy body's envelopes. Each is pure but for writing a refusal; none keeps what the caller sent.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ConsumerResolver } from '../../consumers.ts';
import { HTTP_TEXTS } from '../../http-texts.ts';
import { JSON_RPC_ERROR_CODES } from '../../texts.ts';
import { isLegacyVersion, LEGACY_VERSIONS } from '../envelope.ts';
import {
  classify,
  errorAnswer,
  isObject,
  isRequestId,
  notJsonRpcAnswer,
  own,
  type RequestId,
  sdkParses,
  unparseableRequestAnswer,
} from '../jsonrpc.ts';
import { writeJson } from '../write-json.ts';

/** The most messages one legacy batch may hold. */
const MAX_BATCH = 100;

/** A refusal at the door: a JSON-RPC error with `id: null`, unless an answer has begun. */
export function refuse(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  extra: Record<string, string> = {},
): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...extra });
  res.end(writeJson({ jsonrpc: '2.0', id: null, error: { code, message } }));
}

/** A composed answer, or an empty body with `status` alone. */
export function answer(res: ServerResponse, status: number, body: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(writeJson(body));
}

/** A request header's (first) value. */
export function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first rule of `Host`, `Origin` and `MCP-Protocol-Version` the request breaks, as an answer. */
export function judgeHeaders(
  req: IncomingMessage,
  rules: HeaderRules,
): [number, string] | undefined {
  if (rules.hosts !== undefined) {
    const host = header(req, 'host')?.toLowerCase();
    if (host === undefined || !rules.hosts.has(host)) return [403, HTTP_TEXTS.hostNotAllowed];
  }
  const origin = header(req, 'origin');
  if (origin !== undefined && rules.origins !== undefined && !rules.origins.has(origin)) {
    return [403, HTTP_TEXTS.originNotAllowed];
  }
  return undefined;
}

/** A legacy request's `MCP-Protocol-Version` rule (the modern one is judged against the body). */
export function judgeLegacyVersion(req: IncomingMessage): [number, string] | undefined {
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && !isLegacyVersion(version)) {
    return [400, HTTP_TEXTS.unsupportedVersion(LEGACY_VERSIONS)];
  }
  return undefined;
}

const BASE64_NAME = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value in the revision's form: plain ASCII, or `=?base64?...?=` for anything else. */
export function headerText(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const encoded = BASE64_NAME.exec(value);
  if (encoded === null) return value;
  const bytes = Buffer.from(encoded[1]!, 'base64');
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  return text.includes('\uFFFD') ? undefined : text;
}

/**
 * True when a modern request's standard headers repeat its body: `MCP-Protocol-Version` the
 * envelope's revision, `Mcp-Method` the method, and for `tools/call`, `Mcp-Name` the tool's name.
 */
export function modernHeadersAgree(
  req: IncomingMessage,
  message: unknown,
  version: string,
): boolean {
  if (header(req, 'mcp-protocol-version') !== version) return false;
  const method = isObject(message) ? own(message, 'method') : undefined;
  if (typeof method !== 'string' || header(req, 'mcp-method') !== method) return false;
  if (method !== 'tools/call') return true;
  const params = own(message as Record<string, unknown>, 'params');
  const name = isObject(params) ? own(params, 'name') : undefined;
  return typeof name === 'string' && headerText(header(req, 'mcp-name')) === name;
}

/**
 * The `Host` and `Origin` values accepted, lower-cased once (hosts) rather than on every request;
 * `undefined` when any is. With protection on and no origin allowed, every `Origin` is refused.
 */
export interface HeaderRules {
  readonly hosts: ReadonlySet<string> | undefined;
  readonly origins: ReadonlySet<string> | undefined;
}

export function headerRules(settings: {
  readonly allowedHosts: readonly string[] | undefined;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly protection: boolean;
}): HeaderRules {
  const hosts =
    settings.allowedHosts !== undefined || settings.protection
      ? new Set((settings.allowedHosts ?? []).map((item) => item.toLowerCase()))
      : undefined;
  const origins =
    settings.allowedOrigins !== undefined
      ? new Set(settings.allowedOrigins)
      : settings.protection
        ? new Set<string>()
        : undefined;
  return { hosts, origins };
}

/** True when the request's media type is `application/json`. */
export function isJson(req: IncomingMessage): boolean {
  const type = header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

/** A resolved consumer name, or none for anything but a non-empty string. */
export function named(consumer: unknown): string | undefined {
  return typeof consumer === 'string' && consumer !== '' ? consumer : undefined;
}

/** The consumer of the bearer token; awaited only when the resolver answers with a promise. */
export function consumerOf(
  req: IncomingMessage,
  resolver: ConsumerResolver,
): string | undefined | Promise<string | undefined> {
  // More than one `Authorization` header names no one token: no consumer.
  const given = req.headersDistinct.authorization;
  if (given?.length !== 1) return undefined;
  const match = /^Bearer[ \t]+([^ \t]+)[ \t]*$/i.exec(given[0] ?? '');
  if (match === null) return undefined;
  try {
    const consumer = resolver.resolve(match[1]!);
    if (typeof (consumer as { then?: unknown } | undefined)?.then === 'function') {
      return Promise.resolve(consumer).then(named, () => undefined);
    }
    return named(consumer);
  } catch {
    return undefined;
  }
}

/** The request's path and its `dialect` query parameter. */
export function target(req: IncomingMessage): {
  readonly path: string;
  readonly dialect: string | undefined;
} {
  const raw = req.url ?? '/';
  const query = raw.indexOf('?');
  if (query === -1) return { path: raw, dialect: undefined };
  try {
    const url = new URL(raw, 'http://localhost');
    return { path: url.pathname, dialect: url.searchParams.get('dialect') ?? undefined };
  } catch {
    return { path: '', dialect: undefined };
  }
}

/**
 * The body's messages judged on their envelopes, then against the SDK's own message schema: what
 * the SDK's transport would refuse in its words is answered here in the interposer's (a single
 * message) or refused whole (a batch). A single `tools/call` the SDK could not parse goes on as the
 * same call with empty params, which the interposer answers with the constant answer through the
 * SDK's transport: framed, headed and sessioned exactly as an unknown tool's. A body that gives
 * two requests one id is refused whole. Yields the request ids the body carries, and the body to
 * hand on.
 */
export function judgeBody(
  body: unknown,
):
  | { readonly ids: RequestId[]; readonly body: unknown }
  | { readonly status: number; readonly answer: unknown } {
  const batch = Array.isArray(body);
  const messages = batch ? body : [body];
  if (batch && (body.length === 0 || body.length > MAX_BATCH)) {
    return { status: 400, answer: notJsonRpcAnswer(null) };
  }
  const ids: RequestId[] = [];
  for (const message of messages) {
    const envelope = classify(message);
    if (envelope.kind === 'invalid') {
      return { status: 400, answer: notJsonRpcAnswer(batch ? null : envelope.id) };
    }
    if (!sdkParses(envelope, message)) {
      if (batch) return { status: 400, answer: notJsonRpcAnswer(null) };
      if (envelope.kind !== 'request') return { status: 202, answer: undefined };
      if (envelope.method === 'tools/call' && isRequestId(envelope.id)) {
        const unreadable = { jsonrpc: '2.0', id: envelope.id, method: 'tools/call', params: {} };
        return { ids: [envelope.id], body: unreadable };
      }
      return { status: 200, answer: unparseableRequestAnswer(envelope.id, envelope.method) };
    }
    if (envelope.kind === 'request' && isRequestId(envelope.id)) {
      // Two requests of one body with one id would share the one answer stream the SDK's
      // transport keeps per id: refused whole, before the SDK sees either.
      if (ids.includes(envelope.id)) {
        return {
          status: 400,
          answer: errorAnswer(null, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.duplicateIds),
        };
      }
      ids.push(envelope.id);
    }
  }
  return { ids, body };
}
