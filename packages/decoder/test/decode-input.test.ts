/*
 * Invariant: decode takes exactly a string or a Uint8Array (a Buffer is one, so is a Uint8Array of
 * another realm or a subclass), judged by the array's internal type and never by its prototype.
 * Anything else is a programming error: one DecoderError, code INVALID_INPUT, naming the accepted
 * types, with what was received in its details; no other typed array's elements are ever read.
 * Bytes in shared memory are decoded from a copy, so another thread cannot change what was judged.
 */
import { Buffer } from 'node:buffer';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { DECODER_ERROR_CODES, DecoderError, decode } from '../src/index.ts';
import { acceptedValue, utf8 } from './support.ts';

function thrownBy(input: unknown): unknown {
  try {
    decode(input as string);
  } catch (error) {
    return error;
  }
  return undefined;
}

const INVALID_INPUT_MESSAGE =
  'The input of `decode` is neither a `string` nor a `Uint8Array`. Pass the document as a `string` or as its UTF-8 bytes in a `Uint8Array` (a `Buffer` is one; wrap an `ArrayBuffer` as `new Uint8Array(buffer)`).';

/** A Uint16Array dressed as a Uint8Array: `instanceof` and every inherited method say it is one. */
function disguisedUint16Array(): Uint16Array {
  const units = Uint16Array.of(0x5b31, 0x5d00);
  Object.setPrototypeOf(units, Uint8Array.prototype);
  return units;
}

describe('decode input', () => {
  it.each([
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a number', 42, 'number'],
    ['a boolean', true, 'boolean'],
    ['a bigint', 1n, 'bigint'],
    ['a symbol', Symbol('x'), 'symbol'],
    ['a function', () => '{}', 'function'],
    ['a String object', new String('{}'), 'object'],
    ['a plain object', { length: 2, 0: 0x7b, 1: 0x7d }, 'object'],
    ['an array of byte values', [0x7b, 0x7d], 'object'],
    ['an ArrayBuffer', utf8('[1]').buffer, 'ArrayBuffer'],
    ['a SharedArrayBuffer', new SharedArrayBuffer(3), 'SharedArrayBuffer'],
    ['a DataView', new DataView(utf8('[1]').buffer), 'DataView'],
    ['a Uint16Array', Uint16Array.of(0x5b, 0x31, 0x5d), 'Uint16Array'],
    ['an Int8Array', Int8Array.of(0x5b, 0x31, 0x5d), 'Int8Array'],
    ['a Uint8ClampedArray', Uint8ClampedArray.of(0x5b, 0x31, 0x5d), 'Uint8ClampedArray'],
    ['a Float64Array', Float64Array.of(1), 'Float64Array'],
    [
      'a Uint16Array whose prototype is Uint8Array.prototype',
      disguisedUint16Array(),
      'Uint16Array',
    ],
    ['an object made from Uint8Array.prototype', Object.create(Uint8Array.prototype), 'object'],
  ])('throws DecoderError INVALID_INPUT for %s', (_name, input, received) => {
    const thrown = thrownBy(input);
    expect(thrown).toBeInstanceOf(DecoderError);
    const error = thrown as DecoderError;
    expect(error.name).toBe('DecoderError');
    expect(error.code).toBe(DECODER_ERROR_CODES.INVALID_INPUT);
    expect(error.message).toBe(INVALID_INPUT_MESSAGE);
    expect(error.details).toEqual({ received });
    expect(Object.isFrozen(error.details)).toBe(true);
  });

  it('accepts a Buffer, a Uint8Array at an offset into its memory, and one of another realm', () => {
    const pooled = Buffer.from('xx{"a":[1,2]}yy').subarray(2, 13);
    expect(acceptedValue(decode(pooled))).toEqual({ a: [1, 2] });
    const inner = new Uint8Array(utf8('[[9007199254740993]]').buffer, 1, 18);
    expect(acceptedValue(decode(inner))).toEqual([9007199254740993n]);
    const foreign = runInNewContext('Uint8Array.of(0x5b, 0x31, 0x5d)') as Uint8Array;
    expect(foreign instanceof Uint8Array).toBe(false);
    expect(acceptedValue(decode(foreign))).toEqual([1]);
  });

  it('reads a Uint8Array subclass or a swapped prototype by its own bytes, calling nothing it inherits', () => {
    let called = 0;
    class Lying extends Uint8Array {
      override get length(): number {
        called++;
        return 1;
      }
      override subarray(): Uint8Array<ArrayBuffer> {
        called++;
        return new Uint8Array(utf8('"lie"'));
      }
    }
    const subclassed = new Lying(utf8('{"b":true}'));
    expect(acceptedValue(decode(subclassed))).toEqual({ b: true });
    const swapped = utf8('[null,1.5]');
    Object.setPrototypeOf(swapped, Lying.prototype);
    expect(acceptedValue(decode(swapped))).toEqual([null, 1.5]);
    expect(called).toBe(0);
  });

  it('decodes bytes in shared memory from a copy, so a writer on another thread cannot slip a duplicate past the scan', async () => {
    const distinct = utf8('{"a":1,"b":2}');
    const shared = new Uint8Array(new SharedArrayBuffer(distinct.length));
    shared.set(distinct);
    // The writer flips the second name between "b" and "a" until told to stop.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const writer = new Worker(
      `const { workerData: { shared, stop } } = require('node:worker_threads');
       const at = 8;
       while (Atomics.load(stop, 0) === 0) { shared[at] = 0x61; shared[at] = 0x62; }`,
      { eval: true, workerData: { shared, stop } },
    );
    try {
      await new Promise<void>((resolve) => writer.once('online', () => resolve()));
      const collapsed: unknown[] = [];
      const deadline = Date.now() + 1500;
      while (Date.now() < deadline && collapsed.length === 0) {
        for (let k = 0; k < 2000; k++) {
          const result = decode(shared);
          if (result.ok && Object.keys(result.value as object).length !== 2) {
            collapsed.push(result.value);
          }
        }
      }
      expect(collapsed).toEqual([]);
    } finally {
      Atomics.store(stop, 0, 1);
      await writer.terminate();
    }
  });
});
