/**
 * Guards the integer widths: each builder carries exactly its width's bounds, narrower bounds stay
 * inside the width or fail at declaration, and `Int64` is a `bigint` in the handler with exact
 * bounds.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  INT64_MAX,
  INT64_MIN,
  INTEGER_WIDTHS,
  Int8,
  Int16,
  Int32,
  Int64,
  SafeInteger,
  SCHEMA_ERROR_CODES,
  Uint8,
  Uint16,
  Uint32,
} from '../src/index.ts';

const BUILDERS = { Int8, Int16, Int32, Uint8, Uint16, Uint32, SafeInteger } as const;

describe('integer widths', () => {
  it('pins every width', () => {
    expect(INTEGER_WIDTHS).toEqual({
      Int8: { minimum: -(2 ** 7), maximum: 2 ** 7 - 1 },
      Int16: { minimum: -(2 ** 15), maximum: 2 ** 15 - 1 },
      Int32: { minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
      Uint8: { minimum: 0, maximum: 2 ** 8 - 1 },
      Uint16: { minimum: 0, maximum: 2 ** 16 - 1 },
      Uint32: { minimum: 0, maximum: 2 ** 32 - 1 },
      SafeInteger: { minimum: -(2 ** 53 - 1), maximum: 2 ** 53 - 1 },
      Int64: { minimum: -(2n ** 63n), maximum: 2n ** 63n - 1n },
    });
    expect(INT64_MIN).toBe(-9223372036854775808n);
    expect(INT64_MAX).toBe(9223372036854775807n);
  });

  it.each(Object.entries(BUILDERS))('%s carries its width as a TypeBox integer', (name, build) => {
    const width = INTEGER_WIDTHS[name as keyof typeof BUILDERS];
    const schema = build({ description: 'd' });
    expect({ ...schema }).toEqual({
      type: 'integer',
      minimum: width.minimum,
      maximum: width.maximum,
      description: 'd',
    });
    expect(Value.Check(schema, width.maximum)).toBe(true);
    expect(Value.Check(schema, width.minimum)).toBe(true);
    expect(Value.Check(schema, 1.5)).toBe(false);
    if (width.maximum < Number.MAX_SAFE_INTEGER) {
      expect(Value.Check(schema, width.maximum + 1)).toBe(false);
      expect(Value.Check(schema, width.minimum - 1)).toBe(false);
    }
  });

  it('narrows inside the width', () => {
    expect({ ...Uint8({ minimum: 1, maximum: 10 }) }).toEqual({
      type: 'integer',
      minimum: 1,
      maximum: 10,
    });
    expect({ ...Int64({ minimum: 0 }) }).toEqual({
      type: 'bigint',
      minimum: 0n,
      maximum: INT64_MAX,
    });
    expect({ ...Int64({ minimum: -(2 ** 53 - 1), maximum: 2n ** 60n }) }).toEqual({
      type: 'bigint',
      minimum: -(2n ** 53n - 1n),
      maximum: 2n ** 60n,
    });
  });

  it.each([
    ['below the width', () => Int8({ minimum: -129 }), 'from -128 to 127', '/minimum'],
    ['above the width', () => Uint16({ maximum: 65536 }), 'from 0 to 65535', '/maximum'],
    ['fractional', () => Int32({ maximum: 1.5 }), 'is not an integer', '/maximum'],
    ['crossed', () => Uint32({ minimum: 5, maximum: 4 }), 'exceeds its `maximum`', ''],
    ['beyond 64 bits', () => Int64({ maximum: 2n ** 63n }), 'outside the width', '/maximum'],
    ['a fractional Int64 bound', () => Int64({ minimum: 0.5 }), 'is not an integer', '/minimum'],
    // 2 ** 53 + 1 (as the literal 9007199254740993) reads as 2 ** 53: only a bigint is exact there.
    [
      'an Int64 number beyond 2^53 - 1',
      () => Int64({ maximum: 2 ** 53 + 1 }),
      'give it as a `bigint`',
      '/maximum',
    ],
    [
      'an Int64 number of -2^63',
      () => Int64({ minimum: -(2 ** 63) }),
      'give it as a `bigint`',
      '/minimum',
    ],
    [
      'a string',
      () => Int8({ maximum: '5' as unknown as number }),
      'is not an integer',
      '/maximum',
    ],
    [
      'a string on Int64',
      () => Int64({ minimum: '0' as unknown as bigint }),
      'is not an integer',
      '/minimum',
    ],
  ])('refuses a bound %s at declaration', (_name, build, words, path) => {
    expect(build).toThrow(
      expect.objectContaining({ code: SCHEMA_ERROR_CODES.MALFORMED_SCHEMA, details: { path } }),
    );
    expect(build).toThrow(words);
  });

  it('freezes the width table', () => {
    expect(Object.isFrozen(INTEGER_WIDTHS)).toBe(true);
    for (const width of Object.values(INTEGER_WIDTHS)) expect(Object.isFrozen(width)).toBe(true);
  });

  it('types Int64 as bigint and the other widths as number in the handler', () => {
    const input = Type.Object({ small: Int8(), id: Int64(), ids: Type.Array(Int64()) });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{
      small: number;
      id: bigint;
      ids: bigint[];
    }>();
    expect(Value.Check(input, { small: 1, id: 2n ** 62n, ids: [INT64_MIN] })).toBe(true);
    expect(Value.Check(input, { small: 1, id: 1, ids: [] })).toBe(false);
  });
});
