/*
 * Invariant: the temporal formats follow the RFC 3339 grammar (section 5.6, Appendix A for
 * durations) by hand, never through JS Date: days per month, leap years, offsets, leap seconds only
 * at 23:59:60 UTC, T/Z and designators in either case, nothing before or after.
 */
import { describe, expect, it } from 'vitest';
import { isDate, isDateTime, isDuration, isTime } from '../src/internal/temporal.ts';

describe('date', () => {
  it.each(['2024-02-29', '2000-02-29', '1900-02-28', '0000-02-29', '9999-12-31', '2023-04-30'])(
    'admits %s',
    (text) => {
      expect(isDate(text)).toBe(true);
    },
  );
  it.each([
    '1900-02-29',
    '2023-02-29',
    '2023-04-31',
    '2023-00-10',
    '2023-13-10',
    '2023-01-00',
    '2023-1-01',
    '2023-01-01T',
    '2023/01/01',
    '',
  ])('refuses %j', (text) => {
    expect(isDate(text)).toBe(false);
  });
});

describe('time', () => {
  it.each([
    '00:00:00Z',
    '23:59:59.999999999+23:59',
    '12:00:00-00:00',
    '00:29:60+00:30',
    '23:59:60z',
    '07:59:60+08:00',
  ])('admits %s', (text) => {
    expect(isTime(text)).toBe(true);
  });
  it.each([
    '12:00:00',
    '12:00:00.Z',
    '12:00:00+0100',
    '12:00:00+24:00',
    '12:00:60Z',
    '23:59:60+00:01',
    '24:00:00Z',
    '12:00Z',
    '12:00:00Z ',
    ' 12:00:00Z',
  ])('refuses %j', (text) => {
    expect(isTime(text)).toBe(false);
  });
});

describe('date-time', () => {
  it.each([
    '2024-05-01T13:45:00Z',
    '2024-05-01t13:45:00.5+02:00',
    '1998-12-31T23:59:60Z',
    '1999-01-01T00:59:60+01:00',
    '2024-02-29T00:00:00-12:00',
  ])('admits %s', (text) => {
    expect(isDateTime(text)).toBe(true);
  });
  it.each([
    '2024-05-01 13:45:00Z',
    '2024-05-01T13:45:00',
    '2023-02-29T00:00:00Z',
    '2024-05-01T13:45:60Z',
    '2024-05-01X13:45:00Z',
    '2024-05-01T13:45:00ZZ',
    '2024-05-01T13:45Z',
  ])('refuses %j', (text) => {
    expect(isDateTime(text)).toBe(false);
  });
});

describe('duration', () => {
  it.each([
    'P1Y',
    'P1Y2M',
    'P1Y2M3D',
    'P1M',
    'P1D',
    'P1DT1H',
    'PT1H1M1S',
    'PT1M',
    'PT1S',
    'P2W',
    'p1dt2h',
    'P0D',
    'P007D',
  ])('admits %s', (text) => {
    expect(isDuration(text)).toBe(true);
  });
  it.each([
    'P',
    'PT',
    'P1',
    'P1H',
    'PT1D',
    'P1Y2D',
    'PT1H2S',
    'P1W1D',
    'P1DT',
    'P1.5D',
    'PT0,5S',
    '1D',
    'P1D ',
    'P1M1Y',
    'P-1D',
    'P1YT1S2M',
  ])('refuses %j', (text) => {
    expect(isDuration(text)).toBe(false);
  });
});

describe('days per month and leap years', () => {
  // The Gregorian calendar, written out here rather than derived from the code under test.
  const LAST_DAY = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  const LEAP_YEARS = new Set([1600, 2000, 2024, 2400, 4]);
  const YEARS = [4, 1600, 1700, 1900, 2000, 2023, 2024, 2100, 2400];

  it.each(YEARS)(
    'year %i: the last day of every month exists and the day after does not',
    (year) => {
      const yyyy = String(year).padStart(4, '0');
      for (let month = 1; month <= 12; month++) {
        const mm = String(month).padStart(2, '0');
        const last = month === 2 && LEAP_YEARS.has(year) ? 29 : (LAST_DAY[month - 1] as number);
        expect(isDate(`${yyyy}-${mm}-${last}`)).toBe(true);
        expect(isDate(`${yyyy}-${mm}-${last + 1}`)).toBe(false);
        expect(isDateTime(`${yyyy}-${mm}-${last}T00:00:00Z`)).toBe(true);
        expect(isDateTime(`${yyyy}-${mm}-${last + 1}T00:00:00Z`)).toBe(false);
      }
    },
  );
});

describe('offsets, fractions and leap seconds at the edges', () => {
  it.each([
    '2024-05-01T00:00:00+23:59',
    '2024-05-01T00:00:00-23:59',
    '2024-05-01T00:00:00-00:00',
    '2024-05-01T00:00:00.0Z',
    '2024-05-01T00:00:00.000000000000000000001Z',
    // 23:59:60 UTC seen from the far ends of the offset range, and across a day boundary.
    '2016-12-31T00:00:60+00:01',
    '2016-12-31T23:58:60-00:01',
    '2017-01-01T23:58:60+23:59',
    '2016-12-30T00:00:60-23:59',
  ])('admits %s', (text) => {
    expect(isDateTime(text)).toBe(true);
  });

  it.each([
    '2024-05-01T00:00:00+24:00',
    '2024-05-01T00:00:00+00:60',
    '2024-05-01T00:00:00+0000',
    '2024-05-01T00:00:00+00',
    '2024-05-01T00:00:00.Z',
    '2024-05-01T00:00:00,5Z',
    '2016-12-31T23:59:60+23:59',
    '2016-12-31T23:59:60-00:01',
    '2016-12-31T23:59:61Z',
    '+2024-05-01T00:00:00Z',
    '20240-05-01T00:00:00Z',
    '2024-05-01T00:00:00\u0000Z',
  ])('refuses %j', (text) => {
    expect(isDateTime(text)).toBe(false);
  });
});

describe('durations against the RFC 3339 Appendix A grammar', () => {
  it.each([
    ['P1W', true],
    ['PT', false],
    ['P1Y2M', true],
    ['P1M2D', true],
    ['P2M1Y', false],
    ['P0.5D', false],
    ['PT0.5S', false],
    ['P1Y2M3DT4H5M6S', true],
    ['PT36H', true],
    ['P1D2H', false],
    ['P1DT2H3S', false],
    ['PT2M3S', true],
    ['P1WT1H', false],
    ['PW', false],
    ['P1Y1Y', false],
    ['P1T1H', false],
    ['P\u0661D', false],
  ])('%s is %s', (text, expected) => {
    expect(isDuration(text)).toBe(expected);
  });
});
