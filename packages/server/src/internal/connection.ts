/**
 * The state of one connection the server is connected through: what its host resolved (the
 * consumer and dialect for every request of a stdio or in-memory connection), what the client
 * declared at `initialize`, the logging level it set, the requests in flight, and the requests the
 * server itself sent the client (sampling, elicitation), whose replies it takes before the SDK.
 */
import type { ClientCapability } from '../client-requests.ts';
import type { ParamHeaderSource } from './http/param-headers.ts';
import type { InputState } from './input-state.ts';
import type { OutboundMessage, RequestId } from './jsonrpc.ts';
import type { ServedTool } from './published.ts';
import type { LogLevel } from './siblings/catalog.ts';
import type { DialectName } from './siblings/dialects.ts';
import type { CancelReason } from './siblings/dispatcher.ts';
import type { JsonValue } from './siblings/schema.ts';

/**
 * What a host resolved for a request: the consumer (from credentials) and the dialect it names.
 * Made once by the host, for one HTTP request or for every message of one connection, and read
 * by the interposer alone.
 */
export interface HostFacts {
  readonly consumer: string | undefined;
  readonly dialect: string | undefined;
  /** The scopes of the request's verified access token, where the HTTP host verified one. */
  readonly scopes?: readonly string[];
  /** The request's headers, each name with all its values, where it came over HTTP. */
  readonly headers?: ParamHeaderSource;
}

/**
 * Where the interposer reads each request's facts: the HTTP host's request router and session
 * transports know them per request (the host resolved them from that request's credentials).
 * Without one, a connection's facts hold for every message it carries: whatever a transport puts
 * in a message's `authInfo` is never read.
 */
export interface FactsSource {
  /** The facts of the request the interposer is about to judge, by its id on this connection. */
  factsOf(id: RequestId): HostFacts | undefined;
}

/**
 * A host-side transport that sees a client go away before its requests are answered (the
 * stateless router): the interposer it is given to listens, and cancels those requests' calls.
 */
export interface AbandonSource {
  onabandon?: (ids: readonly RequestId[]) => void;
}

/** A `tools/list` the interposer judged, as its handler and the outbound filter read it. */
export interface ListRequest {
  readonly kind: 'list';
  readonly consumer: string | undefined;
  readonly scopes: readonly string[] | undefined;
  readonly dialect: DialectName;
}

/** What a modern (stateless) call brings with it instead of a connection's state. */
export interface ModernCall {
  /** The client capabilities its envelope declares. */
  readonly capabilities: Readonly<Record<string, unknown>>;
  /** The lowest log level it wants; none sends no log message. */
  readonly logLevel: LogLevel | undefined;
  /** The envelope keys, as judged. */
  readonly envelope: Readonly<Record<string, unknown>>;
  /** The client's answers so far (opened from `requestState`, with this round's `inputResponses`). */
  readonly state: InputState;
}

/** The W3C trace context of a request (`traceparent`, `tracestate` from its `_meta`). */
export interface TraceCarrier {
  readonly traceparent: string;
  readonly tracestate: string | undefined;
}

/** A request the tool makes of a modern client, carried in an `input_required` result. */
export interface InputRequest {
  readonly method: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/**
 * A `tools/call` the interposer admitted, as its handler reads it, and what cancels it: the cancel
 * state lives on the call itself (it is the connection's in-flight entry), so nothing is kept per
 * call beside it and nothing outlives it.
 */
export class CallRequest {
  readonly kind = 'call';
  readonly consumer: string;
  readonly dialect: DialectName;
  readonly tool: ServedTool;
  /** The arguments in canonical form, admitted by the gate twice. */
  readonly arguments: JsonValue;
  readonly progressToken: string | number | undefined;
  readonly connection: Connection;
  /** When the interposer received the call (`performance.now()`). */
  readonly receivedAt: number;
  /** Set for a call of the modern era. */
  readonly modern: ModernCall | undefined;
  /** How many times the tool asked the client (the keys `ask-1`, `ask-2`, ... of a modern call). */
  asks = 0;
  /** The keys of the answers a modern call's tool took: only these are sealed for its retry. */
  readonly answered = new Set<string>();
  /** The input a modern call's tool asked for and did not have: answered `input_required`. */
  pending: Record<string, InputRequest> | undefined = undefined;
  /** The first client capability a modern call's tool asked for and its request did not declare. */
  refusedCapability: ClientCapability | undefined = undefined;
  /** The capability the call is answered `-32021` for: refused, and the call did not recover. */
  missingCapability: ClientCapability | undefined = undefined;
  /** The W3C trace context the request carried in `_meta`, when well formed. */
  trace: TraceCarrier | undefined = undefined;
  #listener: ((reason: CancelReason) => void) | undefined = undefined;
  /** A cancel that came before the handler registered its listener. */
  #early: CancelReason | undefined = undefined;
  #released = false;

