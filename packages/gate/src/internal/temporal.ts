/*
 * RFC 3339 section 5.6 and Appendix A, by hand: no JS `Date` (which accepts far more than the grammar
 * and knows nothing of leap seconds). ABNF literals are case-insensitive (RFC 5234 section 2.3), which
 * is why `t`/`z` and lower-case duration designators are accepted.
 *
 * A leap second (`:60`) is accepted on any day, when the time converted to UTC by its offset is
 * 23:59:60; this is the reading of the JSON-Schema-Test-Suite's optional/format files (no table of
 * historical leap seconds is consulted: the next one is not yet announced).
 */

function digit(text: string, at: number): number {
  const code = text.charCodeAt(at) - 0x30;
  return code >= 0 && code <= 9 ? code : -1;
}

/** Two ASCII digits at `at` as a number, or -1. */
function twoDigits(text: string, at: number): number {
  const high = digit(text, at);
  const low = digit(text, at + 1);
  return high < 0 || low < 0 ? -1 : high * 10 + low;
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** `full-date` at `at`, exactly 10 characters. */
function isFullDateAt(text: string, at: number): boolean {
  const century = twoDigits(text, at);
  const yearInCentury = twoDigits(text, at + 2);
  if (century < 0 || yearInCentury < 0) return false;
  if (text.charCodeAt(at + 4) !== 0x2d || text.charCodeAt(at + 7) !== 0x2d) return false;
  const month = twoDigits(text, at + 5);
  const day = twoDigits(text, at + 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const year = century * 100 + yearInCentury;
  const last = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day <= last;
}

/** `full-time` from `at` to the end of `text`. */
function isFullTimeFrom(text: string, at: number): boolean {
  const hour = twoDigits(text, at);
  const minute = twoDigits(text, at + 3);
  const second = twoDigits(text, at + 6);
  if (text.charCodeAt(at + 2) !== 0x3a || text.charCodeAt(at + 5) !== 0x3a) return false;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60) return false;
  let i = at + 8;
  if (text.charCodeAt(i) === 0x2e) {
    i++;
    const fractionStart = i;
    while (digit(text, i) >= 0) i++;
    if (i === fractionStart) return false;
  }
  let offsetMinutes: number;
  const sign = text.charCodeAt(i);
  if (sign === 0x5a || sign === 0x7a) {
    if (i + 1 !== text.length) return false;
    offsetMinutes = 0;
  } else if (sign === 0x2b || sign === 0x2d) {
    if (i + 6 !== text.length || text.charCodeAt(i + 3) !== 0x3a) return false;
    const offsetHour = twoDigits(text, i + 1);
    const offsetMinute = twoDigits(text, i + 4);
    if (offsetHour < 0 || offsetHour > 23 || offsetMinute < 0 || offsetMinute > 59) return false;
    offsetMinutes = (sign === 0x2b ? 1 : -1) * (offsetHour * 60 + offsetMinute);
  } else {
    return false;
  }
  if (second === 60) {
    const utcMinuteOfDay = (((hour * 60 + minute - offsetMinutes) % 1440) + 1440) % 1440;
    return utcMinuteOfDay === 23 * 60 + 59;
  }
  return true;
}

/** RFC 3339 `date-time`: `full-date "T" full-time`. */
export function isDateTime(text: string): boolean {
  if (text.length < 20) return false;
  const separator = text.charCodeAt(10);
  return (
    (separator === 0x54 || separator === 0x74) && isFullDateAt(text, 0) && isFullTimeFrom(text, 11)
  );
}

/** RFC 3339 `full-date`. */
export function isDate(text: string): boolean {
  return text.length === 10 && isFullDateAt(text, 0);
}

/** RFC 3339 `full-time` (a time of day with its offset). */
export function isTime(text: string): boolean {
  return text.length >= 9 && isFullTimeFrom(text, 0);
}

/** Rank of a date designator in `Y M D` order (lower-cased code), or -1. */
function dateRank(code: number): number {
  return code === 0x79 ? 0 : code === 0x6d ? 1 : code === 0x64 ? 2 : -1;
}

/** Rank of a time designator in `H M S` order (lower-cased code), or -1. */
function timeRank(code: number): number {
  return code === 0x68 ? 0 : code === 0x6d ? 1 : code === 0x73 ? 2 : -1;
}

/**
 * RFC 3339 Appendix A `duration`:
 * `"P" (dur-date / dur-time / dur-week)`, `dur-date = (dur-day / dur-month / dur-year) [dur-time]`,
 * each element `1*DIGIT` and a designator, in order Y M D, then `T` and H M S, with no element
 * skipped inside a run (`P1Y2D` and `PT1H2S` are not in the grammar) and weeks alone.
 */
export function isDuration(text: string): boolean {
  const length = text.length;
  if (length < 3 || (text.charCodeAt(0) | 0x20) !== 0x70) return false;
  let i = 1;
  let inTime = false;
  let last = -1;
  let elements = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    if (code === 0x54 || code === 0x74) {
      if (inTime) return false;
      inTime = true;
      last = -1;
      elements = 0;
      i++;
      continue;
    }
    const start = i;
    while (digit(text, i) >= 0) i++;
    if (i === start || i >= length) return false;
    const designator = text.charCodeAt(i) | 0x20;
    i++;
    if (!inTime && designator === 0x77) return start === 1 && i === length;
    const rank = inTime ? timeRank(designator) : dateRank(designator);
    if (rank < 0 || (last >= 0 && rank !== last + 1)) return false;
    last = rank;
    elements++;
  }
  return elements > 0;
}
