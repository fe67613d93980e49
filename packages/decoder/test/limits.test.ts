/*
 * Invariant: the default limits are Jackson 2.18's StreamReadConstraints defaults, and options may
 * only lower them. A change here changes what every boundary accepts, so it must fail a test.
 */
import { describe, expect, it } from 'vitest';
import {
  DECODER_ERROR_CODES,
  DEFAULT_DECODE_LIMITS,
  DecoderError,
  decode,
  MAX_NAME_LENGTH,
  MAX_NESTING_DEPTH,
  MAX_NUMBER_LENGTH,
  MAX_STRING_LENGTH,
} from '../src/index.ts';

describe('limits', () => {
  it('pins the defaults', () => {
    expect(MAX_NESTING_DEPTH).toBe(1000);
    expect(MAX_NUMBER_LENGTH).toBe(1000);
    expect(MAX_STRING_LENGTH).toBe(20_000_000);
    expect(MAX_NAME_LENGTH).toBe(50_000);
    expect(DEFAULT_DECODE_LIMITS).toEqual({
      maxNestingDepth: 1000,
      maxNumberLength: 1000,
      maxStringLength: 20_000_000,
      maxNameLength: 50_000,
    });
    expect(Object.isFrozen(DEFAULT_DECODE_LIMITS)).toBe(true);
  });

  it('lets options lower a limit', () => {
    expect(decode('[[1]]', { maxNestingDepth: 2 }).ok).toBe(true);
    expect(decode('[[[1]]]', { maxNestingDepth: 2 })).toMatchObject({
      ok: false,
      refusal: { code: 'NESTING_TOO_DEEP', offset: 2 },
    });
    expect(decode('"abc"', { maxStringLength: 3 }).ok).toBe(true);
    expect(decode('"abcd"', { maxStringLength: 3 }).ok).toBe(false);
    expect(decode('{"abc":1}', { maxNameLength: 3 }).ok).toBe(true);
    expect(decode('{"abcd":1}', { maxNameLength: 3 }).ok).toBe(false);
    expect(decode('-1.5', { maxNumberLength: 4 }).ok).toBe(true);
    expect(decode('-1.55', { maxNumberLength: 4 }).ok).toBe(false);
    expect(decode('7', { maxNestingDepth: 0 }).ok).toBe(true);
    expect(decode('[]', { maxNestingDepth: 0 }).ok).toBe(false);
  });

  it.each([
    { maxNestingDepth: 1001 },
    { maxNumberLength: MAX_NUMBER_LENGTH + 1 },
    { maxStringLength: MAX_STRING_LENGTH + 1 },
    { maxNameLength: MAX_NAME_LENGTH + 1 },
    { maxNestingDepth: -1 },
    { maxNestingDepth: 1.5 },
    { maxStringLength: Number.NaN },
  ])('throws DecoderError INVALID_LIMIT for an invalid limit %o', (options) => {
    let thrown: unknown;
    try {
      decode('1', options);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DecoderError);
    const error = thrown as DecoderError;
    expect(error.name).toBe('DecoderError');
    expect(error.code).toBe(DECODER_ERROR_CODES.INVALID_LIMIT);
    const [option] = Object.keys(options) as (keyof typeof DEFAULT_DECODE_LIMITS)[];
    const limit = DEFAULT_DECODE_LIMITS[option!];
    expect(error.details).toEqual({ option, limit });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.message).toBe(
      `The option \`${option}\` is not an integer from 0 to ${limit}. Pass a whole number no larger than its default, or leave the option out.`,
    );
  });
});
