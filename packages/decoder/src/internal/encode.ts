/*
 * The byte route for string input. An all-ASCII string is its own UTF-8 encoding, and for the
 * one-byte strings V8 holds such text in, encodeInto is little more than a copy, after which the
 * byte scan (with its four-bytes-at-a-time skip of string content) applies unchanged, offsets
 * included. Any other string is scanned as UTF-16 instead (scan-text.ts): encoding non-ASCII text
 * to UTF-8 costs about half of what JSON.parse does, copying its code units almost nothing. A few
 * sampled code units decide up front whether encoding is worth trying; the encoding itself then
 * confirms the text is ASCII. The scratch buffer is reused and the part used is zeroed after each
 * decode, so no input outlives the call in memory we keep.
 */

/** Documents up to this many UTF-16 units use the scratch buffer. */
const SCRATCH_UNITS = 1 << 20;
/** Code units sampled, evenly spread, before the text is encoded. */
const SAMPLES = 32;
/** Texts shorter than this are encoded without sampling first. */
const SAMPLE_FROM = 2048;

const encoder = new TextEncoder();
let scratch = new Uint8Array(0);
let scratchWords = new DataView(scratch.buffer);
let scratchUsed = 0;

function sampledAscii(text: string): boolean {
  const n = text.length;
  // Below this length a failed encodeInto costs less than the sampling would.
  if (n < SAMPLE_FROM) return true;
  const step = n > SAMPLES ? Math.floor(n / SAMPLES) : 1;
  for (let k = 0; k < n; k += step) {
    if (text.charCodeAt(k) >= 0x80) return false;
  }
  return true;
}

/**
 * The UTF-8 bytes of `text` (one per code unit, `text.length` of them) when it is all ASCII;
 * `undefined` when it is not, or when sampling says it is unlikely to be. Release the scratch
 * buffer with `releaseText` once the bytes are read.
 */
export function encodeAscii(text: string): Uint8Array | undefined {
  const n = text.length;
  if (!sampledAscii(text)) return undefined;
  if (n > SCRATCH_UNITS) {
    const bytes = encoder.encode(text);
    return bytes.length === n ? bytes : undefined;
  }
  if (scratch.length < n) {
    scratch = new Uint8Array(Math.max(n, 4096));
    scratchWords = new DataView(scratch.buffer);
  }
  const { read, written } = encoder.encodeInto(text, scratch);
  scratchUsed = written;
  if (read === n && written === n) return scratch;
  releaseText();
  return undefined;
}

/** A DataView of bytes `encodeAscii` returned, for the byte scan (the scratch buffer's is kept). */
export function asciiView(bytes: Uint8Array): DataView {
  return bytes === scratch
    ? scratchWords
    : new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Zeroes what the last `encodeAscii` wrote into the scratch buffer. */
export function releaseText(): void {
  if (scratchUsed > 0) {
    scratch.fill(0, 0, scratchUsed);
    scratchUsed = 0;
  }
}
