/*
 * Invariant: the keywords of the extended vocabulary (string lengths in code points, pattern, item
 * counts, uniqueItems, integer multipleOf, nullables in their three spellings) are judged exactly,
 * alike by the generated checker and the interpreter, and refused in words of the document alone:
 * no canary of the value comes back. The unions are in `judge-vocabulary-unions.test.ts`.
 */
import { SCHEMA_ERROR_CODES } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate } from '../src/index.ts';
import { CANARY, expectNoCanary, refusalOf, verdict } from './support/vocabulary.ts';

describe('minLength and maxLength', () => {
  const document = { type: 'string', minLength: 2, maxLength: 3 } as const;

  it('count code points, not UTF-16 units', () => {
    expect(verdict('ab', document)).toBe(true);
    expect(verdict('abc', document)).toBe(true);
    expect(verdict('😀😀😀', document)).toBe(true); // six units, three code points
    expect(verdict('😀', document)).toBe(false); // two units, one code point
    expect(verdict('😀😀😀😀', document)).toBe(false);
    expect(verdict('a', document)).toBe(false);
    expect(verdict('abcd', document)).toBe(false);
    expect(verdict('', { type: 'string', maxLength: 0 })).toBe(true);
    expect(verdict('e\u0301', { type: 'string', maxLength: 1 })).toBe(false); // two code points
  });

  it('count a pair at either end of the high surrogates as one character', () => {
    for (const character of ['\u{10000}', '\u{10FFFF}']) {
      expect(verdict(character, { type: 'string', maxLength: 1 })).toBe(true);
      expect(refusalOf(character, { type: 'string', minLength: 2 }).issues).toEqual([
        { path: '', code: 'TOO_SHORT', minLength: 2 },
      ]);
      expect(refusalOf(`${character}ab`, { type: 'string', maxLength: 2 }).issues).toEqual([
        { path: '', code: 'TOO_LONG', maxLength: 2 },
      ]);
    }
    // Units above the surrogates are characters of their own.
    expect(verdict('\uE000\uFFFD', { type: 'string', maxLength: 1 })).toBe(false);
    expect(refusalOf('ab', { type: 'string', maxLength: 1 }).text.split('\n')[1]).toBe(
      '- The arguments must be a string of at most 1 character (Unicode code points).',
    );
  });

  it('are not told for a string within them that fails another check', () => {
    for (const text of ['ab', 'abc'])
      expect(refusalOf(text, { ...document, pattern: '^x' }).issues).toEqual([
        { path: '', code: 'PATTERN_MISMATCH', pattern: '^x' },
      ]);
    expect(refusalOf('ab', { type: 'string', minLength: 2, pattern: '^x' }).issues).toEqual([
      { path: '', code: 'PATTERN_MISMATCH', pattern: '^x' },
    ]);
  });

  it('tell every declared bound, never the value', () => {
    const short = refusalOf('a', document);
    expect(short.issues).toEqual([{ path: '', code: 'TOO_SHORT', minLength: 2, maxLength: 3 }]);
    expect(short.text).toContain(
      'The arguments must be a string of 2 to 3 characters (Unicode code points).',
    );
    const long = refusalOf(
      { s: `${CANARY}${CANARY}` },
      {
        type: 'object',
        properties: { s: { type: 'string', maxLength: 8 } },
      },
    );
    expect(long.issues).toEqual([{ path: '/s', code: 'TOO_LONG', maxLength: 8 }]);
    expect(long.text).toContain('The value at `/s` must be a string of at most 8 characters');
    expectNoCanary(long);
    const one = refusalOf('', { type: 'string', minLength: 1 });
    expect(one.text).toContain('a string of at least 1 character (Unicode code points).');
    const exact = refusalOf('abc', { type: 'string', minLength: 2, maxLength: 2 });
    expect(exact.text).toContain('a string of exactly 2 characters (Unicode code points).');
    const single = refusalOf('', { type: 'string', minLength: 1, maxLength: 1 });
    expect(single.text).toContain('a string of exactly 1 character (Unicode code points).');
  });

  it('are defects when not a non-negative integer', () => {
    for (const bad of [-1, 1.5, '3', 2n ** 60n])
      expect(() => compileGate({ type: 'string', maxLength: bad } as never)).toThrow(
        /`maxLength` does not hold a non-negative integer/,
      );
  });
});

