import type { DecodeLimits } from '../limits.ts';
import { DECODE_REFUSAL_CODES as C, type DecodeRefusalCode } from '../refusal.ts';

/*
 * The validating scan of string input that is not all ASCII: the same rules as the byte scan
 * (scan.ts), in the same order, over the string's UTF-16 code units (copied into a Uint16Array,
 * units.ts), so such input is never encoded to UTF-8. It is a separate copy rather than one scan
 * over an abstract reader because each hot loop must stay monomorphic (16-bit units here, bytes
 * there); property tests hold the two copies to the same codes and offsets. Positions here are
 * UTF-16 indexes; the caller turns the one in a refusal into a UTF-8 byte offset. A raw lone
 * surrogate inside a string is only noted (the caller locates it and refuses); anywhere else it
 * stops the scan as a character out of place.
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

let source = '';
let failCode: DecodeRefusalCode = C.UNEXPECTED_END;
let failIndex = 0;
let sawBigInt = false;
let sawLoneSurrogate = false;
/** Whether the string `skipString` last skipped held an escape. */
let escapedSeen = false;

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

/** The refusal code of the last failed text scan. */
export function textFailCode(): DecodeRefusalCode {
  return failCode;
}

/** The UTF-16 index of the last failed text scan's refusal. */
export function textFailIndex(): number {
  return failIndex;
}

/** Whether the last text scan met a raw lone surrogate inside a string. */
export function textSawLoneSurrogate(): boolean {
  return sawLoneSurrogate;
}

/** Whether the last accepted text scan saw an integer literal beyond ±(2^53-1). */
export function textSawBigInt(): boolean {
  return sawBigInt;
}

function fail(code: DecodeRefusalCode, index: number): -1 {
  failCode = code;
  failIndex = index;
  return -1;
}

