import type { DecodeLimits } from '../limits.ts';
import { DECODE_REFUSAL_CODES as C, type DecodeRefusalCode } from '../refusal.ts';

/*
 * The validating scan: one pass over the text that enforces every rule of the decoder without
 * building anything. It is iterative (an explicit stack bounded by the depth limit), so no input
 * can overflow the call stack. When it accepts, the text is RFC 8259 JSON that native JSON.parse
 * reads to exactly the value we mean, unless `scanSawBigInt` says an integer needs `bigint`.
 */

const ARRAY = 1;
const OBJECT = 2;
/** Members an object may have before duplicate detection switches from pairwise to a Set. */
const PAIRWISE_NAMES = 12;
/** Number literals no longer than this, without exponent, can neither overflow nor underflow. */
const PLAIN_NUMBER_SAFE_LENGTH = 300;
const MAX_SAFE_DIGITS = '9007199254740991';

let failCode: DecodeRefusalCode = C.UNEXPECTED_END;
let failIndex = 0;
let sawBigInt = false;
let lastStringEscaped = false;

let kinds = new Uint8Array(64);
let nameBase = new Int32Array(64);
let nameSets: (Set<string> | undefined)[] = [];
let setsUsed = false;
let nameStart = new Int32Array(256);
let nameEnd = new Int32Array(256);
let nameTop = 0;

/** The refusal code of the last failed scan. */
export function scanFailCode(): DecodeRefusalCode {
  return failCode;
}

/** The UTF-16 index of the last failed scan's refusal. */
export function scanFailIndex(): number {
  return failIndex;
}

/** Whether the last accepted scan saw an integer literal beyond ±(2^53-1). */
export function scanSawBigInt(): boolean {
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

function skipWhitespace(text: string, i: number): number {
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else break;
  }
  return i;
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

function isComment(text: string, i: number): boolean {
  if (text.charCodeAt(i) !== 0x2f) return false;
  const d = text.charCodeAt(i + 1);
  return d === 0x2f || d === 0x2a;
}

function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -1;
}

/** The code unit of the 4 hex digits at `k`; -1 for a non-hex digit, -2 if the text ends first. */
function hex4(text: string, k: number): number {
  let v = 0;
  for (let m = 0; m < 4; m++) {
    if (k + m >= text.length) return -2;
    const h = hexDigit(text.charCodeAt(k + m));
    if (h < 0) return -1;
    v = (v << 4) | h;
  }
  return v;
}

/** Scans the string whose opening quote is at `i`; returns the index after its closing quote. */
function scanString(text: string, i: number, max: number, tooLong: DecodeRefusalCode): number {
  const n = text.length;
  let j = i + 1;
  let saved = 0;
  let escaped = false;
  for (;;) {
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    const c = text.charCodeAt(j);
    if (c === 0x22) break;
    if (c === 0x5c) {
      escaped = true;
      if (j + 1 >= n) return fail(C.UNEXPECTED_END, n);
      const d = text.charCodeAt(j + 1);
      if (d === 0x75) {
        const u = hex4(text, j + 2);
        if (u < 0) return fail(u === -2 ? C.UNEXPECTED_END : C.INVALID_ESCAPE, u === -2 ? n : j);
        if (u >= 0xd800 && u <= 0xdfff) {
          if (u >= 0xdc00) return fail(C.LONE_SURROGATE, j);
          if (j + 7 >= n) return fail(C.UNEXPECTED_END, n);
          if (text.charCodeAt(j + 6) !== 0x5c || text.charCodeAt(j + 7) !== 0x75) {
            return fail(C.LONE_SURROGATE, j);
          }
          const low = hex4(text, j + 8);
          if (low === -2) return fail(C.UNEXPECTED_END, n);
          if (low === -1) return fail(C.INVALID_ESCAPE, j + 6);
          if (low < 0xdc00 || low > 0xdfff) return fail(C.LONE_SURROGATE, j);
          j += 12;
          saved += 10;
        } else {
          j += 6;
          saved += 5;
        }
      } else if (
        d === 0x22 ||
        d === 0x5c ||
        d === 0x2f ||
        d === 0x62 ||
        d === 0x66 ||
        d === 0x6e ||
        d === 0x72 ||
        d === 0x74
      ) {
        j += 2;
        saved += 1;
      } else {
        return fail(C.INVALID_ESCAPE, j);
      }
      continue;
    }
    if (c < 0x20) return fail(C.CONTROL_CHARACTER, j);
    j++;
  }
  if (j - i - 1 - saved > max) return fail(tooLong, i);
  lastStringEscaped = escaped;
  return j + 1;
}

