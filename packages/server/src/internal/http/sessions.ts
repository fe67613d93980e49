/**
 * Legacy HTTP sessions, when a host asks for them: one SDK server per session, each behind its own
 * interposer, opened only by an `initialize` from a resolved consumer and serving that consumer
 * alone. Bounded: a global and a per-consumer cap (the oldest idle session is evicted to make
 * room; with none idle the new one is refused `503`), and idle sessions expire. A session id may
 * carry the replica's prefix, so a balancer can route by it.
 *
 * The SDK's transport keeps one answer stream per request id, so a session takes no request whose
 * id one of its requests still holds (`400`, before the SDK sees it). A request the client
 * cancels is never answered: the stream that carries it is ended once every other request on it
 * is answered or cancelled too, so the other answers of a batch still arrive.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { HTTP_TEXTS } from '../../http-texts.ts';
import { JSON_RPC_ERROR_CODES } from '../../texts.ts';
import type { ServerInternals } from '../../tool-server.ts';
import type { Interposer } from '../interposer.ts';
import { classify, errorAnswer, type RequestId } from '../jsonrpc.ts';
import { CarriedFacts } from './carried.ts';
import { answer, header, refuse } from './door.ts';
import { sdkTransport } from './web.ts';

/** The SDK transport a request is handed to, and what to do when its connection closes. */
export interface Transported {
  readonly sdk: WebStandardStreamableHTTPServerTransport;
  release(abandoned: boolean, ids: RequestId[]): void;
}

/** How sessions are bounded and named. */
export interface SessionSettings {
  readonly maxSessions: number;
  readonly maxSessionsPerConsumer: number;
  readonly idleSeconds: number;
  /** Put before every session id, with a `.`, so a balancer can route by replica. */
  readonly idPrefix: string | undefined;
}

/**
 * The requests of one POST still open: those awaiting their answer, and those cancelled. Once its
 * connection has closed (`released`), an id whose answer has not left stays held until it does,
 * so a later request reusing it never receives the abandoned request's answer.
 */
interface Posted {
  readonly pending: Set<RequestId>;
  readonly cancelled: RequestId[];
  /** The ids the SDK's transport handed on (a request it refused itself, say `406`, is not). */
  readonly delivered: Set<RequestId>;
  released: boolean;
}

interface Session {
  readonly transport: WebStandardStreamableHTTPServerTransport;
  readonly interposer: Interposer;
  /** The consumer that opened it: the only one it serves. */
  readonly consumer: string;
  /** When it last took a request (`performance.now()`). */
  lastUsed: number;
  /** Every request id its open POSTs hold, with the POST that holds it. */
  readonly open: Map<RequestId, Posted>;
}

/**
 * The POST's stream ends once nothing on it awaits an answer and something on it was cancelled.
 * The SDK's transport forgets a stream's requests only once each has an answer, and the SDK never
 * answers a cancelled one: so once the stream is closed, each cancelled id is given an answer the
 * transport cannot deliver, which makes it forget them all (a later request reusing one of their
 * ids would otherwise share their stale bookkeeping and lose its answer). That undeliverable
 * answer is expected, not an error to report.
 */
function endIfSettled(session: Session, posted: Posted): void {
  const cancelled = posted.cancelled[0];
  if (posted.pending.size > 0 || cancelled === undefined) return;
  const transport = session.transport;
  transport.closeSSEStream(cancelled);
  const onerror = transport.onerror;
  delete transport.onerror;
  try {
    for (const id of posted.cancelled) {
      transport.send({ jsonrpc: '2.0', id, result: {} }).catch(() => undefined);
    }
  } finally {
    if (onerror !== undefined) transport.onerror = onerror;
  }
}

function answered(session: Session, id: RequestId): void {
  const posted = session.open.get(id);
  if (posted === undefined || !posted.pending.delete(id)) return;
  if (posted.released) {
    session.open.delete(id);
    return;
  }
  endIfSettled(session, posted);
}

