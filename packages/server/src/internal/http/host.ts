/**
 * The HTTP host on `node:http`. Before the SDK sees a request the host judges what the SDK would
 * otherwise echo or trust (`Host`, `Origin`, `MCP-Protocol-Version`, the path, the method, the media
 * type), reads the body within a byte limit, decodes it strictly and checks its envelopes, resolves
 * the consumer from the bearer token and reads the `dialect` query parameter; then it hands the
 * parsed body to the SDK's Streamable HTTP transport. Stateless (one SDK server behind the request
 * router) unless sessions are asked for (one SDK server per session). A client that goes away
 * before its answer has its calls cancelled and its transport closed.
 *
 * Longer than 400 lines: the door's judgements of both eras stand in the order a request meets
 * them, so one reading shows every refusal a caller can get before a message reaches the SDK;
 * splitting it by era is the next step once the legacy sessions move out.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  JSONRPCMessage,
  Transport,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import type { CancelRelay } from '../../cancel-relay.ts';
import type { ConsumerResolver } from '../../consumers.ts';
import { HTTP_TEXTS } from '../../http-texts.ts';
import type { Logger } from '../../logger.ts';
import { JSON_RPC_ERROR_CODES, SERVER_TEXTS } from '../../texts.ts';
import { internalsOf, type ToolServer } from '../../tool-server.ts';
import type { HostFacts } from '../connection.ts';
import {
  claimedVersion,
  claimsModern,
  isLegacyVersion,
  judgeEnvelope,
  LEGACY_VERSIONS,
  MODERN_VERSIONS,
} from '../envelope.ts';
import type { Interposer } from '../interposer.ts';
import { unsupportedVersionAnswer } from '../interposer.ts';
import {
  classify,
  errorAnswer,
  isObject,
  isRequestId,
  notJsonRpcAnswer,
  own,
  parseErrorAnswer,
  type RequestId,
  sdkParses,
  unparseableRequestAnswer,
} from '../jsonrpc.ts';
import { decodeStrict } from '../siblings/decoder.ts';
import { writeJson } from '../write-json.ts';
import { admit, challenge, type HostAuthorization, serveMetadata } from './authorization.ts';
import { readBody } from './body.ts';
import { CarriedFacts, carry } from './carried.ts';
import { Exchange, modernStatus } from './exchange.ts';
import { RequestRouter } from './router.ts';
import { sdkTransport, webRequest, writeResponse } from './web.ts';

/** How the host judges requests. */
export interface HostSettings {
  /** Who is calling, by static token; unused where `authorization` is set. */
  readonly consumers: ConsumerResolver | undefined;
  /** The resource server's door: metadata, bearer tokens verified, challenges. */
  readonly authorization: HostAuthorization | undefined;
  /** The consumer a request without an `Authorization` header acts as. */
  readonly anonymousConsumer: string | undefined;
  readonly sessions: boolean;
  readonly sessionLimits: {
    readonly maxSessions: number;
    readonly maxSessionsPerConsumer: number;
    readonly idleSeconds: number;
  };
  /** Put before every session id, with a `.`, so a balancer can route by replica. */
  readonly sessionIdPrefix: string | undefined;
  readonly path: string;
  readonly maxBodyBytes: number;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly protection: boolean;
  /** Carries a stateless legacy cancel to the replica running its call. */
  readonly cancelRelay: CancelRelay | undefined;
}

/** A request handler for `node:http`, and how to close everything it opened. */
export interface HostHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

const MAX_BATCH = 100;

/** How long a stopping host lets the answers of its stopped calls leave before it closes. */
const STOP_FLUSH_MS = 20;

const MODERN: ReadonlySet<string> = new Set(MODERN_VERSIONS);

