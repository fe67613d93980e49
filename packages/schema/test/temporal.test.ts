/**
 * Guards the temporal strings: each builder declares a `string` with exactly its RFC 3339 format,
 * `Date` is exported under that one name, and only the four temporal formats are recognised.
 */
import { type Static, Type } from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isTemporalFormat } from '../src/document.ts';
import * as vocabulary from '../src/index.ts';
import { Date as DateString, DateTime, Duration, TEMPORAL_FORMATS, Time } from '../src/index.ts';

describe('temporal strings', () => {
  it('pins the formats', () => {
    expect(TEMPORAL_FORMATS).toEqual(['date-time', 'date', 'time', 'duration']);
    expect(TEMPORAL_FORMATS.every(isTemporalFormat)).toBe(true);
    expect(isTemporalFormat('email')).toBe(false);
    expect(isTemporalFormat('DATE')).toBe(false);
    expect(isTemporalFormat(undefined)).toBe(false);
    expect(Object.isFrozen(TEMPORAL_FORMATS)).toBe(true);
  });

  it.each([
    ['DateTime', DateTime, 'date-time'],
    ['Date', DateString, 'date'],
    ['Time', Time, 'time'],
    ['Duration', Duration, 'duration'],
  ] as const)('%s declares a string of its format, with annotations', (_name, build, format) => {
    expect({ ...build() }).toEqual({ type: 'string', format });
    expect({ ...build({ description: 'when' }) }).toEqual({
      type: 'string',
      format,
      description: 'when',
    });
  });

  it('exports Date under that one name, apart from the global Date', () => {
    expect(vocabulary.Date).toBe(DateString);
    expect(vocabulary.Date).not.toBe(globalThis.Date);
    expect(Object.keys(vocabulary)).not.toContain('DateString');
  });

  it('types every temporal value as a string in the handler', () => {
    const input = Type.Object({
      at: DateTime(),
      on: vocabulary.Date(),
      by: Time(),
      for: Duration(),
    });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{
      at: string;
      on: string;
      by: string;
      for: string;
    }>();
  });
});
