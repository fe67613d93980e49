/**
 * The interposer: a transport decorator the SDK's `Server` connects to. Every inbound message is
 * judged here before the SDK sees it; what may pass is delegated (rebuilt from what was judged),
 * everything else is answered here in our words. Outbound, `tools/list` results are filtered to
 * the consumer's grants in the request's dialect and any error the SDK composed is replaced. It
 * never throws out of `onmessage`.
 *
 * Longer than 400 lines: the verdicts of both eras share the call path (constant answer, grants,
 * headers, gate, delegation), and keeping them in one file keeps that path readable in order.
 */
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { logsInfo } from '../logger.ts';
import {
  ALLOWED_METHODS,
  CORRECTABLE_META_KEY,
  JSON_RPC_ERROR_CODES,
  MODERN_ALLOWED_METHODS,
  SERVER_TEXTS,
} from '../texts.ts';
import {
  type AbandonSource,
  CallRequest,
  Connection,
  type DelegatedRequest,
  type FactsSource,
  type HostFacts,
  type ModernCall,
} from './connection.ts';
import type { ServerCore } from './core.ts';
import { ALL_VERSIONS, type Envelope, type Era, judgeEnvelope } from './envelope.ts';
import { judgeParamHeaders } from './http/param-headers.ts';
import type { InputState } from './input-state.ts';
import {
  classify,
  errorAnswer,
  isObject,
  isRequestId,
  methodNotFoundAnswer,
  notJsonRpcAnswer,
  type OutboundMessage,
  own,
  type RequestId,
  resultAnswer,
  unservableCallAnswer,
} from './jsonrpc.ts';
import {
  judgeArguments,
  judgeInitialize,
  judgeMeta,
  judgeSetLevel,
  readCallParams,
  resolveDialect,
} from './judge-request.ts';
import { errorFacts, shapeOf } from './shape.ts';
import { DIALECT_NAMES } from './siblings/dialects.ts';
import { CALL_OUTCOMES, type CallOutcome, recordAnswered, traceCarrierOf } from './tracing.ts';

type Params = Readonly<Record<string, unknown>> | undefined;
type RequestParams = Params | null;
type Extra = MessageExtraInfo | undefined;

const ALLOWED: ReadonlySet<string> = new Set(ALLOWED_METHODS);
const MODERN_ALLOWED: ReadonlySet<string> = new Set(MODERN_ALLOWED_METHODS);

const NO_ANSWERS: InputState = Object.freeze({ answers: Object.freeze({}), asked: [] });

/** The `-32022` answer: the supported revisions, and the requested one only when well formed. */
export function unsupportedVersionAnswer(id: RequestId | null, requested: string | undefined) {
  return {
    jsonrpc: '2.0' as const,
    id,
    error: {
      code: JSON_RPC_ERROR_CODES.UNSUPPORTED_VERSION,
      message: SERVER_TEXTS.unsupportedVersion(ALL_VERSIONS),
      data:
        requested === undefined
          ? { supported: [...ALL_VERSIONS] }
          : { supported: [...ALL_VERSIONS], requested },
    },
  };
}

/** How a connection is made: the host's facts for all its requests, and whether it is shared. */
export interface InterposerOptions {
  /** The facts of every request its {@link facts} source does not know (and of all, without one). */
  readonly host: HostFacts;
  readonly sessionless: boolean;
  /**
   * Each request's own facts (consumer, dialect, scopes, headers): given only by the HTTP host,
   * which resolved them from that request. Any other transport's messages are not ours to trust
   * (an application's auth middleware may fill their `authInfo` from a token's claims), so without
   * a source the connection's facts hold for every message.
   */
  readonly facts?: FactsSource;
  /** The era of every message: the modern one judges each request's envelope. */
  readonly era: Era;
  /** Tells the interposer of requests whose client went away; their calls are cancelled. */
  readonly abandons?: AbandonSource;
  /** Told the id of a request in flight the client cancelled (a host ends the stream it would be answered on). */
  readonly onCancelled?: (id: RequestId) => void;
}

