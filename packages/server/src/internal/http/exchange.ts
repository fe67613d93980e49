/**
 * One modern HTTP exchange: the transport of a single request, attached to the modern server's
 * request router, written by our own writer. The answer is one JSON body, unless a notification
 * for the request (progress, a log message) comes first: then the response becomes an SSE stream,
 * its headers flushed at once, and the answer is its last event. A JSON-RPC error is sent with the
 * HTTP status the revision gives its code. The client closing the response before the answer is
 * the cancel of the call (the host tells the router, which tells the interposer).
 */
import type { ServerResponse } from 'node:http';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { JSON_RPC_ERROR_CODES } from '../../texts.ts';
import { isObject, own } from '../jsonrpc.ts';
import { writeJson } from '../write-json.ts';

/** The HTTP status of a modern JSON-RPC error answer, by code (in-band errors are 200). */
export function modernStatus(code: unknown): number {
  switch (code) {
    case JSON_RPC_ERROR_CODES.METHOD_NOT_FOUND:
      return 404;
    case JSON_RPC_ERROR_CODES.HEADER_MISMATCH:
    case JSON_RPC_ERROR_CODES.MISSING_CAPABILITY:
    case JSON_RPC_ERROR_CODES.UNSUPPORTED_VERSION:
    case JSON_RPC_ERROR_CODES.PARSE_ERROR:
    case JSON_RPC_ERROR_CODES.INVALID_REQUEST:
      return 400;
    default:
      return 200;
  }
}

/** See the module comment. */
export class Exchange implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly #res: ServerResponse;
  #streaming = false;
  #done = false;

  constructor(res: ServerResponse) {
    this.#res = res;
  }

  /** True once the answer was written (or the exchange closed). */
  get done(): boolean {
    return this.#done;
  }

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.#done || this.#res.destroyed) return;
    const record = message as unknown as Readonly<Record<string, unknown>>;
    const isAnswer = Object.hasOwn(record, 'result') || Object.hasOwn(record, 'error');
    const text = writeJson(message);
    if (!isAnswer) {
      this.#stream();
      this.#res.write(`event: message\ndata: ${text}\n\n`);
      return;
    }
    this.#done = true;
    if (this.#streaming) {
      this.#res.end(`event: message\ndata: ${text}\n\n`);
      return;
    }
    const error = own(record, 'error');
    const status = isObject(error) ? modernStatus(own(error, 'code')) : 200;
    this.#res.writeHead(status, { 'content-type': 'application/json' });
    this.#res.end(text);
  }

  #stream(): void {
    if (this.#streaming) return;
    this.#streaming = true;
    this.#res.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
    });
    this.#res.flushHeaders();
  }

  async close(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    if (!this.#res.headersSent) {
      this.#res.writeHead(202);
    }
    this.#res.end();
  }
}