describe('pattern', () => {
  it('is searched anywhere, with the u flag, and quotes the pattern, never the value', () => {
    const document = { type: 'string', pattern: '^[A-Z]{3}-\\d+$' } as const;
    expect(verdict('ABC-12', document)).toBe(true);
    expect(verdict('abc-12', document)).toBe(false);
    expect(verdict('xABC-1', { type: 'string', pattern: 'ABC' })).toBe(true);
    // With `u`, `.` is one code point: an emoji is one character.
    expect(verdict('😀', { type: 'string', pattern: '^.$' })).toBe(true);
    expect(verdict('é', { type: 'string', pattern: '^\\p{L}$' })).toBe(true);
    const refusal = refusalOf(CANARY, document);
    expect(refusal.issues).toEqual([
      { path: '', code: 'PATTERN_MISMATCH', pattern: '^[A-Z]{3}-\\d+$' },
    ]);
    expect(refusal.text).toContain(
      'The arguments must match the declared pattern `^[A-Z]{3}-\\d+$`',
    );
    expectNoCanary(refusal);
  });

  it('keeps no state between values (no g or y flag)', () => {
    const document = { type: 'string', pattern: 'a' } as const;
    for (let i = 0; i < 4; i++) expect(verdict('a', document)).toBe(true);
  });

  it('is a defect when it does not compile with the u flag', () => {
    expect(() => compileGate({ type: 'string', pattern: '\\a' })).toThrow(/`u` flag/);
    expect(() => compileGate({ type: 'string', pattern: '(' })).toThrow(/`u` flag/);
    expect(() => compileGate({ type: 'string', pattern: '(' })).toThrow(
      expect.objectContaining({
        code: SCHEMA_ERROR_CODES.INVALID_PATTERN,
        details: expect.objectContaining({ path: '/pattern' }),
      }),
    );
    expect(() => compileGate({ type: 'string', pattern: 4 } as never)).toThrow(/`pattern`/);
  });
});

