/**
 * The HTTP host on `node:http`. Before the SDK sees a request the host judges what the SDK would
 * otherwise echo or trust (`Host`, `Origin`, `MCP-Protocol-Version`, the path, the method, the media
 * type), reads the body within a byte limit, decodes it strictly and checks its envelopes, resolves
 * the consumer from the bearer token and reads the `dialect` query parameter, and makes the
 * request's one `HostFacts`; then it hands the parsed body on: a modern request to the modern
 * server's router through an exchange of its own, a legacy one to the SDK's Streamable HTTP
 * transport, stateless (one SDK server behind the request router) unless sessions are asked for
 * (`sessions.ts`). The judgements themselves are in `door.ts`, in the order a request meets them.
 * A client that goes away before its answer has its calls cancelled and its transport closed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import type { CancelRelay } from '../../cancel-relay.ts';
import type { ConsumerResolver } from '../../consumers.ts';
import { HTTP_TEXTS } from '../../http-texts.ts';
import type { Logger } from '../../logger.ts';
import { JSON_RPC_ERROR_CODES, SERVER_TEXTS } from '../../texts.ts';
import { internalsOf, type ToolServer } from '../../tool-server.ts';
import type { HostFacts } from '../connection.ts';
import { claimedVersion, claimsModern, judgeEnvelope, MODERN_VERSIONS } from '../envelope.ts';
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
} from '../jsonrpc.ts';
import { decodeStrict } from '../siblings/decoder.ts';
import { admit, challenge, type HostAuthorization, serveMetadata } from './authorization.ts';
import { readBody } from './body.ts';
import { carry } from './carried.ts';
import {
  answer,
  consumerOf,
  header,
  headerRules,
  isJson,
  judgeBody,
  judgeHeaders,
  judgeLegacyVersion,
  modernHeadersAgree,
  named,
  refuse,
  target,
} from './door.ts';
import { Exchange, modernStatus } from './exchange.ts';
import { RequestRouter } from './router.ts';
import { SessionTable, type Transported } from './sessions.ts';
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

/** How long a stopping host lets the answers of its stopped calls leave before it closes. */
const STOP_FLUSH_MS = 20;

const MODERN: ReadonlySet<string> = new Set(MODERN_VERSIONS);

/** Publishes a cancel that names no call here, for the replica running it. */
function publishing(
  relay: CancelRelay,
  logger: Logger,
): (consumer: string, requestId: RequestId) => void {
  return (consumer, requestId) => {
    Promise.resolve()
      .then(() => relay.publish({ consumer, requestId }))
      .catch(() => {
        logger.warn({ event: 'cancel_relay_failed' }, 'A cancel could not be relayed.');
      });
  };
}

/**
 * Matches here, by consumer and the id that consumer gave, a cancel another replica published.
 * What the relay delivers is foreign: anything but a consumer name and a request id is dropped.
 */
function subscribed(relay: CancelRelay, router: RequestRouter): () => void {
  return relay.subscribe((cancel: unknown) => {
    const consumer = isObject(cancel) ? own(cancel, 'consumer') : undefined;
    const requestId = isObject(cancel) ? own(cancel, 'requestId') : undefined;
    if (typeof consumer !== 'string' || consumer === '' || !isRequestId(requestId)) return;
    router.cancelRelayed(consumer, requestId);
  });
}

/** Builds the handler; see the module comment. */
export function createHostHandler(server: ToolServer, settings: HostSettings): HostHandler {
  const internals = internalsOf(server);
  const rules = headerRules(settings);
  const sessions = settings.sessions
    ? new SessionTable(internals, {
        ...settings.sessionLimits,
        idPrefix: settings.sessionIdPrefix,
      })
    : undefined;
  const relay = settings.cancelRelay;
  const router = new RequestRouter(
    relay === undefined ? {} : { onunmatched: publishing(relay, internals.core.logger) },
  );
  const methods = settings.sessions ? ['POST', 'GET', 'DELETE'] : ['POST'];
  // Once the stateless server is connected, requests no longer wait on its connection.
  let connected = false;
  const stateless = settings.sessions
    ? undefined
    : internals
        .connect(router, { era: 'legacy', sessionless: true, facts: router, abandons: router })
        .then(({ interposer }) => {
          connected = true;
          return interposer;
        });
  stateless?.catch(() => undefined);
  const unsubscribe = relay === undefined ? undefined : subscribed(relay, router);
  // The modern era is stateless on every endpoint: one server behind its own request router.
  const modernRouter = new RequestRouter();
  const modern = internals
    .connect(modernRouter, {
      era: 'modern',
      sessionless: true,
      facts: modernRouter,
      abandons: modernRouter,
    })
    .then(({ interposer }) => interposer);
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
    if (stopping) return refuseStopping(res);
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

  // Set when the host starts to stop: a request that has not reached a server by then is refused.
  let stopping = false;
  const refuseStopping = (res: ServerResponse) =>
    refuse(res, 503, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.stopping, {
      connection: 'close',
    });

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (stopping) return refuseStopping(res);
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
    if (stopping) return refuseStopping(res);
    const transport = connected
      ? perRequest(facts)
      : await transportFor(req, res, parsedBody, facts, ids);
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
    ids: readonly RequestId[],
  ): Promise<Transported | undefined> {
    if (stateless !== undefined) {
      await stateless;
      return perRequest(facts);
    }
    return sessions!.transportFor(req, res, body, facts.consumer, ids);
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
    stopping = true;
    unsubscribe?.();
    // Every call in flight is answered "server stopping" first, and its answer let out.
    const stops = [
      modern.then((interposer) => interposer.stop()),
      ...(stateless === undefined ? [] : [stateless.then((interposer) => interposer.stop())]),
      ...(sessions?.stop() ?? []),
    ];
    await Promise.all(stops).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, STOP_FLUSH_MS));
    await sessions?.close();
    await router.close();
    await modernRouter.close();
  };
  return handler;
}