/**
 * The POST's connection has closed: every id it holds is freed but those the SDK took and has not
 * answered yet.
 */
function released(session: Session, posted: Posted, ids: readonly RequestId[]): void {
  posted.released = true;
  for (const id of ids) {
    if (session.open.get(id) !== posted) continue;
    if (!posted.pending.has(id) || !posted.delivered.has(id)) session.open.delete(id);
  }
}

function received(session: Session, id: RequestId): void {
  session.open.get(id)?.delivered.add(id);
}

function cancelled(session: Session, id: RequestId): void {
  const posted = session.open.get(id);
  if (posted === undefined || !posted.pending.delete(id)) return;
  posted.cancelled.push(id);
  endIfSettled(session, posted);
}

function idle(session: Session): boolean {
  return session.interposer.connection.inflightCount === 0;
}

function opensSession(req: IncomingMessage, body: unknown): boolean {
  const first = Array.isArray(body) ? body[0] : body;
  return (
    req.method === 'POST' &&
    classify(first).kind === 'request' &&
    (first as { method?: unknown }).method === 'initialize'
  );
}

/** See the module comment. */
export class SessionTable {
  readonly #internals: ServerInternals;
  readonly #settings: SessionSettings;
  readonly #sessions = new Map<string, Session>();
  /** Sessions being opened, by consumer: they count against the caps until they open or fail. */
  readonly #opening = new Map<string, number>();
  #openingCount = 0;
  readonly #sweep: ReturnType<typeof setInterval>;
  readonly #newId: () => string;

  constructor(internals: ServerInternals, settings: SessionSettings) {
    this.#internals = internals;
    this.#settings = settings;
    const prefix = settings.idPrefix;
    this.#newId = prefix === undefined ? randomUUID : (): string => `${prefix}.${randomUUID()}`;
    const idleMs = settings.idleSeconds * 1000;
    this.#sweep = setInterval(
      () => {
        const now = performance.now();
        for (const session of [...this.#sessions.values()]) {
          if (now - session.lastUsed >= idleMs && idle(session)) this.#evictOldestIdle([session]);
        }
      },
      Math.max(1000, Math.min(idleMs / 2, 60_000)),
    );
    this.#sweep.unref();
  }

  /**
   * The session transport a request goes to: a new session for an `initialize` (refused `403`
   * without a consumer, `503` when no room can be made), else the session its `Mcp-Session-Id`
   * names, which exists only for the consumer that opened it (`404` otherwise). Refused requests
   * are answered here and get `undefined`.
   */
  async transportFor(
    req: IncomingMessage,
    res: ServerResponse,
    body: unknown,
    consumer: string | undefined,
    ids: readonly RequestId[],
  ): Promise<Transported | undefined> {
    const id = header(req, 'mcp-session-id');
    if (id === undefined) {
      if (!opensSession(req, body)) {
        refuse(res, 400, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionRequired);
        return undefined;
      }
      if (consumer === undefined) {
        refuse(res, 403, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionsNeedConsumer);
        return undefined;
      }
      if (!this.#roomFor(consumer)) {
        refuse(res, 503, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionsFull);
        return undefined;
      }
      // The slot is held from here, so concurrent `initialize` requests cannot pass the caps.
      const settle = this.#reserve(consumer);
      let sdk: WebStandardStreamableHTTPServerTransport;
      try {
        sdk = await this.#open(consumer, settle);
      } catch (error) {
        settle();
        throw error;
      }
      return {
        sdk,
        // An `initialize` the SDK's transport refused opened no session: its server is closed.
        release: () => {
          settle();
          if (sdk.sessionId === undefined) sdk.close().catch(() => undefined);
        },
      };
    }
    const session = this.#sessions.get(id);
    // Another consumer's session does not exist for this one.
    if (session === undefined || session.consumer !== consumer) {
      refuse(res, 404, JSON_RPC_ERROR_CODES.INVALID_REQUEST, HTTP_TEXTS.sessionNotFound);
      return undefined;
    }
    const taken = ids.find((given) => session.open.has(given));
    if (taken !== undefined) {
      answer(
        res,
        400,
        errorAnswer(
          ids.length === 1 ? taken : null,
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          HTTP_TEXTS.duplicateIds,
        ),
      );
      return undefined;
    }
    session.lastUsed = performance.now();
    const posted: Posted = {
      pending: new Set(ids),
      cancelled: [],
      delivered: new Set(),
      released: false,
    };
    for (const given of ids) session.open.set(given, posted);
    return {
      sdk: session.transport,
      release: (abandoned) => {
        released(session, posted, ids);
        if (abandoned) session.interposer.abandon(ids);
      },
    };
  }

