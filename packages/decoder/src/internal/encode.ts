/*
 * UTF-8 encoding of string input for the scan. Small and medium documents are encoded into one
 * reused scratch buffer (encodeInto is far cheaper than allocating); the part used is zeroed after
 * each decode so no input outlives the call in memory we keep.
 */

/** Documents up to this many UTF-16 units use the scratch buffer (3 bytes per unit at worst). */
const SCRATCH_UNITS = 1 << 20;

const encoder = new TextEncoder();
let scratch = new Uint8Array(0);
let scratchUsed = 0;

/** The UTF-8 bytes of `text` (lone surrogates become U+FFFD, 3 bytes, as in any UTF-8 encoder). */
export function encodeText(text: string): { bytes: Uint8Array; length: number } {
  if (text.length > SCRATCH_UNITS) {
    const bytes = encoder.encode(text);
    return { bytes, length: bytes.length };
  }
  const needed = text.length * 3;
  if (scratch.length < needed) scratch = new Uint8Array(Math.max(needed, 4096));
  const { written } = encoder.encodeInto(text, scratch);
  scratchUsed = written;
  return { bytes: scratch, length: written };
}

/** Zeroes what the last `encodeText` wrote into the scratch buffer. */
export function releaseText(): void {
  if (scratchUsed > 0) {
    scratch.fill(0, 0, scratchUsed);
    scratchUsed = 0;
  }
}
