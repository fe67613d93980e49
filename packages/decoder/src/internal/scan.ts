/*
 * Longer than 400 lines: it is one hot loop with the helpers that index its bytes, the twin of
 * scan-text.ts line for line; splitting it would only scatter what must be read side by side with
 * that twin (what both share is in scan-common.ts).
 */
import type { DecodeLimits } from '../limits.ts';
import { DECODE_REFUSAL_CODES as C } from '../refusal.ts';
import {
  ARRAY,
  BIG_INTEGER,
  beginScan,
  endScan,
  fail,
  growNames,
  hasNonZeroDigit,
  hexDigit,
  integerKind,
  isComment,
  isWordPart,
  NAME_HASH,
  names,
  OBJECT,
  OVERFLOWING_INTEGER,
  outcome,
  PAIRWISE_NAMES,
  PLAIN_NUMBER_SAFE_LENGTH,
  recordNameInSet,
  refuse,
  type ScanOutcome,
  SHORT_ESCAPE,
  valueRefusal,
} from './scan-common.ts';

/*
 * The validating scan of bytes: one pass over the UTF-8 bytes of the document that enforces every
 * rule of the decoder without building anything. It is iterative (an explicit stack bounded by the
 * depth limit), so no input can overflow the call stack. When it accepts, the text is RFC 8259 JSON
 * that native JSON.parse reads to exactly the value we mean, unless the outcome says an integer
 * needs a `bigint`. The bytes must already be well-formed UTF-8 (the caller checks that natively),
 * so a byte >= 0x80 inside a string is content, and outside one is a character out of place.

 */

/** 1 for the bytes that end plain string content: `"`, `\` and the C0 controls. */
const STRING_STOP = new Uint8Array(256);
for (let k = 0; k < 0x20; k++) STRING_STOP[k] = 1;
STRING_STOP[0x22] = 1;
STRING_STOP[0x5c] = 1;

/** Inputs from this many bytes on get a DataView for the word-at-a-time skip by default. */
const WORD_SKIP_LENGTH = 256;
const ONES = 0x01010101;
const HIGHS = 0x80808080 | 0;
const QUOTES = 0x22222222;
const BACKSLASHES = 0x5c5c5c5c;
const SPACES = 0x20202020;

/**
 * Decodes spans the scan has validated. `ignoreBOM` keeps a leading U+FEFF: by default a decoder
 * drops it, so a member name that starts with one would compare equal to the name without it.
 */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** The code unit of the 4 hex digits at `k`; -1 for a non-hex digit, -2 if the input ends first. */