  constructor(
    consumer: string,
    dialect: DialectName,
    tool: ServedTool,
    args: JsonValue,
    progressToken: string | number | undefined,
    connection: Connection,
    receivedAt: number,
    modern?: ModernCall,
  ) {
    this.modern = modern;
    this.consumer = consumer;
    this.dialect = dialect;
    this.tool = tool;
    this.arguments = args;
    this.progressToken = progressToken;
    this.connection = connection;
    this.receivedAt = receivedAt;
  }

  /** The lowest level of log message the client wants for this call; none sends none. */
  get logLevel(): LogLevel | undefined {
    return this.modern === undefined ? this.connection.logLevel : this.modern.logLevel;
  }

  /**
   * Records input a modern call's tool needs from its client and stops the workflow: the call is
   * answered `input_required`, and the tool runs again from the start when the client retries.
   */
  requireInput(key: string, request: InputRequest): void {
    this.pending ??= {};
    this.pending[key] = request;
    this.cancel('client_cancel');
  }

  /**
   * Records that a modern call's tool asked for a capability its request did not declare. The tool
   * gets the `NOT_DECLARED` refusal and may take another way; only a call that then ends in failure
   * with no input to ask for is answered `-32021`.
   */
  requireCapability(capability: ClientCapability): void {
    this.refusedCapability ??= capability;
  }

  /**
   * Called once the tool has ended: a call that failed with no input to ask for, after its tool was
   * refused a capability, is answered `-32021` for that capability. True when it is.
   */
  settleCapability(failed: boolean): boolean {
    if (failed && this.pending === undefined) this.missingCapability = this.refusedCapability;
    return this.missingCapability !== undefined;
  }

