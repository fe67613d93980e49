/**
 * The stdio transport: one JSON-RPC message per line, read as bytes and decoded by the strict
 * decoder (the SDK's stdio transport parses with `JSON.parse` and cannot take another parser),
 * written by the hosts' bigint-aware writer. A line that does not decode is answered with a parse
 * error in our words and `id: null`; a line past the byte limit is answered and skipped whole.
 */
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import { JSON_RPC_ERROR_CODES, SERVER_TEXTS } from '../texts.ts';
import { errorAnswer, parseErrorAnswer } from './jsonrpc.ts';
import { decodeStrict } from './siblings/decoder.ts';
import { writeJson } from './write-json.ts';

/** A byte source, as `process.stdin` is one. */
export type LineInput = Readable;

/** A byte sink, as `process.stdout` is one. */
export type LineOutput = Writable;

const NEWLINE = 0x0a;
const BLANK = /^[ \t\r]*$/;

/** See the module comment. */
export class LineTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];
  readonly #input: LineInput;
  readonly #output: LineOutput;
  readonly #limit: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #skipping = false;
  #closed = false;
  readonly #onData = (chunk: Buffer | string) =>
    this.#read(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  readonly #onEnd = () => {
    void this.close();
  };
  readonly #onError = (error: Error) => this.onerror?.(error);

  constructor(input: LineInput, output: LineOutput, maxLineBytes: number) {
    this.#input = input;
    this.#output = output;
    this.#limit = maxLineBytes;
  }

  async start(): Promise<void> {
    this.#input.on('data', this.#onData);
    this.#input.on('end', this.#onEnd);
    this.#input.on('close', this.#onEnd);
    this.#input.on('error', this.#onError);
  }

  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    if (this.#closed) return;
    const line = `${writeJson(message)}\n`;
    if (!this.#output.write(line)) {
      await new Promise<void>((resolve) => this.#output.once('drain', resolve));
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#input.off('data', this.#onData);
    this.#input.off('end', this.#onEnd);
    this.#input.off('close', this.#onEnd);
    this.#input.off('error', this.#onError);
    this.#input.pause();
    this.#pending = [];
    this.onclose?.();
  }

  #read(chunk: Buffer): void {
    let start = 0;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, start)) {
      this.#collect(chunk.subarray(start, at));
      this.#line();
      start = at + 1;
    }
    this.#collect(chunk.subarray(start));
  }

  #collect(part: Buffer): void {
    if (this.#skipping || part.length === 0) return;
    this.#pendingBytes += part.length;
    if (this.#pendingBytes > this.#limit) {
      this.#skipping = true;
      this.#pending = [];
      this.#answer(
        errorAnswer(
          null,
          JSON_RPC_ERROR_CODES.INVALID_REQUEST,
          SERVER_TEXTS.lineTooLong(this.#limit),
        ),
      );
      return;
    }
    this.#pending.push(part);
  }

  #line(): void {
    const bytes = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    const skipped = this.#skipping;
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#skipping = false;
    if (skipped || this.#closed || BLANK.test(bytes.toString('latin1'))) return;
    const decoded = decodeStrict(bytes);
    if (!decoded.ok) {
      this.#answer(parseErrorAnswer(decoded.refusal.code, decoded.refusal.offset));
      return;
    }
    this.onmessage?.(decoded.value as JSONRPCMessage);
  }

  #answer(message: unknown): void {
    this.send(message as JSONRPCMessage).catch((error: unknown) => this.onerror?.(error as Error));
  }
}