describe('minItems, maxItems and uniqueItems', () => {
  const document = {
    type: 'array',
    items: {},
    minItems: 1,
    maxItems: 4,
    uniqueItems: true,
  } as const;

  it('count items and compare them as JSON', () => {
    expect(verdict([1], document)).toBe(true);
    expect(verdict([], document)).toBe(false);
    expect(verdict([1, 2, 3, 4, 5], document)).toBe(false);
    expect(verdict([1, 1], document)).toBe(false);
    expect(verdict([1, 1n], document)).toBe(false); // a bigint equals the same integer
    expect(verdict([2n ** 60n, 2 ** 60], document)).toBe(false);
    expect(verdict([2n ** 60n + 1n, 2 ** 60], document)).toBe(true); // exact, not rounded
    expect(
      verdict(
        [
          { a: 1, b: [true] },
          { b: [true], a: 1 },
        ],
        document,
      ),
    ).toBe(false);
    expect(verdict([{ a: 1 }, { a: 2 }], document)).toBe(true);
    expect(verdict([[1], ['1']], document)).toBe(true);
    expect(verdict(['1', 1], document)).toBe(true);
    expect(verdict([null, false], document)).toBe(true);
    expect(verdict([0, -0], document)).toBe(false);
    expect(verdict([1, true], document)).toBe(true);
    expect(verdict([{}, []], document)).toBe(true);
  });

  it('name the two indexes of equal items, never the items', () => {
    const refusal = refusalOf([CANARY, 'b', CANARY], document);
    expect(refusal.issues).toEqual([{ path: '', code: 'DUPLICATE_ITEMS', indexes: [0, 2] }]);
    expect(refusal.text).toContain(
      'The arguments must hold distinct items; the items at indexes 0 and 2 are equal.',
    );
    expectNoCanary(refusal);
    const few = refusalOf([], document);
    expect(few.issues).toEqual([{ path: '', code: 'TOO_FEW_ITEMS', minItems: 1, maxItems: 4 }]);
    expect(few.text).toContain('The arguments must be an array of 1 to 4 items.');
    const many = refusalOf([1, 2, 3, 4, 5], { type: 'array', maxItems: 1 });
    expect(many.issues).toEqual([{ path: '', code: 'TOO_MANY_ITEMS', maxItems: 1 }]);
    expect(many.text).toContain('The arguments must be an array of at most 1 item.');
  });

  it('judge uniqueness in time linear in the array', () => {
    const items = Array.from({ length: 50_000 }, (_, i) => ({ id: i, name: `n${i}` }));
    items.push({ name: 'n7', id: 7 });
    const started = performance.now();
    expect(verdict(items, { type: 'array', uniqueItems: true })).toBe(false);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it('compare items nested as deep as the decoder admits', () => {
    const nest = (depth: number, leaf: unknown): unknown => {
      let value = leaf;
      for (let i = 0; i < depth; i++) value = [value];
      return value;
    };
    const document = { type: 'array', uniqueItems: true } as const;
    expect(verdict([nest(999, 1), nest(999, 1n)], document)).toBe(false);
    expect(verdict([nest(999, 1), nest(999, 2)], document)).toBe(true);
    expect(refusalOf([nest(999, 1), 2, nest(999, 1)], document).issues).toEqual([
      { path: '', code: 'DUPLICATE_ITEMS', indexes: [0, 2] },
    ]);
  });

  it('read uniqueItems false as nothing, and refuse a malformed one', () => {
    expect(verdict([1, 1], { type: 'array', uniqueItems: false })).toBe(true);
    expect(() => compileGate({ type: 'array', uniqueItems: 'yes' } as never)).toThrow(
      /`uniqueItems` does not hold a boolean/,
    );
    expect(() => compileGate({ type: 'array', minItems: -1 })).toThrow(/`minItems`/);
  });
});

describe('multipleOf on integers', () => {
  it('is exact for doubles and bigints alike', () => {
    const document = { type: 'integer', multipleOf: 3 } as const;
    expect(verdict(9, document)).toBe(true);
    expect(verdict(-9, document)).toBe(true);
    expect(verdict(0, document)).toBe(true);
    expect(verdict(10, document)).toBe(false);
    expect(verdict(3n ** 40n, document)).toBe(true);
    expect(verdict(3n ** 40n + 1n, document)).toBe(false);
    expect(verdict(2 ** 60, { type: 'integer', multipleOf: 2 ** 30 })).toBe(true);
    expect(verdict(2 ** 60, document)).toBe(false);
    const big = { type: 'integer', multipleOf: 2n ** 62n } as const;
    expect(verdict(2n ** 63n, big)).toBe(true);
    expect(verdict(2 ** 63, big)).toBe(true);
    expect(verdict(2n ** 62n + 2n, big)).toBe(false);
    // A fraction is no multiple of an integer, where the place also admits numbers.
    expect(verdict(1.5, { type: 'number', multipleOf: 3 })).toBe(false);
  });

  it('tells the divisor, never the value', () => {
    const refusal = refusalOf(7_777_777_771, { type: 'integer', multipleOf: 5 });
    expect(refusal.issues).toEqual([{ path: '', code: 'NOT_MULTIPLE', multipleOf: 5 }]);
    expect(refusal.text).toContain('The arguments must be a multiple of 5.');
    expect(refusal.text).not.toContain('7777777771');
  });

  it('refuses a fractional or non-positive divisor as a document defect', () => {
    for (const bad of [0.5, 0, -3, '3'])
      expect(() => compileGate({ type: 'integer', multipleOf: bad } as never)).toThrow(
        /declare an integer in smaller units/,
      );
  });
});

describe('nullables', () => {
  const spellings: ReadonlyArray<readonly [string, SchemaNode]> = [
    ['type: [T, "null"]', { type: ['string', 'null'], maxLength: 3 }],
    ['anyOf: [T, {type: "null"}]', { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] }],
    ['nullable: true (OpenAPI 3.0)', { type: 'string', maxLength: 3, nullable: true }],
  ];
  it.each(spellings)('%s admits null and the type, nothing else', (_, document) => {
    expect(verdict(null, document)).toBe(true);
    expect(verdict('abc', document)).toBe(true);
    expect(verdict('abcd', document)).toBe(false);
    expect(verdict(3, document)).toBe(false);
    const refusal = refusalOf(3, document);
    expect(refusal.text).toMatch(
      /must (be|match one of the declared alternatives, namely) a string or null/,
    );
  });

  it.each(spellings)('%s refuses a canary without repeating it', (_, document) => {
    const refusal = refusalOf(`${CANARY}${CANARY}`, document);
    expect(refusal.issues.map((issue) => issue.code)).toEqual(['TOO_LONG']);
    expectNoCanary(refusal);
    expectNoCanary(refusalOf({ [CANARY]: CANARY }, document));
  });

  it('nullable true beside an enum admits null; nullable false asserts nothing', () => {
    expect(verdict(null, { enum: ['a', 'b'], nullable: true })).toBe(true);
    expect(verdict(null, { type: 'string', enum: ['a'], nullable: true })).toBe(true);
    expect(verdict('c', { type: 'string', enum: ['a'], nullable: true })).toBe(false);
    expect(verdict(null, { type: 'string', nullable: false })).toBe(false);
    expect(verdict(null, { nullable: false })).toBe(true);
    expect(() => compileGate({ type: 'string', nullable: 'yes' } as never)).toThrow(
      /`nullable` does not hold a boolean/,
    );
  });

  it('an optional nullable property: absent and null are both admitted', () => {
    const document = {
      type: 'object',
      properties: { note: { type: ['string', 'null'] } },
      additionalProperties: false,
    } as const;
    expect(verdict({}, document)).toBe(true);
    expect(verdict({ note: null }, document)).toBe(true);
    expect(verdict({ note: 1 }, document)).toBe(false);
  });
});