  /** Registers what cancels the call's workflow; a cancel that came first is applied at once. */
  onCancel(listener: (reason: CancelReason) => void): void {
    if (this.#released) return;
    const early = this.#early;
    if (early !== undefined) {
      this.#early = undefined;
      listener(early);
      return;
    }
    this.#listener = listener;
  }

  /** Cancels the call (the connection calls this at most once per call, with the first reason). */
  cancel(reason: CancelReason): void {
    if (this.#released) return;
    const listener = this.#listener;
    if (listener === undefined) {
      this.#early = reason;
      return;
    }
    this.#listener = undefined;
    listener(reason);
  }

  /** Its handler has finished: a later cancel changes nothing. */
  release(): void {
    this.#released = true;
    this.#listener = undefined;
    this.#early = undefined;
  }
}

/** A request the interposer let through, until its answer leaves or it is cancelled. */
export type DelegatedRequest =
  | ListRequest
  | CallRequest
  /** A modern call held while its `requestState` opens, before it is delegated. */
  | { readonly kind: 'opening'; readonly tool: string; readonly consumer: string }
  | { readonly kind: 'other' };

/** The outcome of a request the server sent the client. */
export type ClientAnswer =
  | { readonly status: 'result'; readonly result: Readonly<Record<string, unknown>> }
  | { readonly status: 'error' }
  | { readonly status: 'cancelled' }
  | { readonly status: 'closed' };

/** What a connection is made with. */
export interface ConnectionOptions {
  /** The facts of every message that brings none of its own. */
  readonly host: HostFacts;
  /** True for a transport shared by many clients (stateless HTTP): nothing a client declares is kept. */
  readonly sessionless: boolean;
  /** The log level until the client sets one. */
  readonly logLevel: LogLevel;
}

interface Outgoing {
  send(message: OutboundMessage, options?: { relatedRequestId?: RequestId }): Promise<void>;
}

/** See the module comment. */
export class Connection {
  readonly host: HostFacts;
  /** True for a transport shared by many clients (stateless HTTP): nothing a client declares is kept. */
  readonly sessionless: boolean;
  capabilities: Readonly<Record<string, unknown>> | undefined;
  logLevel: LogLevel;
  /**
   * The requests in flight. A new, empty map replaces it whenever its last request leaves: a map
   * that lives long is old, and every rehash of an old map's table (each few additions and removals
   * of a small one) is allocated where only a full collection frees it; a map made afresh is young.
   */
  #inflight = new Map<RequestId, DelegatedRequest>();
  readonly #asked = new Map<string, (answer: ClientAnswer) => void>();
  #nextAsk = 0;
  #closed = false;
  readonly #out: Outgoing;

  constructor(out: Outgoing, options: ConnectionOptions) {
    this.#out = out;
    this.host = options.host;
    this.sessionless = options.sessionless;
    this.logLevel = options.logLevel;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** How many requests are in flight. */
  get inflightCount(): number {
    return this.#inflight.size;
  }

  /** True when a request with `id` is in flight. */
  isInflight(id: RequestId): boolean {
    return this.#inflight.has(id);
  }

  /** The request with `id` the interposer let through, while it is in flight (its handler reads it). */
  request(id: RequestId): DelegatedRequest | undefined {
    return this.#inflight.get(id);
  }

  /** Remembers a request let through, until {@link settle} or {@link cancel}. */
  track(id: RequestId, request: DelegatedRequest): void {
    this.#inflight.set(id, request);
  }

  /** Forgets the request with `id` (its answer is leaving) and hands it back, if it was in flight. */
  settle(id: RequestId): DelegatedRequest | undefined {
    const inflight = this.#inflight;
    const request = inflight.get(id);
    if (request === undefined) return undefined;
    inflight.delete(id);
    if (inflight.size === 0) this.#inflight = new Map();
    return request;
  }

  /** Cancels the workflow of the call with `id`, if one is in flight; true when a request was. */
  cancel(id: RequestId, reason: CancelReason): boolean {
    const request = this.settle(id);
    if (request?.kind === 'call') request.cancel(reason);
    return request !== undefined;
  }

  /** The calls in flight, by id: those admitted, and modern ones whose `requestState` opens. */
  calls(): [RequestId, CallRequest | Extract<DelegatedRequest, { kind: 'opening' }>][] {
    const found: [RequestId, CallRequest | Extract<DelegatedRequest, { kind: 'opening' }>][] = [];
    for (const [id, request] of this.#inflight)
      if (request.kind === 'call' || request.kind === 'opening') found.push([id, request]);
    return found;
  }

  /** Cancels every call in flight and abandons every request sent to the client. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const id of [...this.#inflight.keys()]) this.cancel(id, 'disconnect');
    for (const settle of [...this.#asked.values()]) settle({ status: 'closed' });
    this.#asked.clear();
  }

  /**
   * Sends the client a request on behalf of the call `relatedRequestId` and resolves with its
   * answer, taken from the inbound stream before the SDK sees it. Abandoned (and the client told
   * with `notifications/cancelled`) when `signal` aborts; never rejects.
   */
  ask(
    method: string,
    params: Readonly<Record<string, unknown>>,
    relatedRequestId: RequestId,
    signal: AbortSignal,
  ): Promise<ClientAnswer> {
    if (this.#closed) return Promise.resolve({ status: 'closed' });
    if (signal.aborted) return Promise.resolve({ status: 'cancelled' });
    this.#nextAsk += 1;
    const id = `portcullis-${this.#nextAsk}`;
    return new Promise<ClientAnswer>((resolve) => {
      const onAbort = () => {
        if (!this.#asked.delete(id)) return;
        resolve({ status: 'cancelled' });
        const notice = {
          jsonrpc: '2.0' as const,
          method: 'notifications/cancelled',
          params: { requestId: id, reason: 'The call that asked was cancelled.' },
        };
        this.#out.send(notice, { relatedRequestId }).catch(() => undefined);
      };
      this.#asked.set(id, (answer) => {
        signal.removeEventListener('abort', onAbort);
        resolve(answer);
      });
      signal.addEventListener('abort', onAbort, { once: true });
      this.#out
        .send({ jsonrpc: '2.0', id, method, params }, { relatedRequestId })
        .catch(() => this.#settleAsk(id, { status: 'closed' }));
    });
  }

  /** Takes the client's answer to a request the server sent; false when `id` is not one of them. */
  takeAnswer(id: RequestId, message: Readonly<Record<string, unknown>>): boolean {
    if (typeof id !== 'string' || !this.#asked.has(id)) return false;
    const result = Object.hasOwn(message, 'result') ? message.result : undefined;
    this.#settleAsk(
      id,
      typeof result === 'object' && result !== null && !Array.isArray(result)
        ? { status: 'result', result: result as Readonly<Record<string, unknown>> }
        : { status: 'error' },
    );
    return true;
  }

  #settleAsk(id: string, answer: ClientAnswer): void {
    const settle = this.#asked.get(id);
    if (settle === undefined) return;
    this.#asked.delete(id);
    settle(answer);
  }
}
