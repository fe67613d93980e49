/**
 * Readings of the temporal strings the tools declare, as the gate admits them (RFC 3339: `t`/`z`
 * in either case, any number of fraction digits, a leap second at 23:59:60 UTC, durations of whole
 * elements). Every function here receives a string the gate has already judged, so a shape it does
 * not recognize is a defect in the wiring and throws.
 */

/** Milliseconds in a UTC day. */
export const MS_PER_DAY = 86_400_000;

/** Milliseconds since the epoch of a calendar day at 00:00 UTC (years 0000 to 9999 read as written). */
function utcDay(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function fail(kind: string): never {
  throw new TypeError(`A ${kind} string the gate admitted has a shape this reader does not know.`);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([zZ]|[+-]\d{2}:\d{2})$/;

/** Milliseconds from midnight UTC and the offset in minutes of an RFC 3339 `full-time`. */
function readTime(text: string): { readonly ms: number } {
  const match = TIME.exec(text);
  if (match === null) fail('time');
  const [, hh, mm, ss, fraction, offset] = match as unknown as [
    string,
    string,
    string,
    string,
    string | undefined,
    string,
  ];
  // A leap second is read as the last millisecond of its minute: nothing here needs it exact.
  const seconds = Math.min(Number(ss), 59);
  const millis = ss === '60' ? 999 : Math.floor(Number(`0.${fraction ?? '0'}`) * 1000);
  let offsetMinutes = 0;
  if (offset !== 'z' && offset !== 'Z') {
    const sign = offset.startsWith('-') ? -1 : 1;
    offsetMinutes = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  }
  const local = ((Number(hh) * 60 + Number(mm)) * 60 + seconds) * 1000 + millis;
  return { ms: local - offsetMinutes * 60_000 };
}

/** The instant an RFC 3339 `date-time` names, in milliseconds since the epoch. */
export function parseDateTime(text: string): number {
  const cut = text.search(/[tT]/);
  if (cut !== 10) fail('date-time');
  return parseDate(text.slice(0, cut)) + readTime(text.slice(cut + 1)).ms;
}

/** 00:00 UTC of an RFC 3339 `full-date`, in milliseconds since the epoch. */
export function parseDate(text: string): number {
  const match = DATE.exec(text);
  if (match === null) fail('date');
  return utcDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The time of day of an RFC 3339 `full-time`, converted to UTC, in milliseconds from midnight. */
export function parseTimeOfDay(text: string): number {
  const { ms } = readTime(text);
  return ((ms % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
}

const DURATION_ELEMENT = /(\d+)([YMWDHS])/g;

/**
 * The instant `duration` before `now` (calendar arithmetic in UTC: `P1M` from 31 March is the last
 * day of February's overflow, as `Date` computes it). A duration longer than any date `Date` can
 * hold gives `-Infinity`: every document is within it.
 */
export function subtractDuration(now: number, text: string): number {
  const upper = text.toUpperCase();
  if (!upper.startsWith('P')) fail('duration');
  const cut = upper.indexOf('T');
  const datePart = cut === -1 ? upper.slice(1) : upper.slice(1, cut);
  const timePart = cut === -1 ? '' : upper.slice(cut + 1);
  const date = new Date(now);
  let timeMs = 0;
  for (const [, amount, unit] of datePart.matchAll(DURATION_ELEMENT)) {
    const value = Number(amount);
    if (unit === 'Y') date.setUTCFullYear(date.getUTCFullYear() - value);
    else if (unit === 'M') date.setUTCMonth(date.getUTCMonth() - value);
    else if (unit === 'W') date.setUTCDate(date.getUTCDate() - value * 7);
    else if (unit === 'D') date.setUTCDate(date.getUTCDate() - value);
    else fail('duration');
  }
  for (const [, amount, unit] of timePart.matchAll(DURATION_ELEMENT)) {
    const value = Number(amount);
    if (unit === 'H') timeMs += value * 3_600_000;
    else if (unit === 'M') timeMs += value * 60_000;
    else if (unit === 'S') timeMs += value * 1000;
    else fail('duration');
  }
  const result = date.getTime() - timeMs;
  return Number.isFinite(result) ? result : Number.NEGATIVE_INFINITY;
}

/** An instant as an RFC 3339 `date-time` in UTC with milliseconds (`Date.prototype.toISOString`). */
export function formatDateTime(ms: number): string {
  return new Date(ms).toISOString();
}