function hex4(b: Uint8Array, k: number, n: number): number {
  let v = 0;
  for (let m = 0; m < 4; m++) {
    if (k + m >= n) return -2;
    const h = hexDigit(b[k + m]!);
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

/**
 * The offset of the first byte from `j` on that ends plain string content (see `STRING_STOP`), or
 * `n`. Reads four bytes at a time: a word's mask has the high bit set in each byte that is a quote,
 * a backslash or below 0x20, exactly at the lowest such byte (borrows only run upward).
 */
function skipPlain(b: Uint8Array, words: DataView | null, j: number, n: number): number {
  while (words !== null && j + 4 <= n) {
    const x = words.getInt32(j, true);
    const quote = x ^ QUOTES;
    const backslash = x ^ BACKSLASHES;
    const mask =
      (((quote - ONES) & ~quote) | ((backslash - ONES) & ~backslash) | ((x - SPACES) & ~x)) & HIGHS;
    if (mask !== 0) return j + ((31 - Math.clz32(mask & -mask)) >> 3);
    j += 4;
  }
  while (j < n && STRING_STOP[b[j]!] === 0) j++;
  return j;
}

/**
 * Handles the byte at `j` inside a string that is not plain content: a backslash (returns the
 * offset after the escape), a control character or the end of the input (refuses: -1).
 */
function stringEscape(b: Uint8Array, j: number, n: number): number {
  if (j >= n) return fail(C.UNEXPECTED_END, n);
  if (b[j] !== 0x5c) return fail(C.CONTROL_CHARACTER, j);
  if (j + 1 >= n) return fail(C.UNEXPECTED_END, n);
  const d = b[j + 1]!;
  if (d !== 0x75) return d < 0x80 && SHORT_ESCAPE[d] === 1 ? j + 2 : fail(C.INVALID_ESCAPE, j);
  const u = hex4(b, j + 2, n);
  if (u < 0) return u === -2 ? fail(C.UNEXPECTED_END, n) : fail(C.INVALID_ESCAPE, j);
  if (u < 0xd800 || u > 0xdfff) return j + 6;
  if (u >= 0xdc00) return fail(C.LONE_SURROGATE, j);
  if (j + 6 < n && b[j + 6] !== 0x5c) return fail(C.LONE_SURROGATE, j);
  if (j + 7 < n && b[j + 7] !== 0x75) return fail(C.LONE_SURROGATE, j);
  if (j + 7 >= n) return fail(C.UNEXPECTED_END, n);
  const low = hex4(b, j + 8, n);
  if (low === -2) return fail(C.UNEXPECTED_END, n);
  if (low === -1) return fail(C.INVALID_ESCAPE, j + 6);
  if (low < 0xdc00 || low > 0xdfff) return fail(C.LONE_SURROGATE, j);
  return j + 12;
}

/** Length in UTF-16 code units, after unescaping, of the scanned string content [start, end). */
function decodedLength(b: Uint8Array, start: number, end: number): number {
  let length = 0;
  let j = start;
  while (j < end) {
    const c = b[j]!;
    if (c === 0x5c) {
      const u = b[j + 1] === 0x75;
      const high = u ? hex4(b, j + 2, end) : 0;
      const pair = high >= 0xd800 && high <= 0xdbff;
      j += pair ? 12 : u ? 6 : 2;
      length += pair ? 2 : 1;
    } else {
      if (c < 0x80 || (c >= 0xc0 && c < 0xf0)) length += 1;
      else if (c >= 0xf0) length += 2;
      j++;
    }
  }
  return length;
}

/** Scans the number starting at `i` (a `-` or a digit); returns the offset after it. */
function scanNumber(b: Uint8Array, i: number, n: number, maxLength: number): number {
  let j = i;
  let c = b[j]!;
  if (c === 0x2d) {
    j++;
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    c = b[j]!;
  }
  const intStart = j;
  if (c === 0x30) {
    j++;
    c = j < n ? b[j]! : -1;
    if (c >= 0x30 && c <= 0x39) return fail(C.LEADING_ZERO, i);
  } else if (c >= 0x31 && c <= 0x39) {
    j++;
    c = -1;
    while (j < n) {
      c = b[j]!;
      if (c < 0x30 || c > 0x39) break;
      j++;
      c = -1;
    }
  } else {
    return fail(isWordPart(c) ? C.BARE_WORD : C.INVALID_NUMBER, i);
  }
  const intEnd = j;
  let integer = true;
  let exponent = false;
  if (c === 0x2e) {
    integer = false;
    j++;
    const fractionStart = j;
    c = -1;
    while (j < n) {
      c = b[j]!;
      if (c < 0x30 || c > 0x39) break;
      j++;
      c = -1;
    }
    if (j === fractionStart) return fail(j >= n ? C.UNEXPECTED_END : C.INVALID_NUMBER, i);
  }
  const mantissaEnd = j;
  if (c === 0x65 || c === 0x45) {
    integer = false;
    exponent = true;
    j++;
    c = j < n ? b[j]! : -1;
    if (c === 0x2b || c === 0x2d) j++;
    const exponentStart = j;
    c = -1;
    while (j < n) {
      c = b[j]!;
      if (c < 0x30 || c > 0x39) break;
      j++;
      c = -1;
    }
    if (j === exponentStart) return fail(j >= n ? C.UNEXPECTED_END : C.INVALID_NUMBER, i);
  }
  if (c === 0x2e || (c !== -1 && isWordPart(c))) return fail(C.INVALID_NUMBER, i);
  if (j - i > maxLength) return fail(C.NUMBER_TOO_LONG, i);
  if (integer) {
    if (intEnd - intStart >= 16) {
      const kind = integerKind(b, intStart, intEnd - intStart);
      if (kind === OVERFLOWING_INTEGER) return fail(C.NUMBER_OVERFLOW, i);
      if (kind === BIG_INTEGER) outcome.bigInt = true;
    }
  } else if (exponent || j - i > PLAIN_NUMBER_SAFE_LENGTH) {
    const v = Number(utf8.decode(b.subarray(i, j)));
    if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
      return fail(C.NUMBER_OVERFLOW, i);
    }
    if (v === 0 && hasNonZeroDigit(b, intStart, mantissaEnd)) return fail(C.NUMBER_UNDERFLOW, i);
  }
  return j;
}

/** Scans `true`, `false` or `null` at `i`; anything else there is a bare word. */
function scanWord(b: Uint8Array, i: number, n: number): number {
  let j = i;
  while (j < n && isWordPart(b[j]!)) j++;
  const length = j - i;
  const c = b[i];
  if (length === 4) {
    if (c === 0x74 && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65) return j;
    if (c === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) return j;
  } else if (length === 5) {
    if (
      c === 0x66 &&
      b[i + 1] === 0x61 &&
      b[i + 2] === 0x6c &&
      b[i + 3] === 0x73 &&
      b[i + 4] === 0x65
    ) {
      return j;
    }
  }
  if (j >= n) {
    const word = utf8.decode(b.subarray(i, j));
    if ('true'.startsWith(word) || 'false'.startsWith(word) || 'null'.startsWith(word)) {
      return fail(C.UNEXPECTED_END, n);
    }
  }
  return fail(C.BARE_WORD, i);
}

/** The member name of the scanned span [start, end) of `b`, unescaped. */
function decodedName(b: Uint8Array, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    if (b[k] === 0x5c) return JSON.parse(utf8.decode(b.subarray(start - 1, end + 1))) as string;
  }
  return utf8.decode(b.subarray(start, end));
}

