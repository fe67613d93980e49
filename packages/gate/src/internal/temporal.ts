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

/** Reads `1*DIGIT` then one designator; returns the upper-cased designator and the next index. */
function durationElement(
  text: string,
  at: number,
): { designator: string; next: number } | undefined {
  let i = at;
  while (digit(text, i) >= 0) i++;
  if (i === at || i >= text.length) return undefined;
  return { designator: (text[i] as string).toUpperCase(), next: i + 1 };
}

/**
 * RFC 3339 Appendix A `duration`:
 * `"P" (dur-date / dur-time / dur-week)`, `dur-date = (dur-day / dur-month / dur-year) [dur-time]`,
 * each element `1*DIGIT` and a designator, in order Y M D, then `T` and H M S, with no element
 * skipped inside a run (`P1Y2D` and `PT1H2S` are not in the grammar) and weeks alone.
 */
export function isDuration(text: string): boolean {
  if (text.length < 3 || (text[0] !== 'P' && text[0] !== 'p')) return false;
  let i = 1;
  const dateRuns = ['YMD', 'MD', 'D'];
  const timeRuns = ['HMS', 'MS', 'S'];
  const readRun = (order: string[], first: { designator: string; next: number }): boolean => {
    const run = order.find((candidate) => candidate[0] === first.designator);
    if (run === undefined) return false;
    i = first.next;
    for (let k = 1; k < run.length && i < text.length && digit(text, i) >= 0; k++) {
      const element = durationElement(text, i);
      if (element === undefined || element.designator !== run[k]) return false;
      i = element.next;
    }
    return true;
  };
  if (text[i] !== 'T' && text[i] !== 't') {
    const first = durationElement(text, i);
    if (first === undefined) return false;
    if (first.designator === 'W') return first.next === text.length;
    if (!readRun(dateRuns, first)) return false;
    if (i === text.length) return true;
    if (text[i] !== 'T' && text[i] !== 't') return false;
  }
  i++;
  const firstTime = durationElement(text, i);
  if (firstTime === undefined || !readRun(timeRuns, firstTime)) return false;
  return i === text.length;
}
