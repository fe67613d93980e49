import { DECODE_REFUSAL_CODES as C, type DecodeRefusalCode } from '../refusal.ts';

/*
 * What the two validating scans share: scan.ts reads the UTF-8 bytes of a document, scan-text.ts
 * the UTF-16 code units of a string. Each keeps only its hot loop and the helpers that index its
 * typed array on every document (one copy per element type, so each stays monomorphic); the
 * constants, character tables, duplicate-name tables, the helpers that read no input (or read it
 * only on a rare path, where a polymorphic access costs nothing that matters) and the one outcome
 * object a scan returns are here. One scan runs at a time, so both use the same tables.
 */

/** Kinds of open container, by depth. */
export const ARRAY = 1;
export const OBJECT = 2;
/** Members an object may have before duplicate detection switches from pairwise to a Set. */
export const PAIRWISE_NAMES = 12;
/** Multiplier spreading a name key over the 32 bits of `names.bits` (Fibonacci hashing). */
export const NAME_HASH = 0x9e3779b1 | 0;
/** Number literals no longer than this, without exponent, can neither overflow nor underflow. */
export const PLAIN_NUMBER_SAFE_LENGTH = 300;

/** 1 for the units below 0x80 that may follow a backslash in a two-unit escape: `"\/bfnrt`. */
export const SHORT_ESCAPE = new Uint8Array(128);
for (const c of '"\\/bfnrt') SHORT_ESCAPE[c.charCodeAt(0)] = 1;

/** Whether `c` may be part of a bare word (`true`, `NaN`, `undefined`): refusals name those. */
export function isWordPart(c: number): boolean {
  return (
    (c >= 0x61 && c <= 0x7a) ||
    (c >= 0x41 && c <= 0x5a) ||
    (c >= 0x30 && c <= 0x39) ||
    c === 0x5f ||
    c === 0x24
  );
}

/** The value of the hex digit `c`, or -1. */
export function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const l = c | 0x20;
  if (l >= 0x61 && l <= 0x66) return l - 0x57;
  return -1;
}

/** The units of a document, bytes or UTF-16 code units, as the rare paths read them. */
type Units = ArrayLike<number>;

/** Whether a `//` or `/*` starts at `i`. */
export function isComment(u: Units, i: number, n: number): boolean {
  if (i + 1 >= n || u[i] !== 0x2f) return false;
  const d = u[i + 1];
  return d === 0x2f || d === 0x2a;
}

/** Why the unit at `i` cannot start a value. */
export function valueRefusal(u: Units, i: number, n: number): DecodeRefusalCode {
  const c = u[i]!;
  if (c === 0x27) return C.SINGLE_QUOTE;
  if (isComment(u, i, n)) return C.COMMENT;
  if (c === 0x2e || c === 0x2b) return C.INVALID_NUMBER;
  if (isWordPart(c)) return C.BARE_WORD;
  return C.UNEXPECTED_CHARACTER;
}

/** Whether a digit from 1 to 9 is in [start, end). */
export function hasNonZeroDigit(u: Units, start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const c = u[k]!;
    if (c >= 0x31 && c <= 0x39) return true;
  }
  return false;
}

function codesOf(digits: string): Uint8Array {
  return Uint8Array.from(digits, (digit) => digit.charCodeAt(0));
}

/** The digits of 2^53-1, the largest integer a double holds exactly (and all below it). */
const MAX_SAFE_DIGITS = codesOf(String(Number.MAX_SAFE_INTEGER));
/** The digits of the integer value of `Number.MAX_VALUE`, the largest finite double (309). */
const MAX_VALUE_DIGITS = codesOf(BigInt(Number.MAX_VALUE).toString());

/** An integer literal a `number` holds exactly. */
export const SAFE_INTEGER = 0;
/** An integer literal beyond ±(2^53-1) that a finite double still reaches: a `bigint`. */
export const BIG_INTEGER = 1;
/** An integer literal whose magnitude exceeds the largest finite double: refused. */
export const OVERFLOWING_INTEGER = 2;

/** Whether the `count` digits at `start` spell a greater number than `limit` (as long). */
function exceeds(u: Units, start: number, limit: Uint8Array): boolean {
  for (let k = 0; k < limit.length; k++) {
    const d = u[start + k]! - limit[k]!;
    if (d !== 0) return d > 0;
  }
  return false;
}

/**
 * Which of the three an integer literal is, from the `count` digits of its magnitude at `start`
 * (no leading zero: the scan has refused those). Compared digit by digit, exactly: the bigint the
 * literal decodes to is never rounded, so one past `Number.MAX_VALUE` overflows even where a double
 * would round it down to `Number.MAX_VALUE`.
 */
