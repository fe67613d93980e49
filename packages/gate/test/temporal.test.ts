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
