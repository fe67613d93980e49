import { Buffer } from 'node:buffer';

/*
 * The code units of string input, for the UTF-16 scan (scan-text.ts). Indexing a typed array is
 * about twice as fast in V8 as charCodeAt, and writing a string as UTF-16LE is a plain copy of its
 * units (lone surrogates included, nothing replaced), far cheaper than encoding it to UTF-8. Small
 * and medium documents are copied into one reused scratch buffer; the part used is zeroed after
 * each decode, so no input outlives the call in memory we keep.
 */

/** Documents up to this many UTF-16 units use the scratch buffer. */
const SCRATCH_UNITS = 1 << 20;

let scratch = new Uint16Array(0);
let scratchBytes = Buffer.alloc(0);
let scratchUsed = 0;

/** The UTF-16 code units of `text` in a typed array (its first `text.length` elements). */
export function textUnits(text: string): Uint16Array {
  const n = text.length;
  if (n > SCRATCH_UNITS) {
    const units = new Uint16Array(n);
    Buffer.from(units.buffer, 0, n * 2).write(text, 0, 'utf16le');
    return units;
  }
  if (scratch.length < n) {
    scratch = new Uint16Array(Math.max(n, 2048));
    scratchBytes = Buffer.from(scratch.buffer);
  }
  scratchBytes.write(text, 0, 'utf16le');
  scratchUsed = n;
  return scratch;
}

/** Zeroes what the last `textUnits` wrote into the scratch buffer. */
export function releaseUnits(): void {
  if (scratchUsed > 0) {
    scratch.fill(0, 0, scratchUsed);
    scratchUsed = 0;
  }
}