/**
 * Scans the first `n` bytes of `b` (well-formed UTF-8) against every rule and returns the outcome
 * (the one shared object: read it before the next scan). `words`, a view of the same bytes, lets
 * string content be skipped four bytes at a time; by default one is made for inputs long enough to
 * repay making it.
 */
export function scan(
  b: Uint8Array,
  n: number,
  limits: DecodeLimits,
  words: DataView | null = n >= WORD_SKIP_LENGTH ? new DataView(b.buffer, b.byteOffset, n) : null,
): ScanOutcome {
  beginScan(limits.maxNestingDepth);
  return endScan(scanDocument(b, n, limits, words));
}

function scanDocument(
  b: Uint8Array,
  n: number,
  limits: DecodeLimits,
  words: DataView | null,
): boolean {
  const maxDepth = limits.maxNestingDepth;
  const maxString = limits.maxStringLength;
  const maxName = limits.maxNameLength;
  const maxNumber = limits.maxNumberLength;
  const table = names;
  const { kinds, base, bits } = table;
  if (n >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
    return refuse(C.BYTE_ORDER_MARK, 0);
  }
  let depth = 0;
  let i = 0;
  let c = 0;
  let comma = -1;
  let expectName = false;
  for (;;) {
    c = i < n ? b[i]! : -1;
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? b[i]! : -1;
    if (expectName) {
      if (c !== 0x22) {
        if (c === -1) return refuse(C.UNEXPECTED_END, n);
        if (c === 0x7d && comma >= 0) return refuse(C.TRAILING_COMMA, comma);
        if (c === 0x27) return refuse(C.SINGLE_QUOTE, i);
        if (isComment(b, i, n)) return refuse(C.COMMENT, i);
        return refuse(isWordPart(c) ? C.UNQUOTED_NAME : C.UNEXPECTED_CHARACTER, i);
      }
      const start = i + 1;
      let j = start;
      let escaped = false;
      for (;;) {
        j = skipPlain(b, words, j, n);
        if (j < n && b[j] === 0x22) break;
        escaped = true;
        j = stringEscape(b, j, n);
        if (j < 0) return false;
      }
      if (j - start > maxName && decodedLength(b, start, j) > maxName) {
        return refuse(C.NAME_TOO_LONG, i);
      }
      if (table.setsUsed || escaped || table.top - base[depth]! >= PAIRWISE_NAMES) {
        if (!recordNameInSet(b, decodedName, start, j, depth)) return refuse(C.DUPLICATE_KEY, i);
      } else {
        const length = j - start;
        const key = (length << 16) ^ (b[start]! << 8) ^ b[j - 1]!;
        const bit = 1 << (Math.imul(key, NAME_HASH) >>> 27);
        const seen = bits[depth]!;
        const top = table.top;
        if ((seen & bit) !== 0) {
          const { start: starts, end: ends, key: keys } = names;
          for (let k = base[depth]!; k < top; k++) {
            if (keys[k] !== key) continue;
            const s = starts[k]!;
            if (ends[k]! - s !== length) continue;
            let m = 0;
            while (m < length && b[s + m] === b[start + m]) m++;
            if (m === length) return refuse(C.DUPLICATE_KEY, i);
          }
        }
        bits[depth] = seen | bit;
        if (top === table.start.length) growNames();
        table.start[top] = start;
        table.end[top] = j;
        table.key[top] = key;
        table.top = top + 1;
      }
      i = j + 1;
      c = i < n ? b[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? b[i]! : -1;
      if (c !== 0x3a) {
        if (c === -1) return refuse(C.UNEXPECTED_END, n);
        return refuse(isComment(b, i, n) ? C.COMMENT : C.UNEXPECTED_CHARACTER, i);
      }
      expectName = false;
      comma = -1;
      i++;
      continue;
    }
    if (c === 0x22) {
      const start = i + 1;
      let j = start;
      for (;;) {
        j = skipPlain(b, words, j, n);
        if (j < n && b[j] === 0x22) break;
        j = stringEscape(b, j, n);
        if (j < 0) return false;
      }
      if (j - start > maxString && decodedLength(b, start, j) > maxString) {
        return refuse(C.STRING_TOO_LONG, i);
      }
      i = j + 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (depth >= maxDepth) return refuse(C.NESTING_TOO_DEEP, i);
      depth++;
      comma = -1;
      const open = c;
      c = ++i < n ? b[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? b[i]! : -1;
      if (open === 0x7b) {
        kinds[depth] = OBJECT;
        base[depth] = table.top;
        bits[depth] = 0;
        if (table.setsUsed) table.sets[depth] = undefined;
        if (c !== 0x7d) {
          expectName = true;
          continue;
        }
      } else {
        kinds[depth] = ARRAY;
        if (c !== 0x5d) continue;
      }
      depth--;
      i++;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      i = scanNumber(b, i, n, maxNumber);
      if (i < 0) return false;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      i = scanWord(b, i, n);
      if (i < 0) return false;
    } else {
      if (c === -1) return refuse(C.UNEXPECTED_END, n);
      if (comma >= 0 && c === 0x5d) return refuse(C.TRAILING_COMMA, comma);
      return refuse(valueRefusal(b, i, n), i);
    }
    for (;;) {
      c = i < n ? b[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? b[i]! : -1;
      if (c === 0x2c && depth > 0) {
        comma = i;
        i++;
        expectName = kinds[depth] === OBJECT;
        break;
      }
      if (c === 0x7d && depth > 0 && kinds[depth] === OBJECT) {
        table.top = base[depth]!;
        if (table.setsUsed) table.sets[depth] = undefined;
        depth--;
        i++;
      } else if (c === 0x5d && depth > 0 && kinds[depth] === ARRAY) {
        depth--;
        i++;
      } else if (c === -1) {
        return depth === 0 ? true : refuse(C.UNEXPECTED_END, n);
      } else if (isComment(b, i, n)) {
        return refuse(C.COMMENT, i);
      } else {
        return refuse(depth === 0 ? C.TRAILING_CONTENT : C.UNEXPECTED_CHARACTER, i);
      }
    }
  }
}