/** See the module comment. */
export class Interposer implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly connection: Connection;
  readonly #inner: Transport;
  readonly #core: ServerCore;
  readonly #facts: FactsSource | undefined;
  readonly #modern: boolean;
  readonly #onCancelled: ((id: RequestId) => void) | undefined;
  /** Ids of the calls answered by {@link stop}. */
  readonly #stopped = new Set<RequestId>();
  /** Set by {@link stop}: a call that arrives after it is answered "server stopping" at once. */
  #stopping = false;

  constructor(inner: Transport, core: ServerCore, options: InterposerOptions) {
    this.#inner = inner;
    this.#core = core;
    this.#facts = options.facts;
    this.#modern = options.era === 'modern';
    this.#onCancelled = options.onCancelled;
    if (options.abandons !== undefined) {
      options.abandons.onabandon = (ids) => this.abandon(ids);
    }
    this.connection = new Connection(
      { send: (message, sendOptions) => this.#direct(message, sendOptions) },
      { host: options.host, sessionless: options.sessionless, logLevel: core.clientLogLevel },
    );
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.receive(message, extra);
    this.#inner.onclose = () => {
      this.connection.close();
      this.onclose?.();
    };
    this.#inner.onerror = (error) => this.onerror?.(error);
    await this.#inner.start();
  }

  async close(): Promise<void> {
    await this.#inner.close();
  }

  /**
   * The server is stopping: every call in flight is answered at once with a composed "server
   * stopping" tool result, then its workflow is cancelled; the SDK's late answers are dropped.
   */
  stop(): Promise<void> {
    this.#stopping = true;
    const sends: Promise<void>[] = [];
    for (const [id, call] of this.connection.calls()) {
      this.connection.settle(id);
      this.#stopped.add(id);
      const tool = call.kind === 'call' ? call.tool.name : call.tool;
      recordAnswered(this.#core.tracer, tool, call.consumer, CALL_OUTCOMES.STOPPED);
      sends.push(this.#direct(this.#stoppingAnswer(id)).catch(() => undefined));
      if (call.kind === 'call') call.cancel('disconnect');
    }
    return Promise.all(sends).then(() => undefined);
  }

  #stoppingAnswer(id: RequestId): OutboundMessage {
    return resultAnswer(
      id,
      this.#modernResult({
        content: [{ type: 'text', text: SERVER_TEXTS.serverStopping }],
        isError: true,
        _meta: { [CORRECTABLE_META_KEY]: false },
      }),
    );
  }

  /** A result the interposer composes, with the `resultType` the modern era puts on every one. */
  #modernResult(result: Record<string, unknown>): Record<string, unknown> {
    return this.#modern ? { ...result, resultType: 'complete' } : result;
  }

  /** Cancels the calls with these ids: their client went away (a host saw its connection close). */
  abandon(ids: readonly RequestId[]): void {
    for (const id of ids) this.connection.cancel(id, 'disconnect');
  }

  /**
   * Outbound from the SDK: filter listings, replace SDK-composed errors, then send. Not an `async`
   * method (it hands back the inner transport's own promise, with no wrapper per message); a throw
   * here still reaches the caller as a rejection.
   */
  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      const stopped = this.#stopped;
      if (stopped.size > 0) {
        const id = own(message as unknown as Readonly<Record<string, unknown>>, 'id');
        // A call the server answered itself when it stopped: the SDK's late answer is dropped.
        if (isRequestId(id) && stopped.delete(id)) return Promise.resolve();
      }
      return this.#inner.send(this.#outbound(message), options);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  #outbound(message: JSONRPCMessage): JSONRPCMessage {
    let out: JSONRPCMessage = message;
    const record = message as unknown as Readonly<Record<string, unknown>>;
    const id = own(record, 'id');
    const isResponse = Object.hasOwn(record, 'result') || Object.hasOwn(record, 'error');
    if (isResponse && isRequestId(id)) {
      const request = this.connection.settle(id);
      if (request?.kind === 'call' && request.missingCapability !== undefined) {
        const capability = request.missingCapability;
        out = {
          jsonrpc: '2.0',
          id,
          error: {
            code: JSON_RPC_ERROR_CODES.MISSING_CAPABILITY,
            message: SERVER_TEXTS.missingCapability(capability),
            data: { requiredCapabilities: { [capability]: {} } },
          },
        } as JSONRPCMessage;
      } else if (Object.hasOwn(record, 'error')) {
        this.#core.logger.warn(
          { event: 'sdk_error_replaced' },
          'An SDK error answer was replaced.',
        );
        out = errorAnswer(
          id,
          JSON_RPC_ERROR_CODES.INTERNAL_ERROR,
          SERVER_TEXTS.unanswerable,
        ) as JSONRPCMessage;
      } else if (request?.kind === 'list') {
        out = resultAnswer(
          id,
          this.#filterListing(request, own(record, 'result')),
        ) as JSONRPCMessage;
      }
    }
    return out;
  }

  /** Inbound: judge, then answer here or delegate. Never throws. */
  receive(message: unknown, extra: Extra): void {
    try {
      this.#receive(message, extra);
    } catch (error) {
      this.#core.logger.error(
        { event: 'interposer_defect', ...errorFacts(error) },
        'The interposer failed on an inbound message.',
      );
    }
  }

  #receive(message: unknown, extra: Extra): void {
    const envelope = classify(message);
    switch (envelope.kind) {
      case 'invalid':
        if (envelope.answer) this.#answer(notJsonRpcAnswer(envelope.id));
        return;
      case 'response':
        if (
          !this.connection.takeAnswer(envelope.id, message as Readonly<Record<string, unknown>>)
        ) {
          this.#deliver(message, extra);
        }
        return;
      case 'notification':
        this.#notification(envelope.method, envelope.params, message, extra);
        return;
      case 'request':
        this.#request(envelope.id, envelope.method, envelope.params, message, extra);
        return;
    }
  }

  #notification(method: string, params: Params, message: unknown, extra: Extra): void {
    if (!judgeMeta(params).ok) return;
    if (method === 'notifications/cancelled') {
      const requestId = params === undefined ? undefined : own(params, 'requestId');
      if (!isRequestId(requestId)) return;
      // A cancel naming no request in flight (one not yet arrived, or long answered) ends nothing
      // and is not handed on: the SDK would apply it to a request of that id it takes later.
      if (!this.connection.cancel(requestId, 'client_cancel')) return;
      this.#deliver(message, extra);
      this.#onCancelled?.(requestId);
      return;
    }
    this.#deliver(message, extra);
  }

  #request(
    id: RequestId,
    method: string,
    given: RequestParams,
    message: unknown,
    extra: Extra,
  ): undefined {
    if (this.#modern) return this.#modernRequest(id, method, given, extra);
    if (!ALLOWED.has(method)) return this.#answer(methodNotFoundAnswer(id));
    if (this.connection.isInflight(id)) {
      return this.#answer(
        errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_REQUEST, SERVER_TEXTS.duplicateId),
      );
    }
    const host = this.#hostFacts(id);
    if (method === 'tools/call')
      return this.#call(id, given ?? undefined, given === null, host, extra);
    if (given === null) return this.#invalidParams(id, SERVER_TEXTS.invalidParams(method));
    const params = given;
    const meta = judgeMeta(params);
    if (!meta.ok) return this.#invalidParams(id, SERVER_TEXTS.invalidMeta);
    switch (method) {
      case 'initialize': {
        if (!judgeInitialize(message))
          return this.#invalidParams(id, SERVER_TEXTS.invalidParams(method));
        const capabilities = own(params ?? {}, 'capabilities');
        if (!this.connection.sessionless && isObject(capabilities)) {
          this.connection.capabilities = capabilities;
        }
        return this.#delegate(id, { kind: 'other' }, message, extra);
      }
      case 'ping':
        return this.#delegate(id, { kind: 'other' }, { jsonrpc: '2.0', id, method }, extra);
      case 'logging/setLevel': {
        const level = judgeSetLevel(message, params);
        if (level === undefined) return this.#invalidParams(id, SERVER_TEXTS.invalidParams(method));
        if (!this.connection.sessionless) this.connection.logLevel = level;
        const rebuilt = { jsonrpc: '2.0', id, method, params: { level } };
        return this.#delegate(id, { kind: 'other' }, rebuilt, extra);
      }
      default: {
        // tools/list
        if (params !== undefined && Object.hasOwn(params, 'cursor')) {
          return this.#invalidParams(id, SERVER_TEXTS.cursor);
        }
        const dialect = resolveDialect(meta, host.dialect);
        if (dialect === undefined)
          return this.#invalidParams(id, SERVER_TEXTS.unknownDialect(DIALECT_NAMES));
        const request = {
          kind: 'list',
          consumer: host.consumer,
          scopes: host.scopes,
          dialect,
        } as const;
        const rebuilt = { jsonrpc: '2.0', id, method };
        return this.#delegate(id, request, rebuilt, extra);
      }
    }
  }

  /**
   * A request of the modern era: a method of the era, its envelope judged (the revision and the
   * client capabilities every request carries), then rebuilt with the judged envelope alone.
   */
  #modernRequest(id: RequestId, method: string, given: RequestParams, extra: Extra): undefined {
    if (!MODERN_ALLOWED.has(method)) return this.#answer(methodNotFoundAnswer(id));
    if (this.connection.isInflight(id)) {
      return this.#answer(
        errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_REQUEST, SERVER_TEXTS.duplicateId),
      );
    }
    const judged = judgeEnvelope(given);
    if (!judged.ok) {
      return this.#answer(
        judged.reason === 'unsupported'
          ? unsupportedVersionAnswer(id, judged.requested)
          : errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_PARAMS, SERVER_TEXTS.malformedEnvelope),
      );
    }
    const envelope = judged.envelope;
    const host = this.#hostFacts(id);
    const params = given ?? undefined;
    if (method === 'tools/call') return this.#call(id, params, false, host, extra, envelope);
    const meta = judgeMeta(params);
    if (!meta.ok) return this.#invalidParams(id, SERVER_TEXTS.invalidMeta);
    if (method === 'server/discover') {
      const rebuilt = { jsonrpc: '2.0', id, method, params: { _meta: envelope.meta } };
      return this.#delegate(id, { kind: 'other' }, rebuilt, extra);
    }
    if (params !== undefined && Object.hasOwn(params, 'cursor')) {
      return this.#invalidParams(id, SERVER_TEXTS.cursor);
    }
    const dialect = resolveDialect(meta, host.dialect);
    if (dialect === undefined)
      return this.#invalidParams(id, SERVER_TEXTS.unknownDialect(DIALECT_NAMES));
    const request = {
      kind: 'list',
      consumer: host.consumer,
      scopes: host.scopes,
      dialect,
    } as const;
    const rebuilt = { jsonrpc: '2.0', id, method, params: { _meta: envelope.meta } };
    return this.#delegate(id, request, rebuilt, extra);
  }

  /**
   * A modern call's answers: with no `requestState`, this round's `inputResponses` (a key the tool
   * does not ask is never read); for a retry, the state this server sealed for this consumer, tool
   * and arguments, with this round's `inputResponses` for the keys it asked. A key missing from
   * them is asked again. Every answer is read strictly where the tool takes it. `undefined`
   * refuses the call (one constant answer, whatever was wrong).
   */
  async #answers(
    params: Readonly<Record<string, unknown>>,
    consumer: string,
    tool: string,
    args: unknown,
  ): Promise<InputState | undefined> {
    const sealed = own(params, 'requestState');
    const responses = own(params, 'inputResponses');
    if (responses !== undefined && !isObject(responses)) return undefined;
    if (sealed === undefined) {
      if (responses === undefined) return NO_ANSWERS;
      const answers: Record<string, Readonly<Record<string, unknown>>> = Object.create(null);
      for (const key of Object.keys(responses)) {
        const answer = own(responses, key);
        if (isObject(answer)) answers[key] = answer;
      }
      return { answers, asked: [] };
    }
    if (typeof sealed !== 'string') return undefined;
    const opened = await this.#core.states.open(sealed, { consumer, tool, arguments: args });
    if (opened === undefined) return undefined;
    const answers: Record<string, Readonly<Record<string, unknown>>> = { ...opened.answers };
    for (const key of opened.asked) {
      const answer = responses === undefined ? undefined : own(responses, key);
      if (isObject(answer)) answers[key] = answer;
    }
    return { answers, asked: [] };
  }

  #call(
    id: RequestId,
    params: Params,
    unreadable: boolean,
    host: HostFacts,
    extra: Extra,
    envelope?: Envelope,
  ): undefined {
    if (this.#stopping) {
      recordAnswered(this.#core.tracer, undefined, host.consumer, CALL_OUTCOMES.STOPPED);
      return this.#answer(this.#stoppingAnswer(id));
    }
    const read = unreadable ? ({ ok: false } as const) : readCallParams(params);
    const consumer = host.consumer;
    if (!read.ok || consumer === undefined) {
      return this.#unservable(id, read.ok ? 'no_consumer' : 'unreadable', consumer);
    }
    const tool = this.#core.tools.get(read.name);
    if (tool === undefined) return this.#unservable(id, 'unknown_tool', consumer);
    if (!this.#core.granted(consumer, tool.name, host.scopes))
      return this.#unservable(id, 'ungranted', consumer);
    const dialect = resolveDialect(read.meta, host.dialect);
    if (dialect === undefined) {
      this.#settled(tool.name, consumer, CALL_OUTCOMES.DIALECT_REFUSED, read.arguments);
      return this.#invalidParams(id, SERVER_TEXTS.unknownDialect(DIALECT_NAMES));
    }
    if (envelope !== undefined && host.headers !== undefined && tool.entry.headers.length > 0) {
      const headers = judgeParamHeaders(tool.entry.headers, host.headers, read.arguments, {
        requireHeaders: dialect === 'canonical',
      });
      if (!headers.ok) {
        this.#settled(tool.name, consumer, CALL_OUTCOMES.HEADER_REFUSED, read.arguments);
        return this.#answer(
          errorAnswer(id, JSON_RPC_ERROR_CODES.HEADER_MISMATCH, SERVER_TEXTS.headerMismatch),
        );
      }
    }
    const judged = judgeArguments(tool, dialect, read.arguments);
    if (!judged.ok) {
      this.#settled(tool.name, consumer, CALL_OUTCOMES.GATE_REFUSED, read.arguments);
      return this.#answer(
        resultAnswer(
          id,
          this.#modernResult({
            content: [{ type: 'text', text: judged.refusal.text }],
            isError: true,
            _meta: { [CORRECTABLE_META_KEY]: true },
          }),
        ),
      );
    }
    const token = read.meta.progressToken;
    const trace = traceCarrierOf(params === undefined ? undefined : own(params, '_meta'));
    if (envelope === undefined) {
      const request = new CallRequest(
        consumer,
        dialect,
        tool,
        judged.canonical,
        token,
        this.connection,
        performance.now(),
      );
      request.trace = trace;
      const rebuilt = {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params:
          token === undefined
            ? { name: tool.name }
            : { name: tool.name, _meta: { progressToken: token } },
      };
      return this.#delegate(id, request, rebuilt, extra);
    }
    const receivedAt = performance.now();
    // Held in flight while the state opens, so the id cannot be reused meanwhile.
    this.connection.track(id, { kind: 'opening', tool: tool.name, consumer });
    this.#answers(params ?? {}, consumer, tool.name, judged.canonical).then(
      (state) => {
        if (this.connection.settle(id) === undefined) return;
        if (state === undefined) {
          this.#settled(tool.name, consumer, CALL_OUTCOMES.STATE_REFUSED, read.arguments);
          this.#invalidParams(id, SERVER_TEXTS.requestState);
          return;
        }
        const modern: ModernCall = {
          capabilities: envelope.capabilities,
          logLevel: envelope.logLevel,
          envelope: envelope.meta,
          state,
        };
        const request = new CallRequest(
          consumer,
          dialect,
          tool,
          judged.canonical,
          token,
          this.connection,
          receivedAt,
          modern,
        );
        request.trace = trace;
        const meta =
          token === undefined ? envelope.meta : { ...envelope.meta, progressToken: token };
        const rebuilt = {
          jsonrpc: '2.0',
          id,
          method: 'tools/call',
          params: { name: tool.name, _meta: meta },
        };
        this.#delegate(id, request, rebuilt, extra);
      },
      (error: unknown) => {
        this.connection.settle(id);
        this.#core.logger.error(
          { event: 'interposer_defect', ...errorFacts(error) },
          'The interposer failed on a modern call.',
        );
        this.#answer(
          errorAnswer(id, JSON_RPC_ERROR_CODES.INTERNAL_ERROR, SERVER_TEXTS.unanswerable),
        );
      },
    );
    return undefined;
  }

  #hostFacts(id: RequestId): HostFacts {
    return this.#facts?.factsOf(id) ?? this.connection.host;
  }

  #filterListing(request: Extract<DelegatedRequest, { kind: 'list' }>, result: unknown) {
    const listed = isObject(result) ? own(result, 'tools') : undefined;
    const rest = this.#modern && isObject(result) ? result : {};
    if (!Array.isArray(listed) || request.consumer === undefined) return { ...rest, tools: [] };
    const tools = [];
    for (const tool of listed) {
      const name = isObject(tool) ? own(tool, 'name') : undefined;
      const served = typeof name === 'string' ? this.#core.tools.get(name) : undefined;
      if (
        served !== undefined &&
        this.#core.granted(request.consumer, served.name, request.scopes)
      ) {
        tools.push(served.dialects[request.dialect].listed);
      }
    }
    return { ...rest, tools };
  }

  #unservable(id: RequestId, reason: string, consumer: string | undefined): undefined {
    if (logsInfo(this.#core.logger))
      this.#core.logger.info(
        {
          event: 'call',
          outcome: CALL_OUTCOMES.UNSERVABLE,
          reason,
          ...(consumer === undefined ? {} : { consumer }),
        },
        'tools/call answered with the constant answer.',
      );
    recordAnswered(this.#core.tracer, undefined, consumer, CALL_OUTCOMES.UNSERVABLE);
    return this.#answer(unservableCallAnswer(id));
  }

  #settled(tool: string, consumer: string, outcome: CallOutcome, args: unknown): void {
    if (logsInfo(this.#core.logger))
      this.#core.logger.info(
        { event: 'call', tool, consumer, outcome, arguments: shapeOf(args) },
        'tools/call refused before it ran.',
      );
    recordAnswered(this.#core.tracer, tool, consumer, outcome);
  }

  #invalidParams(id: RequestId, text: string): undefined {
    return this.#answer(errorAnswer(id, JSON_RPC_ERROR_CODES.INVALID_PARAMS, text));
  }

  #delegate(id: RequestId, request: DelegatedRequest, message: unknown, extra: Extra): undefined {
    this.connection.track(id, request);
    this.#deliver(message, extra);
    return undefined;
  }

  #deliver(message: unknown, extra: Extra): void {
    this.onmessage?.(message as JSONRPCMessage, extra);
  }

  #answer(message: OutboundMessage): undefined {
    this.#direct(message).catch((error: unknown) =>
      this.#core.logger.warn(
        { event: 'send_failed', ...errorFacts(error) },
        'An answer could not be sent.',
      ),
    );
    return undefined;
  }

  #direct(message: OutboundMessage, options?: TransportSendOptions): Promise<void> {
    return this.#inner.send(message as unknown as JSONRPCMessage, options);
  }
}
