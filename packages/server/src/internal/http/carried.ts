/**
 * The one place a request's facts cross the SDK. A legacy session's requests reach the interposer
 * through the SDK's Streamable HTTP transport, whose only per-request channel is the `authInfo`
 * it is handed with each request and gives back with each of its messages. The host hands it an
 * `authInfo` made by {@link carry}, known by its identity (a client cannot make one: nothing in
 * it is read), and {@link CarriedFacts} takes the facts back out as each message arrives, for the
 * interposer to read while it judges that message. It also tells its session each answer that left.
 */
import type {
  AuthInfo,
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import type { FactsSource, HostFacts } from '../connection.ts';
import { isRequestId, own, type RequestId } from '../jsonrpc.ts';

const carried = new WeakMap<AuthInfo, HostFacts>();

/** An `authInfo` for the SDK's transport that carries `facts` to {@link CarriedFacts}. */
export function carry(facts: HostFacts): AuthInfo {
  const authInfo: AuthInfo = { token: '', clientId: '', scopes: [] };
  carried.set(authInfo, facts);
  return authInfo;
}

/** What a session is told of its requests as they cross. */
export interface CarriedListener {
  /** The id of each request the SDK's transport hands on. */
  readonly received?: (id: RequestId) => void;
  /** The id of each answer once it has been handed to the SDK's transport. */
  readonly answered?: (id: RequestId) => void;
}

/** A session's SDK transport, as the interposer reads it: each request with its own facts. */
export class CarriedFacts implements Transport, FactsSource {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly #inner: Transport;
  readonly #listener: CarriedListener;
  /** The request being handed on, while it is (the interposer judges it in that call). */
  #current: { readonly id: RequestId; readonly facts: HostFacts } | undefined;

  constructor(inner: Transport, listener: CarriedListener = {}) {
    this.#inner = inner;
    this.#listener = listener;
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  factsOf(id: RequestId): HostFacts | undefined {
    const current = this.#current;
    return current !== undefined && current.id === id ? current.facts : undefined;
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.#deliver(message, extra);
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    await this.#inner.start();
  }

  #deliver(message: JSONRPCMessage, extra: MessageExtraInfo | undefined): void {
    const facts = extra?.authInfo === undefined ? undefined : carried.get(extra.authInfo);
    const id = own(message as unknown as Readonly<Record<string, unknown>>, 'id');
    const { authInfo: _, ...rest } = extra ?? {};
    this.#current = facts !== undefined && isRequestId(id) ? { id, facts } : undefined;
    if (isRequestId(id) && typeof (message as { method?: unknown }).method === 'string') {
      this.#listener.received?.(id);
    }
    try {
      this.onmessage?.(message, rest);
    } finally {
      this.#current = undefined;
    }
  }

  /** The session is told an answer left even when the SDK's transport had no stream for it. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    try {
      await this.#inner.send(message, options);
    } finally {
      const record = message as unknown as Readonly<Record<string, unknown>>;
      const id = own(record, 'id');
      if ((Object.hasOwn(record, 'result') || Object.hasOwn(record, 'error')) && isRequestId(id)) {
        this.#listener.answered?.(id);
      }
    }
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}
