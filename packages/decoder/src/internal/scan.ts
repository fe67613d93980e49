import type { DecodeLimits } from '../limits.ts';
import { DECODE_REFUSAL_CODES as C, type DecodeRefusalCode } from '../refusal.ts';

/*
 * The validating scan: one pass over the UTF-8 bytes of the document that enforces every rule of
 * the decoder without building anything. It is iterative (an explicit stack bounded by the depth
 * limit), so no input can overflow the call stack. When it accepts, the text is RFC 8259 JSON that
 * native JSON.parse reads to exactly the value we mean, unless `scanSawBigInt()` says an integer
 * needs a `bigint`. The bytes must already be well-formed UTF-8 (the caller checks that natively),
 * so a byte >= 0x80 inside a string is content, and outside one is a character out of place.
 */

const ARRAY = 1;
const OBJECT = 2;
/** Members an object may have before duplicate detection switches from pairwise to a Set. */
const PAIRWISE_NAMES = 12;
/** Multiplier spreading a name key over the 32 bits of `nameBits` (Fibonacci hashing). */
const NAME_HASH = 0x9e3779b1 | 0;
/** Number literals no longer than this, without exponent, can neither overflow nor underflow. */
const PLAIN_NUMBER_SAFE_LENGTH = 300;
/** The digits of 2^53-1, the largest integer a double holds exactly. */
const MAX_SAFE_DIGITS = [57, 48, 48, 55, 49, 57, 57, 50, 53, 52, 55, 52, 48, 57, 57, 49];

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

let failCode: DecodeRefusalCode = C.UNEXPECTED_END;
let failOffset = 0;
let sawBigInt = false;

let kinds = new Uint8Array(64);
let nameBase = new Int32Array(64);
/**
 * One bit per object being scanned for each name it holds so far (a 32-bit Bloom filter over the
 * name keys): a name whose bit is clear is new, and is compared with no other.
 */
let nameBits = new Int32Array(64);
/** Per depth; no prototype, so storing a Set consults no setter a prototype holds for an index. */
let nameSets: { [depth: number]: Set<string> | undefined } = Object.create(null);
let setsUsed = false;
let nameStart = new Int32Array(256);
let nameEnd = new Int32Array(256);
/** Length, first and last unit of each recorded name, compared before the names themselves. */
let nameKey = new Int32Array(256);
let nameTop = 0;

/** The refusal code of the last failed scan. */
export function scanFailCode(): DecodeRefusalCode {
  return failCode;
}

/** The byte offset of the last failed scan's refusal. */
export function scanFailOffset(): number {
  return failOffset;
}

/** Whether the last accepted scan saw an integer literal beyond ±(2^53-1). */
export function scanSawBigInt(): boolean {
  return sawBigInt;
}

function fail(code: DecodeRefusalCode, offset: number): -1 {
  failCode = code;
  failOffset = offset;
  return -1;
}

function refuse(code: DecodeRefusalCode, offset: number): false {
  fail(code, offset);
  return false;
}

function isWordPart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x24
  );
}