export function integerKind(u: Units, start: number, count: number): number {
  if (count < MAX_SAFE_DIGITS.length) return SAFE_INTEGER;
  if (count === MAX_SAFE_DIGITS.length) {
    return exceeds(u, start, MAX_SAFE_DIGITS) ? BIG_INTEGER : SAFE_INTEGER;
  }
  if (count < MAX_VALUE_DIGITS.length) return BIG_INTEGER;
  if (count === MAX_VALUE_DIGITS.length) {
    return exceeds(u, start, MAX_VALUE_DIGITS) ? OVERFLOWING_INTEGER : BIG_INTEGER;
  }
  return OVERFLOWING_INTEGER;
}

/**
 * What a scan found, returned by every scan as this one object (reset at its start, so read it
 * before the next scan). `at` is where the refusal is: a byte offset for the byte scan, a UTF-16
 * index for the text scan.
 */
export interface ScanOutcome {
  /** Whether every rule passed (for string input, a raw lone surrogate in a string aside). */
  accepted: boolean;
  /** The refusal's code, when not accepted. */
  code: DecodeRefusalCode;
  /** The refusal's position, when not accepted. */
  at: number;
  /** Whether an integer literal beyond ±(2^53-1) was seen, so the value needs a bigint. */
  bigInt: boolean;
  /** Whether the text scan met a raw lone surrogate inside a string (the caller locates it). */
  loneSurrogate: boolean;
}

/** The outcome of the scan in progress or last run. */
export const outcome: ScanOutcome = {
  accepted: false,
  code: C.UNEXPECTED_END,
  at: 0,
  bigInt: false,
  loneSurrogate: false,
};

/** Records a refusal in the outcome; returns -1, the scans' "refused" position. */
export function fail(code: DecodeRefusalCode, at: number): -1 {
  outcome.code = code;
  outcome.at = at;
  return -1;
}

/** Records a refusal in the outcome; returns false, the scans' "refused" verdict. */
export function refuse(code: DecodeRefusalCode, at: number): false {
  fail(code, at);
  return false;
}

/**
 * The tables of open containers and of the member names each open object holds so far. Names are
 * kept as spans of the input (`start`, `end`) with a `key` (length, first and last unit) compared
 * first; `bits` is one 32-bit Bloom filter per open object over those keys, so a name whose bit is
 * clear is new and compared with no other. An object with many members or an escaped name keeps a
 * Set of decoded names instead (`sets`, by depth; it has no prototype, so storing into it consults
 * nothing a prototype holds).
 */
export const names = {
  kinds: new Uint8Array(64),
  base: new Int32Array(64),
  bits: new Int32Array(64),
  sets: Object.create(null) as { [depth: number]: Set<string> | undefined },
  setsUsed: false,
  start: new Int32Array(256),
  end: new Int32Array(256),
  key: new Int32Array(256),
  top: 0,
};

/** Resets the outcome and the name tables for a new scan allowing nesting to `maxDepth`. */
export function beginScan(maxDepth: number): void {
  outcome.accepted = false;
  outcome.code = C.UNEXPECTED_END;
  outcome.at = 0;
  outcome.bigInt = false;
  outcome.loneSurrogate = false;
  names.top = 0;
  if (names.kinds.length > maxDepth + 1) return;
  const size = maxDepth + 2;
  names.kinds = new Uint8Array(size);
  names.base = new Int32Array(size);
  names.bits = new Int32Array(size);
}

/** Ends a scan: records its verdict, drops the name Sets it made, and returns the outcome. */
export function endScan(accepted: boolean): ScanOutcome {
  outcome.accepted = accepted;
  if (names.setsUsed) {
    names.sets = Object.create(null) as typeof names.sets;
    names.setsUsed = false;
  }
  return outcome;
}

/** Doubles the room for recorded name spans. */
export function growNames(): void {
  const size = names.start.length * 2;
  const start = new Int32Array(size);
  start.set(names.start);
  names.start = start;
  const end = new Int32Array(size);
  end.set(names.end);
  names.end = end;
  const key = new Int32Array(size);
  key.set(names.key);
  names.key = key;
}

/**
 * The Set path of duplicate detection, for an object with many members or an escaped name: moves
 * the object's recorded spans into a Set of names decoded by `decodeSpan`; false when the name at
 * [start, end) is already there.
 */
export function recordNameInSet<TUnits>(
  units: TUnits,
  decodeSpan: (units: TUnits, start: number, end: number) => string,
  start: number,
  end: number,
  depth: number,
): boolean {
  let set = names.sets[depth];
  if (set === undefined) {
    set = new Set<string>();
    const base = names.base[depth]!;
    for (let k = base; k < names.top; k++) {
      set.add(decodeSpan(units, names.start[k]!, names.end[k]!));
    }
    names.top = base;
    names.sets[depth] = set;
    names.setsUsed = true;
  }
  const name = decodeSpan(units, start, end);
  if (set.has(name)) return false;
  set.add(name);
  return true;
}
