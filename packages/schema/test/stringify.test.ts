/**
 * Guards the wire form of published documents: bigints are written as exact integer literals, key
 * order is kept, the text is what JSON.stringify would write otherwise, and a value JSON cannot hold
 * is a defect naming its pointer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonValue, stringifyCanonical } from '../src/index.ts';

/** `[<hole>, 'x']`: index 0 is absent, not undefined. */
function holed(): unknown[] {
  const items: unknown[] = [];
  items[1] = 'x';
  return items;
}

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = { ok: 1 };
  value['self'] = value;
  return value;
}

describe('stringifyCanonical', () => {
  it('writes bigints exactly', () => {
    expect(stringifyCanonical({ min: -(2n ** 63n), max: 2n ** 63n - 1n })).toBe(
      '{"min":-9223372036854775808,"max":9223372036854775807}',
    );
  });

  it('writes what JSON.stringify writes for plain JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyCanonical(value as JsonValue)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('keeps a key named __proto__ and escapes keys', () => {
    const value = JSON.parse('{"__proto__":{"a\\"b":1}}') as JsonValue;
    expect(stringifyCanonical(value)).toBe('{"__proto__":{"a\\"b":1}}');
  });

  it('cannot be fooled by data that looks like a written bigint', () => {
    const forged = { '\u00001\u0000': '\u000042\u0000', n: 7n };
    expect(stringifyCanonical(forged)).toBe('{"\\u00001\\u0000":"\\u000042\\u0000","n":7}');
    expect(stringifyCanonical(['\u00009\u0000'])).toBe('["\\u00009\\u0000"]');
    expect(stringifyCanonical({ a: '\u0000' })).toBe(JSON.stringify({ a: '\u0000' }));
  });

  it('writes bigints nested in arrays and objects, and a bare bigint', () => {
    expect(stringifyCanonical([1n, { a: [-2n] }])).toBe('[1,{"a":[-2]}]');
    expect(stringifyCanonical(-0n)).toBe('0');
    expect(stringifyCanonical(12345678901234567890n)).toBe('12345678901234567890');
  });

  it.each([
    ['NaN', { a: [Number.NaN] }, '/a/0'],
    ['Infinity', { 'x/y': Number.POSITIVE_INFINITY }, '/x~1y'],
    ['undefined', { a: undefined }, '/a'],
    ['a function', [() => 1], '/0'],
    ['a class instance', { when: new Date(0) }, '/when'],
    ['a bare undefined', undefined, ''],
    ['a hole in an array', { a: holed() }, '/a/0'],
    ['a cycle', cyclic(), '/self'],
  ])('refuses %s with its pointer', (_name, value, path) => {
    expect(() => stringifyCanonical(value as unknown as JsonValue)).toThrow(
      expect.objectContaining({ code: 'MALFORMED_SCHEMA', path }),
    );
  });
});