function isComment(b: Uint8Array, i: number, n: number): boolean {
  if (i + 1 >= n || b[i] !== 0x2f) return false;
  const d = b[i + 1];
  return d === 0x2f || d === 0x2a;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -1;
}

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
  const d = b[j + 1];
  if (d === 0x75) {
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
  if (
    d === 0x22 ||
    d === 0x5c ||
    d === 0x2f ||
    d === 0x62 ||
    d === 0x66 ||
    d === 0x6e ||
    d === 0x72 ||
    d === 0x74
  ) {
    return j + 2;
  }
  return fail(C.INVALID_ESCAPE, j);
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

function hasNonZeroDigit(b: Uint8Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = b[k]!;
    if (c >= 0x31 && c <= 0x39) return true;
  }
  return false;
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
    const digits = intEnd - intStart;
    if (digits > 16) sawBigInt = true;
    else if (digits === 16) {
      for (let k = 0; k < 16; k++) {
        const d = b[intStart + k]! - MAX_SAFE_DIGITS[k]!;
        if (d > 0) sawBigInt = true;
        if (d !== 0) break;
      }
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

/** Why the byte at `i` cannot start a value. */
function valueRefusal(b: Uint8Array, i: number, n: number): DecodeRefusalCode {
  const c = b[i]!;
  if (c === 0x27) return C.SINGLE_QUOTE;
  if (isComment(b, i, n)) return C.COMMENT;
  if (c === 0x2e || c === 0x2b) return C.INVALID_NUMBER;
  if (isWordPart(c)) return C.BARE_WORD;
  return C.UNEXPECTED_CHARACTER;
}

function decodedName(b: Uint8Array, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    if (b[k] === 0x5c) return JSON.parse(utf8.decode(b.subarray(start - 1, end + 1))) as string;
  }
  return utf8.decode(b.subarray(start, end));
}

function growNames(): void {
  const size = nameStart.length * 2;
  const grownStart = new Int32Array(size);
  grownStart.set(nameStart);
  nameStart = grownStart;
  const grownEnd = new Int32Array(size);
  grownEnd.set(nameEnd);
  nameEnd = grownEnd;
  const grownKey = new Int32Array(size);
  grownKey.set(nameKey);
  nameKey = grownKey;
}

/**
 * The Set path of duplicate detection, for objects with many members or an escaped name: moves
 * the object's recorded spans into a Set of decoded names; false when the name is already there.
 */
function recordNameInSet(b: Uint8Array, start: number, end: number, depth: number): boolean {
  let set = nameSets[depth];
  if (set === undefined) {
    set = new Set<string>();
    const base = nameBase[depth]!;
    for (let k = base; k < nameTop; k++) set.add(decodedName(b, nameStart[k]!, nameEnd[k]!));
    nameTop = base;
    nameSets[depth] = set;
    setsUsed = true;
  }
  const name = decodedName(b, start, end);
  if (set.has(name)) return false;
  set.add(name);
  return true;
}

function ensureDepth(maxDepth: number): void {
  if (kinds.length > maxDepth + 1) return;
  const size = maxDepth + 2;
  kinds = new Uint8Array(size);
  nameBase = new Int32Array(size);
  nameBits = new Int32Array(size);
}

/**
 * Scans the first `n` bytes of `b` (well-formed UTF-8) against every rule; true when they are
 * accepted. On refusal, `scanFailCode()` and `scanFailOffset()` say why and where. `words`, a view
 * of the same bytes, lets string content be skipped four bytes at a time; by default one is made
 * for inputs long enough to repay making it.
 */
export function scan(
  b: Uint8Array,
  n: number,
  limits: DecodeLimits,
  words: DataView | null = n >= WORD_SKIP_LENGTH ? new DataView(b.buffer, b.byteOffset, n) : null,
): boolean {
  sawBigInt = false;
  nameTop = 0;
  const ok = scanDocument(b, n, limits, words);
  if (setsUsed) {
    nameSets = Object.create(null);
    setsUsed = false;
  }
  return ok;
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
  ensureDepth(maxDepth);
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
      if (setsUsed || escaped || nameTop - nameBase[depth]! >= PAIRWISE_NAMES) {
        if (!recordNameInSet(b, start, j, depth)) return refuse(C.DUPLICATE_KEY, i);
      } else {
        const length = j - start;
        const key = (length << 16) ^ (b[start]! << 8) ^ b[j - 1]!;
        const bit = 1 << (Math.imul(key, NAME_HASH) >>> 27);
        const seen = nameBits[depth]!;
        if ((seen & bit) !== 0) {
          for (let k = nameBase[depth]!; k < nameTop; k++) {
            if (nameKey[k] !== key) continue;
            const s = nameStart[k]!;
            if (nameEnd[k]! - s !== length) continue;
            let m = 0;
            while (m < length && b[s + m] === b[start + m]) m++;
            if (m === length) return refuse(C.DUPLICATE_KEY, i);
          }
        }
        nameBits[depth] = seen | bit;
        if (nameTop === nameStart.length) growNames();
        nameStart[nameTop] = start;
        nameEnd[nameTop] = j;
        nameKey[nameTop] = key;
        nameTop++;
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
        nameBase[depth] = nameTop;
        nameBits[depth] = 0;
        if (setsUsed) nameSets[depth] = undefined;
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
        nameTop = nameBase[depth]!;
        if (setsUsed) nameSets[depth] = undefined;
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