function refuse(
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

function answer(res: ServerResponse, status: number, body: unknown): void {
  if (body === undefined) {
    res.writeHead(status);
    res.end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(writeJson(body));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The first rule of `Host`, `Origin` and `MCP-Protocol-Version` the request breaks, as an answer. */
function judgeHeaders(req: IncomingMessage, rules: HeaderRules): [number, string] | undefined {
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
function judgeLegacyVersion(req: IncomingMessage): [number, string] | undefined {
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && !isLegacyVersion(version)) {
    return [400, HTTP_TEXTS.unsupportedVersion(LEGACY_VERSIONS)];
  }
  return undefined;
}

const BASE64_NAME = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

/** A header value in the revision's form: plain ASCII, or `=?base64?...?=` for anything else. */
function headerText(value: string | undefined): string | undefined {
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
function modernHeadersAgree(req: IncomingMessage, message: unknown, version: string): boolean {
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
interface HeaderRules {
  readonly hosts: ReadonlySet<string> | undefined;
  readonly origins: ReadonlySet<string> | undefined;
}

function headerRules(settings: HostSettings): HeaderRules {
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

function isJson(req: IncomingMessage): boolean {
  const type = header(req, 'content-type')?.split(';')[0]?.trim().toLowerCase();
  return type === 'application/json';
}

function named(consumer: unknown): string | undefined {
  return typeof consumer === 'string' && consumer !== '' ? consumer : undefined;
}

/** The consumer of the bearer token; awaited only when the resolver answers with a promise. */
function consumerOf(
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
function target(req: IncomingMessage): {
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
 * SDK's transport: framed, headed and sessioned exactly as an unknown tool's. Yields the request
 * ids the body carries, and the body to hand on.
 */
function judgeBody(
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
    if (envelope.kind === 'request' && isRequestId(envelope.id)) ids.push(envelope.id);
  }
  return { ids, body };
}

/**
 * Wires the stateless router to a relay: a cancel naming no call here is published, and one
 * another replica published is matched here (by consumer and the id that consumer gave). What
 * the relay delivers is foreign: anything but a consumer name and a request id is dropped.
 */
function relayCancels(relay: CancelRelay, router: RequestRouter, logger: Logger): () => void {
  router.onunmatched = (consumer, requestId) => {
    Promise.resolve()
      .then(() => relay.publish({ consumer, requestId }))
      .catch(() => {
        logger.warn({ event: 'cancel_relay_failed' }, 'A cancel could not be relayed.');
      });
  };
  return relay.subscribe((cancel: unknown) => {
    const consumer = isObject(cancel) ? own(cancel, 'consumer') : undefined;
    const requestId = isObject(cancel) ? own(cancel, 'requestId') : undefined;
    if (typeof consumer !== 'string' || consumer === '' || !isRequestId(requestId)) return;
    router.cancelRelayed(consumer, requestId);
  });
}

/** The SDK transport a request is handed to, and what to do when its connection closes. */
interface Transported {
  readonly sdk: WebStandardStreamableHTTPServerTransport;
  release(abandoned: boolean, ids: RequestId[]): void;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly interposer: Interposer;
  /** The consumer that opened it: the only one it serves. */
  readonly consumer: string;
  /** When it last took a request (`performance.now()`). */
  lastUsed: number;
}

/** Builds the handler; see the module comment. */
export function createHostHandler(server: ToolServer, settings: HostSettings): HostHandler {
  const internals = internalsOf(server);
  const rules = headerRules(settings);
  const sessions = new Map<string, Session>();
  const router = new RequestRouter();
  const methods = settings.sessions ? ['POST', 'GET', 'DELETE'] : ['POST'];
  // Once the stateless server is connected, requests no longer wait on its connection.
  let connected = false;
  const stateless = settings.sessions
    ? undefined
    : internals
        .connect(router, { era: 'legacy', sessionless: true, facts: router })
        .then(({ interposer }) => {
          router.onabandon = (ids) => interposer.abandon(ids);
          connected = true;
          return interposer;
        });
  stateless?.catch(() => undefined);
  const relay = settings.cancelRelay;
  const unsubscribe =
    relay === undefined ? undefined : relayCancels(relay, router, internals.core.logger);
  // The modern era is stateless on every endpoint: one server behind its own request router.
  const modernRouter = new RequestRouter();
  const modern = internals
    .connect(modernRouter, { era: 'modern', sessionless: true, facts: modernRouter })
    .then(({ interposer }) => {
      modernRouter.onabandon = (ids) => interposer.abandon(ids);
      return interposer;
    });
  modern.catch(() => undefined);

  /**
   * A modern request: a `MCP-Protocol-Version` header that disagrees with the body's revision is
   * `-32020` before that revision's support is judged; then its envelope judged (`-32022` for a
   * revision not served, `-32602` for a malformed one), its standard headers judged against the
   * body (`-32020`), then handed to the
   * modern server through an exchange of its own. A notification is taken and answered `202`.
   */
  async function serveModern(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    facts: HostFacts,
  ): Promise<void> {
    const given = own(body as Record<string, unknown>, 'id');
    const id = isRequestId(given) ? given : null;
    const params = own(body as Record<string, unknown>, 'params');
    const headerVersion = header(req, 'mcp-protocol-version');
    const claimed = claimedVersion(params);
    if (headerVersion !== undefined && claimed !== undefined && headerVersion !== claimed) {
      return answer(
        res,
        400,
        errorAnswer(id, JSON_RPC_ERROR_CODES.HEADER_MISMATCH, SERVER_TEXTS.headerMismatch),
      );
    }
    const judged = judgeEnvelope(params);
    if (!judged.ok) {
      return answer(
        res,
        400,
        judged.reason === 'unsupported'
          ? unsupportedVersionAnswer(id, judged.requested)
          : errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_PARAMS, SERVER_TEXTS.malformedEnvelope),
      );
    }
    if (!modernHeadersAgree(req, body, judged.envelope.version)) {
      return answer(
        res,
        400,
        errorAnswer(id, JSON_RPC_ERROR_CODES.HEADER_MISMATCH, SERVER_TEXTS.headerMismatch),
      );
    }
    const envelope = classify(body);
    if (envelope.kind === 'invalid') {
      return answer(res, modernStatus(JSON_RPC_ERROR_CODES.INVALID_REQUEST), notJsonRpcAnswer(id));
    }
    await modern;
    const exchange = new Exchange(res);
    modernRouter.attach(exchange, facts);
    if (envelope.kind !== 'request') {
      exchange.onmessage?.(body as JSONRPCMessage);
      modernRouter.release(exchange, false);
      return answer(res, 202, undefined);
    }
    res.once('close', () => modernRouter.release(exchange, !exchange.done));
    exchange.onmessage?.(body as JSONRPCMessage);
  }

  const limits = settings.sessionLimits;
  const idleMs = limits.idleSeconds * 1000;

  function idle(session: Session): boolean {
    return session.interposer.connection.inflightCount === 0;
  }

  /** Closes the session unused longest among `candidates` that has no call in flight. */
  function evictOldestIdle(candidates: Iterable<Session>): boolean {
    let oldest: Session | undefined;
    for (const session of candidates) {
      if (idle(session) && (oldest === undefined || session.lastUsed < oldest.lastUsed)) {
        oldest = session;
      }
    }
    if (oldest === undefined) return false;
    const id = oldest.transport.sessionId;
    if (id !== undefined) sessions.delete(id);
    oldest.transport.close().catch(() => undefined);
    return true;
  }

  /** Room for one more session of `consumer`, evicting the oldest idle one where a cap is met. */
  function roomFor(consumer: string): boolean {
    const own = [...sessions.values()].filter((session) => session.consumer === consumer);
    if (own.length >= limits.maxSessionsPerConsumer && !evictOldestIdle(own)) return false;
    if (sessions.size >= limits.maxSessions && !evictOldestIdle(sessions.values())) return false;
    return true;
  }

  const sweep = settings.sessions
    ? setInterval(
        () => {
          const now = performance.now();
          for (const session of [...sessions.values()]) {
            if (now - session.lastUsed >= idleMs && idle(session)) evictOldestIdle([session]);
          }
        },
        Math.max(1000, Math.min(idleMs / 2, 60_000)),
      )
    : undefined;
  sweep?.unref();

  const prefix = settings.sessionIdPrefix;
  const newSessionId =
    prefix === undefined ? randomUUID : (): string => `${prefix}.${randomUUID()}`;

  async function openSession(consumer: string): Promise<WebStandardStreamableHTTPServerTransport> {
    let made: Session | undefined;
    const transport = sdkTransport({
      sessionIdGenerator: newSessionId,
      onsessioninitialized: (id) => {
        if (made !== undefined) sessions.set(id, made);
      },
    });
    const carrier = new CarriedFacts(transport);
    const { interposer, server: sdk } = await internals.connect(carrier, {
      era: 'legacy',
      sessionless: false,
      facts: carrier,
    });
    made = { transport, interposer, consumer, lastUsed: performance.now() };
    interposer.oncancel = (id) => transport.closeSSEStream(id);
    const previous = sdk.onclose;
    sdk.onclose = () => {
      previous?.();
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    return transport;
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const broken = judgeHeaders(req, rules);
    if (broken !== undefined)
      return refuse(res, broken[0], JSON_RPC_ERROR_CODES.INVALID_REQUEST, broken[1]);
    const requested = target(req);
    const auth = settings.authorization;
    if (auth?.metadataPaths.has(requested.path)) return serveMetadata(auth, req, res);
    if (requested.path !== settings.path) {
      return refuse(res, 404, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.notFound);
    }
    if (!methods.includes(req.method ?? '')) {
      return refuse(
        res,
        405,
        JSON_RPC_ERROR_CODES.INVALID_REQUEST,
        HTTP_TEXTS.methodNotAllowed(methods),
        {
          allow: methods.join(', '),
        },
      );
    }
    let consumer: string | undefined | Promise<string | undefined>;
    let scopes: readonly string[] | undefined;
    if (auth !== undefined) {
      const admitted = await admit(auth, req, settings.anonymousConsumer, internals.core.logger);
      if (!admitted.ok) return challenge(res, admitted.response);
      consumer = named(admitted.consumer);
      scopes = admitted.scopes;
    } else {
      consumer =
        req.headersDistinct.authorization === undefined
          ? settings.anonymousConsumer
          : consumerOf(req, settings.consumers!);
      if (typeof consumer !== 'string' && consumer !== undefined) consumer = await consumer;
    }
    const facts: HostFacts = {
      consumer,
      dialect: requested.dialect,
      ...(scopes === undefined ? {} : { scopes }),
      headers: req.headersDistinct,
    };
    let parsedBody: unknown;
    let ids: RequestId[] = [];
    if (req.method !== 'POST') {
      const legacyVersion = judgeLegacyVersion(req);
      if (legacyVersion !== undefined)
        return refuse(
          res,
          legacyVersion[0],
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          legacyVersion[1],
        );
    }
    if (req.method === 'POST') {
      if (!isJson(req))
        return refuse(
          res,
          415,
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          HTTP_TEXTS.unsupportedMediaType,
        );
      const bytes = await readBody(req, settings.maxBodyBytes);
      if (bytes === undefined) {
        return refuse(
          res,
          413,
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          HTTP_TEXTS.bodyTooLarge(settings.maxBodyBytes),
          {
            connection: 'close',
          },
        );
      }
      const decoded = decodeStrict(bytes);
      if (!decoded.ok)
        return answer(res, 400, parseErrorAnswer(decoded.refusal.code, decoded.refusal.offset));
      const version = header(req, 'mcp-protocol-version');
      if (!Array.isArray(decoded.value) && claimsModern(decoded.value)) {
        return serveModern(req, res, decoded.value, facts);
      }
      if (version !== undefined && MODERN.has(version)) {
        const given = isObject(decoded.value) ? own(decoded.value, 'id') : undefined;
        return answer(
          res,
          400,
          errorAnswer(
            isRequestId(given) ? given : null,
            JSON_RPC_ERROR_CODES.INVALID_PARAMS,
            SERVER_TEXTS.malformedEnvelope,
          ),
        );
      }
      const legacyVersion = judgeLegacyVersion(req);
      if (legacyVersion !== undefined)
        return refuse(
          res,
          legacyVersion[0],
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          legacyVersion[1],
        );
      const judged = judgeBody(decoded.value);
      if ('answer' in judged) return answer(res, judged.status, judged.answer);
      parsedBody = judged.body;
      ids = judged.ids;
    }
    const transport = connected
      ? perRequest(facts)
      : await transportFor(req, res, parsedBody, facts);
    if (transport === undefined) return;
    const { sdk, release } = transport;
    res.once('close', () => release(!res.writableFinished, ids));
    // A session's transport carries the request's facts to its interposer; the stateless
    // router was given them when the request's transport was attached.
    const response = await sdk.handleRequest(webRequest(req), {
      ...(settings.sessions ? { authInfo: carry(facts) } : {}),
      ...(parsedBody === undefined ? {} : { parsedBody }),
    });
    await writeResponse(response, res);
  }

  /** The stateless server's transport for one request, routed through the request router. */
  function perRequest(facts: HostFacts): Transported {
    const sdk = sdkTransport({});
    router.attach(sdk as Transport, facts);
    return {
      sdk,
      release: (abandoned) => {
        router.release(sdk as Transport, abandoned);
        if (abandoned) sdk.close().catch(() => undefined);
      },
    };
  }

  async function transportFor(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    facts: HostFacts,
  ): Promise<Transported | undefined> {
    if (stateless !== undefined) {
      await stateless;
      return perRequest(facts);
    }
    const consumer = facts.consumer;
    const id = header(req, 'mcp-session-id');
    if (id === undefined) {
      const opening =
        req.method === 'POST' &&
        classify(Array.isArray(body) ? body[0] : body).kind === 'request' &&
        (Array.isArray(body) ? body[0] : body)?.method === 'initialize';
      if (!opening) {
        refuse(res, 400, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionRequired);
        return undefined;
      }
      if (consumer === undefined) {
        refuse(res, 403, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionsNeedConsumer);
        return undefined;
      }
      if (!roomFor(consumer)) {
        refuse(res, 503, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionsFull);
        return undefined;
      }
      const sdk = await openSession(consumer);
      return { sdk, release: () => undefined };
    }
    const session = sessions.get(id);
    // Another consumer's session does not exist for this one.
    if (session === undefined || session.consumer !== consumer) {
      refuse(res, 404, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionNotFound);
      return undefined;
    }
    session.lastUsed = performance.now();
    return {
      sdk: session.transport,
      release: (abandoned, ids) => {
        if (abandoned) session.interposer.abandon(ids);
      },
    };
  }

  const handler = ((req: IncomingMessage, res: ServerResponse) => {
    serve(req, res).catch(() => {
      refuse(
        res,
        500,
        JSON_RPC_ERROR_CODES.INTERNAL_ERROR,
        'The server could not answer this request.',
      );
    });
  }) as HostHandler;
  handler.close = async () => {
    if (sweep !== undefined) clearInterval(sweep);
    unsubscribe?.();
    // Every call in flight is answered "server stopping" first, and its answer let out.
    const stopping = [
      modern.then((interposer) => interposer.stop()),
      ...(stateless === undefined ? [] : [stateless.then((interposer) => interposer.stop())]),
      ...[...sessions.values()].map((session) => session.interposer.stop()),
    ];
    await Promise.all(stopping).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_MS));
    await Promise.all([...sessions.values()].map((session) => session.transport.close()));
    sessions.clear();
    await router.close();
    await modernRouter.close();
  };
  return handler;
}