/** Scans the number starting at `i` (a `-` or a digit); returns the index after it. */
function scanNumber(text: string, i: number, maxLength: number): number {
  const n = text.length;
  let j = i;
  let c = text.charCodeAt(j);
  if (c === 0x2d) {
    j++;
    if (j >= n) return fail(C.UNEXPECTED_END, n);
    c = text.charCodeAt(j);
  }
  const intStart = j;
  let nonZero = false;
  if (c === 0x30) {
    j++;
    c = j < n ? text.charCodeAt(j) : -1;
    if (c >= 0x30 && c <= 0x39) return fail(C.LEADING_ZERO, i);
  } else if (c >= 0x31 && c <= 0x39) {
    nonZero = true;
    j++;
    c = -1;
    while (j < n) {
      c = text.charCodeAt(j);
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
      c = text.charCodeAt(j);
      if (c < 0x30 || c > 0x39) break;
      if (c !== 0x30) nonZero = true;
      j++;
      c = -1;
    }
    if (j === fractionStart) return fail(j >= n ? C.UNEXPECTED_END : C.INVALID_NUMBER, i);
  }
  if (c === 0x65 || c === 0x45) {
    integer = false;
    exponent = true;
    j++;
    c = j < n ? text.charCodeAt(j) : -1;
    if (c === 0x2b || c === 0x2d) j++;
    const exponentStart = j;
    c = -1;
    while (j < n) {
      c = text.charCodeAt(j);
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
    if (digits > 16 || (digits === 16 && text.slice(intStart, intEnd) > MAX_SAFE_DIGITS)) {
      sawBigInt = true;
    }
  } else if (exponent || j - i > PLAIN_NUMBER_SAFE_LENGTH) {
    const v = Number(text.slice(i, j));
    if (v === Number.POSITIVE_INFINITY || v === Number.NEGATIVE_INFINITY) {
      return fail(C.NUMBER_OVERFLOW, i);
    }
    if (v === 0 && nonZero) return fail(C.NUMBER_UNDERFLOW, i);
  }
  return j;
}

/** Scans `true`, `false` or `null` at `i`; anything else there is a bare word. */
function scanWord(text: string, i: number): number {
  const n = text.length;
  let j = i;
  while (j < n && isWordPart(text.charCodeAt(j))) j++;
  const length = j - i;
  if (
    (length === 4 && (text.startsWith('true', i) || text.startsWith('null', i))) ||
    (length === 5 && text.startsWith('false', i))
  ) {
    return j;
  }
  if (j >= n) {
    const word = text.slice(i, j);
    if ('true'.startsWith(word) || 'false'.startsWith(word) || 'null'.startsWith(word)) {
      return fail(C.UNEXPECTED_END, n);
    }
  }
  return fail(C.BARE_WORD, i);
}

/** Why the character at `i` cannot start a value. */
function valueRefusal(text: string, i: number): DecodeRefusalCode {
  const c = text.charCodeAt(i);
  if (c === 0x27) return C.SINGLE_QUOTE;
  if (isComment(text, i)) return C.COMMENT;
  if (c === 0x2e || c === 0x2b) return C.INVALID_NUMBER;
  if (isWordPart(c)) return C.BARE_WORD;
  return C.UNEXPECTED_CHARACTER;
}

function decodedName(text: string, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(text.slice(start - 1, end + 1)) as string) : text.slice(start, end);
}

function hasEscape(text: string, start: number, end: number): boolean {
  const backslash = text.indexOf('\\', start);
  return backslash !== -1 && backslash < end;
}

/**
 * Records the name spanning [start, end) in the object at `depth`; false when the object already
 * has it. Small objects without escaped names compare raw spans pairwise (raw equality is value
 * equality when nothing is escaped); larger ones, or any escaped name, use a Set of decoded names.
 */
function recordName(text: string, start: number, end: number, depth: number): boolean {
  let set = nameSets[depth];
  if (set === undefined) {
    const base = nameBase[depth]!;
    if (!lastStringEscaped && nameTop - base < PAIRWISE_NAMES) {
      const length = end - start;
      for (let k = base; k < nameTop; k++) {
        const s = nameStart[k]!;
        if (nameEnd[k]! - s !== length) continue;
        let m = 0;
        while (m < length && text.charCodeAt(s + m) === text.charCodeAt(start + m)) m++;
        if (m === length) return false;
      }
      if (nameTop === nameStart.length) {
        const grownStart = new Int32Array(nameTop * 2);
        grownStart.set(nameStart);
        nameStart = grownStart;
        const grownEnd = new Int32Array(nameTop * 2);
        grownEnd.set(nameEnd);
        nameEnd = grownEnd;
      }
      nameStart[nameTop] = start;
      nameEnd[nameTop] = end;
      nameTop++;
      return true;
    }
    set = new Set<string>();
    for (let k = base; k < nameTop; k++) {
      const s = nameStart[k]!;
      const e = nameEnd[k]!;
      set.add(decodedName(text, s, e, hasEscape(text, s, e)));
    }
    nameTop = base;
    nameSets[depth] = set;
    setsUsed = true;
  }
  const name = decodedName(text, start, end, lastStringEscaped);
  if (set.has(name)) return false;
  set.add(name);
  return true;
}

