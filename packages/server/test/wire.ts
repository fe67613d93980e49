/**
 * An in-process wire for tests: the SDK's `InMemoryTransport` pair, with the server's side
 * wrapped so every message crosses as JSON text, as it would over stdio or HTTP. Outbound messages
 * are written by the bigint-aware writer (and kept, so a test can compare bytes); inbound ones are
 * decoded by the strict decoder. An SDK client reads the text with `JSON.parse`, as a real one
 * does; a raw peer keeps the text and decodes it strictly.
 */
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { decode } from '@portcullis/decoder';
import { stringifyCanonical } from '@portcullis/schema';

/** What the client side receives: a parsed message for an SDK client, the text for a raw peer. */
export type ClientView = 'parsed' | 'text';

/** See the module comment. */
export class TextWire implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  /** Every text the server wrote, in order. */
  readonly written: string[] = [];
  readonly #inner: InMemoryTransport;
  readonly #view: ClientView;

  constructor(inner: InMemoryTransport, view: ClientView) {
    this.#inner = inner;
    this.#view = view;
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.#receive(message, extra);
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    await this.#inner.start();
  }

  #receive(message: unknown, extra: MessageExtraInfo | undefined): void {
    const text = typeof message === 'string' ? message : JSON.stringify(message);
    const decoded = decode(text);
    if (!decoded.ok) {
      void this.send({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32700, message: 'The test wire received text that is not strict JSON.' },
      } as unknown as JSONRPCMessage);
      return;
    }
    this.onmessage?.(decoded.value as JSONRPCMessage, extra);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const text = stringifyCanonical(message as never);
    this.written.push(text);
    const carried = this.#view === 'parsed' ? JSON.parse(text) : text;
    await this.#inner.send(carried as JSONRPCMessage, options as never);
  }

  close(): Promise<void> {
    return this.#inner.close();
  }
}

/** A linked pair: the client's `InMemoryTransport` and the server's wire over the other end. */
export function wirePair(view: ClientView): [InMemoryTransport, TextWire] {
  const [client, server] = InMemoryTransport.createLinkedPair();
  return [client, new TextWire(server, view)];
}
