/*
 * Longer than 400 lines: it is one hot loop with the helpers that index its units, the twin of
 * scan.ts line for line; splitting it would only scatter what must be read side by side with that
 * twin (what both share is in scan-common.ts).
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
 * The validating scan of string input that is not all ASCII: the same rules as the byte scan
 * (scan.ts), in the same order, over the string's UTF-16 code units (copied into a Uint16Array,
 * units.ts), so such input is never encoded to UTF-8. It is a separate copy rather than one scan
 * over an abstract reader because each hot loop must stay monomorphic (16-bit units here, bytes
 * there); property tests hold the two copies to the same codes and offsets. Positions here are
 * UTF-16 indexes; the caller turns the one in a refusal into a UTF-8 byte offset. A raw lone
 * surrogate inside a string is only noted (the caller locates it and refuses); anywhere else it
 * stops the scan as a character out of place.

 */

/** The string being scanned, for the rare slices (a number to convert, a name to unescape). */
let source = '';
/** Whether the string `skipString` last skipped held an escape. */
let escapedSeen = false;

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
 * backslash, and the outcome's `loneSurrogate` when it met an unpaired surrogate. The escapes
 * most text holds (the two-unit ones, and a `\u` of a character outside the surrogates) are
 * stepped over here without a call. Measured and kept: comparisons rather than a table lookup for
 * plain units (the table was slower here), and one unit at a time (reading two at a time through
 * an Int32Array view was slower on every payload class).
 */
function skipString(u: Uint16Array, j: number, n: number): number {
  const shortEscape = SHORT_ESCAPE;
  let escaped = false;
  for (;;) {
    let c = -1;
    while (j < n) {
      c = u[j]!;
      if (c < 0x5d ? c < 0x20 || c === 0x22 || c === 0x5c : (c & 0xf800) === 0xd800) break;
      j++;
    }
    if (c === 0x22) {
      escapedSeen = escaped;
      return j;
    }
    if (c === 0x5c && j + 1 < n) {
      const d = u[j + 1]!;
      if (d < 0x80 && shortEscape[d] === 1) {
        escaped = true;
        j += 2;
        continue;
      }
      if (d === 0x75) {
        const v = hex4(u, j + 2, n);
        if (v >= 0 && (v & 0xf800) !== 0xd800) {
          escaped = true;
          j += 6;
          continue;
        }
      }
    }
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    if (c >= 0xd800) {
      const d = c <= 0xdbff && j + 1 < n ? u[j + 1]! : 0;
      if ((d & 0xfc00) === 0xdc00) j += 2;
      else {
        outcome.loneSurrogate = true;
        j++;
      }
      continue;
    }
    if (c !== 0x5c) return fail(C.CONTROL_CHARACTER, j);
    escaped = true;
    j = unicodeEscape(u, j, n);
    if (j < 0) return -1;
  }
}

/**
 * Handles the backslash at `j` that does not start a two-unit escape: a `\u` escape (returns the
 * index after it, and after its low half when it is a high surrogate), or refuses (-1).
 */
function unicodeEscape(u: Uint16Array, j: number, n: number): number {
  if (j + 1 >= n) return fail(C.UNEXPECTED_END, n);
  if (u[j + 1]! !== 0x75) return fail(C.INVALID_ESCAPE, j);
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

/** Length in UTF-16 code units, after unescaping, of the scanned string content [start, end). */
function decodedLength(u: Uint16Array, start: number, end: number): number {
  let length = end - start;
  for (let j = start; j < end; j++) {
    if (u[j]! !== 0x5c) continue;
    if (u[j + 1]! !== 0x75) {
      length -= 1;
      j++;
    } else if ((hex4(u, j + 2, end) & 0xfc00) === 0xd800) {
      length -= 10;
      j += 11;
    } else {
      length -= 5;
      j += 5;
    }
  }
  return length;
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
    if (intEnd - intStart >= 16) {
      const kind = integerKind(u, intStart, intEnd - intStart);
      if (kind === OVERFLOWING_INTEGER) return fail(C.NUMBER_OVERFLOW, i);
      if (kind === BIG_INTEGER) outcome.bigInt = true;
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

/** The member name of the scanned span [start, end), unescaped. */
function decodedName(u: Uint16Array, start: number, end: number): string {
  for (let k = start; k < end; k++) {
    if (u[k]! === 0x5c) return JSON.parse(source.slice(start - 1, end + 1)) as string;
  }
  return source.slice(start, end);
}

/**
 * Scans string input against every rule, reading its code units from `units` (the first
 * `text.length` of them), and returns the outcome (the one shared object: read it before the next
 * scan). A raw lone surrogate inside a string does not make it refuse: the outcome notes it.
 */
export function scanText(text: string, units: Uint16Array, limits: DecodeLimits): ScanOutcome {
  beginScan(limits.maxNestingDepth);
  source = text;
  const accepted = scanDocument(units, text.length, limits);
  source = '';
  return endScan(accepted);
}

function scanDocument(u: Uint16Array, n: number, limits: DecodeLimits): boolean {
  const maxDepth = limits.maxNestingDepth;
  const maxString = limits.maxStringLength;
  const maxName = limits.maxNameLength;
  const maxNumber = limits.maxNumberLength;
  const table = names;
  const { kinds, base, bits } = table;
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
      if (table.setsUsed || escapedSeen || table.top - base[depth]! >= PAIRWISE_NAMES) {
        if (!recordNameInSet(u, decodedName, start, j, depth)) return refuse(C.DUPLICATE_KEY, i);
      } else {
        const length = j - start;
        const key = (length << 16) ^ (u[start]! << 8) ^ u[j - 1]!;
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
            while (m < length && u[s + m]! === u[start + m]!) m++;
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
      c = i < n ? u[i]! : -1;
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? u[i]! : -1;
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
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? u[i]! : -1;
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
      while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = ++i < n ? u[i]! : -1;
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
      } else if (isComment(u, i, n)) {
        return refuse(C.COMMENT, i);
      } else {
        return refuse(depth === 0 ? C.TRAILING_CONTENT : C.UNEXPECTED_CHARACTER, i);
      }
    }
  }
}