  /** Answers every call in flight in every session "server stopping". */
  stop(): Promise<void>[] {
    return [...this.#sessions.values()].map((session) => session.interposer.stop());
  }

  /** Closes every session and stops expiring them. */
  async close(): Promise<void> {
    clearInterval(this.#sweep);
    await Promise.all([...this.#sessions.values()].map((session) => session.transport.close()));
    this.#sessions.clear();
  }

  /** Closes the session unused longest among `candidates` that has no call in flight. */
  #evictOldestIdle(candidates: Iterable<Session>): boolean {
    let oldest: Session | undefined;
    for (const session of candidates) {
      if (idle(session) && (oldest === undefined || session.lastUsed < oldest.lastUsed)) {
        oldest = session;
      }
    }
    if (oldest === undefined) return false;
    const id = oldest.transport.sessionId;
    if (id !== undefined) this.#sessions.delete(id);
    oldest.transport.close().catch(() => undefined);
    return true;
  }

  /**
   * Room for one more session of `consumer`, evicting the oldest idle one where a cap is met.
   * Sessions still being opened count as open.
   */
  #roomFor(consumer: string): boolean {
    const sessions = this.#sessions;
    const own = [...sessions.values()].filter((session) => session.consumer === consumer);
    const opening = this.#opening.get(consumer) ?? 0;
    if (
      own.length + opening >= this.#settings.maxSessionsPerConsumer &&
      !this.#evictOldestIdle(own)
    ) {
      return false;
    }
    if (
      sessions.size + this.#openingCount >= this.#settings.maxSessions &&
      !this.#evictOldestIdle(sessions.values())
    ) {
      return false;
    }
    return true;
  }

  /** Holds a slot for a session of `consumer` being opened; the function given back frees it, once. */
  #reserve(consumer: string): () => void {
    this.#opening.set(consumer, (this.#opening.get(consumer) ?? 0) + 1);
    this.#openingCount += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.#openingCount -= 1;
      const left = (this.#opening.get(consumer) ?? 1) - 1;
      if (left === 0) this.#opening.delete(consumer);
      else this.#opening.set(consumer, left);
    };
  }

  /** Opens a session's transport and server; `opened` is told once the session is in the table. */
  async #open(
    consumer: string,
    opened: () => void,
  ): Promise<WebStandardStreamableHTTPServerTransport> {
    let made: Session | undefined;
    const transport = sdkTransport({
      sessionIdGenerator: this.#newId,
      onsessioninitialized: (id) => {
        if (made !== undefined) this.#sessions.set(id, made);
        opened();
      },
    });
    const carrier = new CarriedFacts(transport, {
      received: (id) => {
        if (made !== undefined) received(made, id);
      },
      answered: (id) => {
        if (made !== undefined) answered(made, id);
      },
    });
    const { interposer, server: sdk } = await this.#internals.connect(carrier, {
      era: 'legacy',
      sessionless: false,
      facts: carrier,
      onCancelled: (id) => {
        if (made !== undefined) cancelled(made, id);
      },
    });
    const session: Session = {
      transport,
      interposer,
      consumer,
      lastUsed: performance.now(),
      open: new Map(),
    };
    made = session;
    const previous = sdk.onclose;
    sdk.onclose = () => {
      previous?.();
      if (transport.sessionId !== undefined) this.#sessions.delete(transport.sessionId);
    };
    return transport;
  }
}