/**
 * Scans a member name at `i` and its colon; returns the index of the member's value. `comma` is
 * the index of the comma before the member, or -1 for the first member.
 */
function scanMember(
  text: string,
  i: number,
  depth: number,
  comma: number,
  limits: DecodeLimits,
): number {
  const n = text.length;
  if (i >= n) return fail(C.UNEXPECTED_END, n);
  const c = text.charCodeAt(i);
  if (c !== 0x22) {
    if (c === 0x7d && comma >= 0) return fail(C.TRAILING_COMMA, comma);
    if (c === 0x27) return fail(C.SINGLE_QUOTE, i);
    if (isComment(text, i)) return fail(C.COMMENT, i);
    return fail(isWordPart(c) ? C.UNQUOTED_NAME : C.UNEXPECTED_CHARACTER, i);
  }
  const end = scanString(text, i, limits.maxNameLength, C.NAME_TOO_LONG);
  if (end < 0) return -1;
  if (!recordName(text, i + 1, end - 1, depth)) return fail(C.DUPLICATE_KEY, i);
  const colon = skipWhitespace(text, end);
  if (colon >= n) return fail(C.UNEXPECTED_END, n);
  if (text.charCodeAt(colon) !== 0x3a) {
    return fail(isComment(text, colon) ? C.COMMENT : C.UNEXPECTED_CHARACTER, colon);
  }
  return skipWhitespace(text, colon + 1);
}

function ensureDepth(maxDepth: number): void {
  if (kinds.length > maxDepth + 1) return;
  const size = maxDepth + 2;
  kinds = new Uint8Array(size);
  nameBase = new Int32Array(size);
}

function releaseSets(): void {
  if (!setsUsed) return;
  nameSets = [];
  setsUsed = false;
}

/**
 * Scans `text` against every rule; true when it is accepted. On refusal, `scanFailCode()` and
 * `scanFailIndex()` (a UTF-16 index) say why and where. Raw lone surrogates are not judged here.
 */
export function scan(text: string, limits: DecodeLimits): boolean {
  sawBigInt = false;
  nameTop = 0;
  const ok = scanDocument(text, limits);
  releaseSets();
  return ok;
}

function scanDocument(text: string, limits: DecodeLimits): boolean {
  const n = text.length;
  const maxDepth = limits.maxNestingDepth;
  const maxString = limits.maxStringLength;
  const maxNumber = limits.maxNumberLength;
  ensureDepth(maxDepth);
  if (n > 0 && text.charCodeAt(0) === 0xfeff) return refuse(C.BYTE_ORDER_MARK, 0);
  let depth = 0;
  let i = skipWhitespace(text, 0);
  for (;;) {
    if (i >= n) return refuse(C.UNEXPECTED_END, n);
    let c = text.charCodeAt(i);
    if (c === 0x22) {
      i = scanString(text, i, maxString, C.STRING_TOO_LONG);
    } else if (c === 0x5b || c === 0x7b) {
      if (depth >= maxDepth) return refuse(C.NESTING_TOO_DEEP, i);
      depth++;
      i = skipWhitespace(text, i + 1);
      if (c === 0x5b) {
        kinds[depth] = ARRAY;
        if (text.charCodeAt(i) !== 0x5d) continue;
        depth--;
        i++;
      } else {
        kinds[depth] = OBJECT;
        nameBase[depth] = nameTop;
        nameSets[depth] = undefined;
        if (text.charCodeAt(i) !== 0x7d) {
          i = scanMember(text, i, depth, -1, limits);
          if (i < 0) return false;
          continue;
        }
        depth--;
        i++;
      }
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      i = scanNumber(text, i, maxNumber);
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      i = scanWord(text, i);
    } else {
      return refuse(valueRefusal(text, i), i);
    }
    if (i < 0) return false;
    for (;;) {
      i = skipWhitespace(text, i);
      if (depth === 0) {
        if (i < n) {
          return refuse(isComment(text, i) ? C.COMMENT : C.TRAILING_CONTENT, i);
        }
        return true;
      }
      if (i >= n) return refuse(C.UNEXPECTED_END, n);
      c = text.charCodeAt(i);
      if (c === 0x2c) {
        const comma = i;
        i = skipWhitespace(text, i + 1);
        if (kinds[depth] === ARRAY) {
          if (text.charCodeAt(i) === 0x5d) return refuse(C.TRAILING_COMMA, comma);
        } else {
          i = scanMember(text, i, depth, comma, limits);
          if (i < 0) return false;
        }
        break;
      }
      if (c === 0x5d && kinds[depth] === ARRAY) {
        depth--;
        i++;
      } else if (c === 0x7d && kinds[depth] === OBJECT) {
        nameTop = nameBase[depth]!;
        nameSets[depth] = undefined;
        depth--;
        i++;
      } else {
        return refuse(isComment(text, i) ? C.COMMENT : C.UNEXPECTED_CHARACTER, i);
      }
    }
  }
}
