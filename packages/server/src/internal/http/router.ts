/**
 * The stateless HTTP transport set: ONE transport the server's one SDK `Server` connects to,
 * routing each request to the SDK's per-request Streamable HTTP transport it arrived on. The SDK
 * refuses to reuse a stateless transport and to connect a server twice, so without this every
 * request would build a server; with it, only the per-request transport is new. Request ids are
 * renumbered on the way in (two clients may both use id 1) and restored on the way out; a
 * `notifications/cancelled` names a request by the id its own consumer gave it.
 */
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import type { AbandonSource, FactsSource, HostFacts } from '../connection.ts';
import { isObject, isRequestId, own, type RequestId } from '../jsonrpc.ts';

interface Route {
  readonly transport: Transport;
  readonly clientId: RequestId;
  readonly facts: HostFacts;
}

/** A per-request transport attached here: the facts of its request, and its requests routed. */
interface Attached {
  readonly facts: HostFacts;
  readonly ids: Set<number>;
}

/** See the module comment. */
export class RequestRouter implements Transport, FactsSource, AbandonSource {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  /**
   * Told the (renumbered) ids of requests whose HTTP connection closed before they were answered;
   * the interposer this router is given to listens.
   */
  onabandon?: (ids: readonly RequestId[]) => void;
  /** Told of a cancel that names no request routed here: another replica may be running it. */
  readonly #onunmatched: ((consumer: string, requestId: RequestId) => void) | undefined;
  readonly #routes = new Map<number, Route>();
  readonly #open = new Map<Transport, Attached>();
  #next = 0;

  constructor(options: { onunmatched?: (consumer: string, requestId: RequestId) => void } = {}) {
    this.#onunmatched = options.onunmatched;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const transport of [...this.#open.keys()]) this.release(transport, true);
    this.onclose?.();
  }

  /** Takes the messages of one per-request transport, whose request the host resolved to `facts`. */
  attach(transport: Transport, facts: HostFacts): void {
    this.#open.set(transport, { facts, ids: new Set() });
    transport.onmessage = (message, extra) => this.#inbound(transport, message, extra);
  }

  /** Forgets a per-request transport; `abandoned` when its connection closed unanswered. */
  release(transport: Transport, abandoned: boolean): void {
    const attached = this.#open.get(transport);
    if (attached === undefined) return;
    this.#open.delete(transport);
    const ids = attached.ids;
    for (const id of ids) this.#routes.delete(id);
    if (abandoned && ids.size > 0) this.onabandon?.([...ids]);
  }

  /** The facts of the routed request `id` (its renumbered id), for the interposer. */
  factsOf(id: RequestId): HostFacts | undefined {
    return typeof id === 'number' ? this.#routes.get(id)?.facts : undefined;
  }

  /** How many requests are routed (zero when every answer has left: the leak check). */
  get routed(): number {
    return this.#routes.size;
  }

  #inbound(
    transport: Transport,
    message: JSONRPCMessage,
    extra: MessageExtraInfo | undefined,
  ): void {
    const attached = this.#open.get(transport);
    if (attached === undefined) return;
    const record = message as unknown as Readonly<Record<string, unknown>>;
    const id = own(record, 'id');
    if (Object.hasOwn(record, 'method') && isRequestId(id)) {
      this.#next += 1;
      const internal = this.#next;
      this.#routes.set(internal, { transport, clientId: id, facts: attached.facts });
      attached.ids.add(internal);
      this.onmessage?.({ ...message, id: internal } as JSONRPCMessage, extra);
      return;
    }
    if (own(record, 'method') === 'notifications/cancelled') {
      this.#cancelled(record, attached.facts.consumer, extra, true);
      return;
    }
    this.onmessage?.(message, extra);
  }

  /**
   * A cancel another replica received for `consumer`'s request `requestId`: matched here exactly
   * as one that arrived here, and never relayed again.
   */
  cancelRelayed(consumer: string, requestId: RequestId): void {
    const record = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId } };
    this.#cancelled(record, consumer, undefined, false);
  }

  #cancelled(
    record: Readonly<Record<string, unknown>>,
    consumer: string | undefined,
    extra: MessageExtraInfo | undefined,
    relay: boolean,
  ): void {
    const params = own(record, 'params');
    const named = isObject(params) ? own(params, 'requestId') : undefined;
    if (consumer === undefined) return;
    let matched = false;
    for (const [internal, route] of [...this.#routes]) {
      if (route.clientId !== named || route.facts.consumer !== consumer) continue;
      matched = true;
      const rewritten = { ...record, params: { ...(params as object), requestId: internal } };
      this.onmessage?.(rewritten as unknown as JSONRPCMessage, extra);
      // A cancelled request is never answered: its stream ends once nothing else waits on it.
      this.#routes.delete(internal);
      const open = this.#open.get(route.transport)?.ids;
      open?.delete(internal);
      if (open?.size === 0) {
        this.#open.delete(route.transport);
        route.transport.close().catch(() => undefined);
      }
    }
    if (!matched && relay && isRequestId(named)) this.#onunmatched?.(consumer, named);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const record = message as unknown as Readonly<Record<string, unknown>>;
    const isResponse = Object.hasOwn(record, 'result') || Object.hasOwn(record, 'error');
    if (isResponse) {
      const id = own(record, 'id');
      const route = typeof id === 'number' ? this.#routes.get(id) : undefined;
      if (route === undefined) return;
      this.#routes.delete(id as number);
      this.#open.get(route.transport)?.ids.delete(id as number);
      await route.transport.send({ ...message, id: route.clientId } as JSONRPCMessage);
      return;
    }
    const related = options?.relatedRequestId;
    const route = typeof related === 'number' ? this.#routes.get(related) : undefined;
    // Stateless: a message tied to no live request has no stream to go out on.
    if (route === undefined) return;
    await route.transport.send(message, { ...options, relatedRequestId: route.clientId });
  }
}
