/**
 * The HTTP host on `node:http`. Before the SDK sees a request the host judges what the SDK would
 * otherwise echo or trust (`Host`, `Origin`, `MCP-Protocol-Version`, the path, the method, the media
 * type), reads the body within a byte limit, decodes it strictly and checks its envelopes, resolves
 * the consumer from the bearer token and reads the `dialect` query parameter; then it hands the
 * parsed body to the SDK's Streamable HTTP transport. Stateless (one SDK server behind the request
 * router) unless sessions are asked for (one SDK server per session). A client that goes away
 * before its answer has its calls cancelled and its transport closed.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { ConsumerResolver } from '../../consumers.ts';
import { HTTP_TEXTS } from '../../http-texts.ts';
import { JSON_RPC_ERROR_CODES } from '../../texts.ts';
import { internalsOf, type ToolServer } from '../../tool-server.ts';
import { HOST_FACTS_KEY, type HostFacts } from '../connection.ts';
import type { Interposer } from '../interposer.ts';
import {
  classify,
  isRequestId,
  notJsonRpcAnswer,
  parseErrorAnswer,
  type RequestId,
  sdkParses,
  unparseableRequestAnswer,
} from '../jsonrpc.ts';
import { decodeStrict } from '../siblings/decoder.ts';
import { writeJson } from '../write-json.ts';
import { readBody } from './body.ts';
import { RequestRouter } from './router.ts';
import { sdkTransport, webRequest, writeResponse } from './web.ts';

/** How the host judges requests. */
export interface HostSettings {
  readonly consumers: ConsumerResolver;
  readonly sessions: boolean;
  readonly path: string;
  readonly maxBodyBytes: number;
  readonly allowedOrigins: readonly string[] | undefined;
  readonly allowedHosts: readonly string[] | undefined;
  readonly protection: boolean;
}

/** A request handler for `node:http`, and how to close everything it opened. */
export interface HostHandler {
  (req: IncomingMessage, res: ServerResponse): void;
  close(): Promise<void>;
}

const MAX_BATCH = 100;

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
  const version = header(req, 'mcp-protocol-version');
  if (version !== undefined && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    return [400, HTTP_TEXTS.unsupportedVersion(SUPPORTED_PROTOCOL_VERSIONS)];
  }
  return undefined;
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
  const match = /^Bearer[ \t]+([^ \t]+)[ \t]*$/i.exec(header(req, 'authorization') ?? '');
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
 * message) or refused whole (a batch). Yields the request ids the body carries.
 */
function judgeBody(
  body: unknown,
): { readonly ids: RequestId[] } | { readonly status: number; readonly answer: unknown } {
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
      return { status: 200, answer: unparseableRequestAnswer(envelope.id, envelope.method) };
    }
    if (envelope.kind === 'request' && isRequestId(envelope.id)) ids.push(envelope.id);
  }
  return { ids };
}

/** The SDK transport a request is handed to, and what to do when its connection closes. */
interface Transported {
  readonly sdk: WebStandardStreamableHTTPServerTransport;
  release(abandoned: boolean, ids: RequestId[]): void;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly interposer: Interposer;
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
        .connect(router, { consumer: undefined, dialect: undefined }, true)
        .then(({ interposer }) => {
          router.onabandon = (ids) => interposer.abandon(ids);
          connected = true;
          return interposer;
        });
  stateless?.catch(() => undefined);

  async function openSession(): Promise<WebStandardStreamableHTTPServerTransport> {
    let made: Session | undefined;
    const transport = sdkTransport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        if (made !== undefined) sessions.set(id, made);
      },
    });
    const { interposer, server: sdk } = await internals.connect(
      transport,
      { consumer: undefined, dialect: undefined },
      false,
    );
    made = { transport, interposer };
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
    let consumer = consumerOf(req, settings.consumers);
    if (typeof consumer !== 'string' && consumer !== undefined) consumer = await consumer;
    const facts: HostFacts = { consumer, dialect: requested.dialect };
    const authInfo: AuthInfo = {
      token: '',
      clientId: facts.consumer ?? '',
      scopes: [],
      extra: { [HOST_FACTS_KEY]: facts },
    };
    let parsedBody: unknown;
    let ids: RequestId[] = [];
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
      const judged = judgeBody(decoded.value);
      if ('answer' in judged) return answer(res, judged.status, judged.answer);
      parsedBody = decoded.value;
      ids = judged.ids;
    }
    const transport = connected ? perRequest() : await transportFor(req, res, parsedBody);
    if (transport === undefined) return;
    const { sdk, release } = transport;
    res.once('close', () => release(!res.writableFinished, ids));
    const response = await sdk.handleRequest(webRequest(req), {
      authInfo,
      ...(parsedBody === undefined ? {} : { parsedBody }),
    });
    await writeResponse(response, res);
  }

  /** The stateless server's transport for one request, routed through the request router. */
  function perRequest(): Transported {
    const sdk = sdkTransport({});
    router.attach(sdk as Transport);
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
  ): Promise<Transported | undefined> {
    if (stateless !== undefined) {
      await stateless;
      return perRequest();
    }
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
      const sdk = await openSession();
      return { sdk, release: () => undefined };
    }
    const session = sessions.get(id);
    if (session === undefined) {
      refuse(res, 404, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionNotFound);
      return undefined;
    }
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
    await Promise.all([...sessions.values()].map((session) => session.transport.close()));
    sessions.clear();
    await router.close();
  };
  return handler;
}
