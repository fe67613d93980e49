/**
 * Guards the wire form of published documents: bigints are written as exact integer literals, key
 * order is kept, the text is what JSON.stringify would write otherwise, and a value JSON cannot hold
 * is a defect naming its pointer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonValue, stringifyCanonical } from '../src/index.ts';

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

  it.each([
    ['NaN', { a: [Number.NaN] }, '/a/0'],
    ['Infinity', { 'x/y': Number.POSITIVE_INFINITY }, '/x~1y'],
    ['undefined', { a: undefined }, '/a'],
    ['a function', [() => 1], '/0'],
  ])('refuses %s with its pointer', (_name, value, path) => {
    expect(() => stringifyCanonical(value as unknown as JsonValue)).toThrow(
      expect.objectContaining({ code: 'MALFORMED_SCHEMA', path }),
    );
  });
});
