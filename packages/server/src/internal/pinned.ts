/**
 * The era of a connection that carries one client (stdio, in-process) is decided by its first
 * message: a request carrying the modern envelope pins the modern era, anything else the legacy
 * one. This transport starts its inner transport at once, holds what arrives until the era's
 * server is connected through it, then passes every message straight on.
 */
import type {
  JSONRPCMessage,
  MessageExtraInfo,
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/server';
import { claimsModern, type Era } from './envelope.ts';

/** See the module comment. */
export class PinnedTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly #inner: Transport;
  readonly #held: [JSONRPCMessage, MessageExtraInfo | undefined][] = [];
  #attached = false;
  #closed = false;
  #pin: ((era: Era) => void) | undefined;

  constructor(inner: Transport) {
    this.#inner = inner;
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  /** Starts the inner transport; resolves with the era its first message pins (or `closed`). */
  open(): Promise<Era | 'closed'> {
    return new Promise((resolve, reject) => {
      this.#pin = resolve;
      this.#inner.onmessage = (message, extra) => {
        if (this.#attached) {
          this.onmessage?.(message, extra);
          return;
        }
        const first = this.#held.length === 0;
        this.#held.push([message, extra]);
        if (first) this.#pin?.(claimsModern(message) ? 'modern' : 'legacy');
      };
      this.#inner.onclose = () => {
        this.#closed = true;
        if (this.#held.length === 0) resolve('closed');
        this.onclose?.();
      };
      this.#inner.onerror = (error) => this.onerror?.(error);
      this.#inner.start().catch(reject);
    });
  }

  async start(): Promise<void> {
    this.#attached = true;
    const held = this.#held.splice(0);
    for (const [message, extra] of held) this.onmessage?.(message, extra);
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.#inner.send(message, options);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#inner.close();
  }
}