function refuse(code: DecodeRefusalCode, index: number): false {
  fail(code, index);
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

function isComment(u: Uint16Array, i: number, n: number): boolean {
  if (i + 1 >= n || u[i]! !== 0x2f) return false;
  const d = u[i + 1]!;
  return d === 0x2f || d === 0x2a;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -1;
}

/** The code unit of the 4 hex digits at `k`; -1 for a non-hex digit, -2 if the input ends first. */
function hex4(u: Uint16Array, k: number, n: number): number {
  let v = 0;
  for (let m = 0; m < 4; m++) {
    if (k + m >= n) return -2;
    const h = hexDigit(u[k + m]!);
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

/**
 * Skips the string content from `j` (just after the opening quote) to its closing quote and
 * returns the closing quote's index; -1 when it refuses. Sets `escapedSeen` when it met a
 * backslash, and `sawLoneSurrogate` when it met an unpaired surrogate.
 */
function skipString(u: Uint16Array, j: number, n: number): number {
  escapedSeen = false;
  for (;;) {
    let c = -1;
    while (j < n) {
      c = u[j]!;
      if (c < 0x5d ? c < 0x20 || c === 0x22 || c === 0x5c : c >= 0xd800 && c <= 0xdfff) break;
      j++;
    }
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    if (c === 0x22) return j;
    if (c >= 0xd800) {
      const d = c <= 0xdbff && j + 1 < n ? u[j + 1]! : 0;
      if (d >= 0xdc00 && d <= 0xdfff) j += 2;
      else {
        sawLoneSurrogate = true;
        j++;
      }
      continue;
    }
    if (c !== 0x5c) return fail(C.CONTROL_CHARACTER, j);
    escapedSeen = true;
    j = stringEscape(u, j, n);
    if (j < 0) return -1;
  }
}

/** Handles the backslash at `j`: returns the index after its escape, or -1 when it refuses. */
function stringEscape(u: Uint16Array, j: number, n: number): number {
  if (j + 1 >= n) return fail(C.UNEXPECTED_END, n);
  const d = u[j + 1]!;
  if (d === 0x75) {
    const high = hex4(u, j + 2, n);
    if (high < 0) return high === -2 ? fail(C.UNEXPECTED_END, n) : fail(C.INVALID_ESCAPE, j);
    if (high < 0xd800 || high > 0xdfff) return j + 6;
    if (high >= 0xdc00) return fail(C.LONE_SURROGATE, j);
    if (j + 6 < n && u[j + 6]! !== 0x5c) return fail(C.LONE_SURROGATE, j);
    if (j + 7 < n && u[j + 7]! !== 0x75) return fail(C.LONE_SURROGATE, j);
    if (j + 7 >= n) return fail(C.UNEXPECTED_END, n);
    const low = hex4(u, j + 8, n);
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

function isHighSurrogate(u: number): boolean {
  return u >= 0xd800 && u <= 0xdbff;
}

/** Length in UTF-16 code units, after unescaping, of the scanned string content [start, end). */
function decodedLength(u: Uint16Array, start: number, end: number): number {
  let length = end - start;
  for (let j = start; j < end; j++) {
    if (u[j]! !== 0x5c) continue;
    if (u[j + 1]! !== 0x75) {
      length -= 1;
      j++;
    } else if (isHighSurrogate(hex4(u, j + 2, end))) {
      length -= 10;
      j += 11;
    } else {
      length -= 5;
      j += 5;
    }
  }
  return length;
}

function hasNonZeroDigit(u: Uint16Array, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = u[k]!;
    if (c >= 0x31 && c <= 0x39) return true;
  }
  return false;
}

/** Scans the number starting at `i` (a `-` or a digit); returns the index after it. */
function scanNumber(u: Uint16Array, i: number, n: number, maxLength: number): number {
  let j = i;
  let c = u[j]!;
  if (c === 0x2d) {
    j++;
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    c = u[j]!;
  }
  const intStart = j;
  if (c === 0x30) {
    j++;
    c = j < n ? u[j]! : -1;
    if (c >= 0x30 && c <= 0x39) return fail(C.LEADING_ZERO, i);
  } else if (c >= 0x31 && c <= 0x39) {
    j++;
    c = -1;
    while (j < n) {
      c = u[j]!;
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
      c = u[j]!;
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
    c = j < n ? u[j]! : -1;
    if (c === 0x2b || c === 0x2d) j++;
    const exponentStart = j;
    c = -1;
    while (j < n) {
      c = u[j]!;
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
        const d = u[intStart + k]! - MAX_SAFE_DIGITS[k]!;
        if (d > 0) sawBigInt = true;
        if (d !== 0) break;
      }
    }
  } else if (exponent || j - i > PLAIN_NUMBER_SAFE_LENGTH) {
    const v = Number(source.slice(i, j));
    if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
      return fail(C.NUMBER_OVERFLOW, i);
    }
    if (v === 0 && hasNonZeroDigit(u, intStart, mantissaEnd)) return fail(C.NUMBER_UNDERFLOW, i);
  }
  return j;
}

/** Scans `true`, `false` or `null` at `i`; anything else there is a bare word. */
function scanWord(u: Uint16Array, i: number, n: number): number {
  let j = i;
  while (j < n && isWordPart(u[j]!)) j++;
  const length = j - i;
  const c = u[i]!;
  if (length === 4) {
    if (c === 0x74 && u[i + 1]! === 0x72 && u[i + 2]! === 0x75 && u[i + 3]! === 0x65) {
      return j;
    }
    if (c === 0x6e && u[i + 1]! === 0x75 && u[i + 2]! === 0x6c && u[i + 3]! === 0x6c) {
      return j;
    }
  } else if (length === 5) {
    if (
      c === 0x66 &&
      u[i + 1]! === 0x61 &&
      u[i + 2]! === 0x6c &&
      u[i + 3]! === 0x73 &&
      u[i + 4]! === 0x65
    ) {
      return j;
    }
  }
  if (j >= n) {
    const word = source.slice(i, j);
    if ('true'.startsWith(word) || 'false'.startsWith(word) || 'null'.startsWith(word)) {
      return fail(C.UNEXPECTED_END, n);
    }
  }
  return fail(C.BARE_WORD, i);
}

/** Why the unit at `i` cannot start a value. */
function valueRefusal(u: Uint16Array, i: number, n: number): DecodeRefusalCode {
  const c = u[i]!;
  if (c === 0x27) return C.SINGLE_QUOTE;
  if (isComment(u, i, n)) return C.COMMENT;
  if (c === 0x2e || c === 0x2b) return C.INVALID_NUMBER;
  if (isWordPart(c)) return C.BARE_WORD;
  return C.UNEXPECTED_CHARACTER;
}

function decodedName(u: Uint16Array, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    if (u[k]! === 0x5c) return JSON.parse(source.slice(start - 1, end + 1)) as string;
  }
  return source.slice(start, end);
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
function recordNameInSet(u: Uint16Array, start: number, end: number, depth: number): boolean {
  let set = nameSets[depth];
  if (set === undefined) {
    set = new Set<string>();
    const base = nameBase[depth]!;
    for (let k = base; k < nameTop; k++) set.add(decodedName(u, nameStart[k]!, nameEnd[k]!));
    nameTop = base;
    nameSets[depth] = set;
    setsUsed = true;
  }
  const name = decodedName(u, start, end);
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
 * Scans string input against every rule, reading its code units from `units` (the first
 * `text.length` of them); true when it is accepted (a raw lone surrogate inside a string aside:
 * see `textSawLoneSurrogate()`). On refusal, `textFailCode()` and `textFailIndex()` say why and
 * where (a UTF-16 index).
 */
export function scanText(text: string, units: Uint16Array, limits: DecodeLimits): boolean {
  sawBigInt = false;
  sawLoneSurrogate = false;
  nameTop = 0;
  source = text;
  const ok = scanDocument(units, text.length, limits);
  source = '';
  if (setsUsed) {
    nameSets = Object.create(null);
    setsUsed = false;
  }
  return ok;
}

function scanDocument(u: Uint16Array, n: number, limits: DecodeLimits): boolean {
  const maxDepth = limits.maxNestingDepth;
  const maxString = limits.maxStringLength;
  const maxName = limits.maxNameLength;
  const maxNumber = limits.maxNumberLength;
  ensureDepth(maxDepth);
  if (n >= 1 && u[0]! === 0xfeff) return refuse(C.BYTE_ORDER_MARK, 0);
  let depth = 0;
  let i = 0;
  let c = 0;
  let comma = -1;
  let expectName = false;
  for (;;) {
    c = i < n ? u[i]! : -1;
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? u[i]! : -1;
    if (expectName) {
      if (c !== 0x22) {
        if (c === -1) return refuse(C.UNEXPECTED_END, n);
        if (c === 0x7d && comma >= 0) return refuse(C.TRAILING_COMMA, comma);
        if (c === 0x27) return refuse(C.SINGLE_QUOTE, i);
        if (isComment(u, i, n)) return refuse(C.COMMENT, i);
        return refuse(isWordPart(c) ? C.UNQUOTED_NAME : C.UNEXPECTED_CHARACTER, i);
      }
      const start = i + 1;
      const j = skipString(u, start, n);
      if (j < 0) return false;
      if (j - start > maxName && decodedLength(u, start, j) > maxName) {
        return refuse(C.NAME_TOO_LONG, i);
      }
      if (setsUsed || escapedSeen || nameTop - nameBase[depth]! >= PAIRWISE_NAMES) {
        if (!recordNameInSet(u, start, j, depth)) return refuse(C.DUPLICATE_KEY, i);
      } else {
        const length = j - start;
        const key = (length << 16) ^ (u[start]! << 8) ^ u[j - 1]!;
        const bit = 1 << (Math.imul(key, NAME_HASH) >>> 27);
        const seen = nameBits[depth]!;
        if ((seen & bit) !== 0) {
          for (let k = nameBase[depth]!; k < nameTop; k++) {
            if (nameKey[k] !== key) continue;
            const s = nameStart[k]!;
            if (nameEnd[k]! - s !== length) continue;
            let m = 0;
            while (m < length && u[s + m]! === u[start + m]!) m++;
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
      c = i < n ? u[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        c = ++i < n ? u[i]! : -1;
      }
      if (c !== 0x3a) {
        if (c === -1) return refuse(C.UNEXPECTED_END, n);
        return refuse(isComment(u, i, n) ? C.COMMENT : C.UNEXPECTED_CHARACTER, i);
      }
      expectName = false;
      comma = -1;
      i++;
      continue;
    }
    if (c === 0x22) {
      const start = i + 1;
      const j = skipString(u, start, n);
      if (j < 0) return false;
      if (j - start > maxString && decodedLength(u, start, j) > maxString) {
        return refuse(C.STRING_TOO_LONG, i);
      }
      i = j + 1;
    } else if (c === 0x7b || c === 0x5b) {
      if (depth >= maxDepth) return refuse(C.NESTING_TOO_DEEP, i);
      depth++;
      comma = -1;
      const open = c;
      c = ++i < n ? u[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        c = ++i < n ? u[i]! : -1;
      }
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
      i = scanNumber(u, i, n, maxNumber);
      if (i < 0) return false;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      i = scanWord(u, i, n);
      if (i < 0) return false;
    } else {
      if (c === -1) return refuse(C.UNEXPECTED_END, n);
      if (comma >= 0 && c === 0x5d) return refuse(C.TRAILING_COMMA, comma);
      return refuse(valueRefusal(u, i, n), i);
    }
    for (;;) {
      c = i < n ? u[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        c = ++i < n ? u[i]! : -1;
      }
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
      } else if (isComment(u, i, n)) {
        return refuse(C.COMMENT, i);
      } else {
        return refuse(depth === 0 ? C.TRAILING_CONTENT : C.UNEXPECTED_CHARACTER, i);
      }
    }
  }
}
