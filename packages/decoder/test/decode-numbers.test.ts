/*
 * Invariant: numbers decode as JSON.parse reads them, except that an integer literal beyond
 * ±(2^53-1) stays an exact bigint; a number whose magnitude no finite double reaches is refused as
 * NUMBER_OVERFLOW, a non-zero one a double rounds to zero as NUMBER_UNDERFLOW.
 */
import { describe, expect, it } from 'vitest';
import { decode } from '../src/index.ts';
import { acceptedValue, refusalOf } from './support.ts';

describe('numbers', () => {
  it('keep integers beyond ±(2^53-1) exact as bigint', () => {
    expect(acceptedValue(decode('9007199254740991'))).toBe(9007199254740991);
    expect(acceptedValue(decode('-9007199254740991'))).toBe(-9007199254740991);
    expect(acceptedValue(decode('9007199254740992'))).toBe(9007199254740992n);
    expect(acceptedValue(decode('-9007199254740993'))).toBe(-9007199254740993n);
    expect(acceptedValue(decode('{"id":[12345678901234567890123,1]}'))).toEqual({
      id: [12345678901234567890123n, 1],
    });
    const thousand = `-${'7'.repeat(999)}`;
    expect(acceptedValue(decode(thousand))).toBe(BigInt(thousand));
  });

  it('leave non-integer literals as numbers, as JSON.parse reads them', () => {
    for (const literal of ['1.0', '1e2', '12345678901234567890e0', '-0', '0.5E-3', '1E+2']) {
      expect(acceptedValue(decode(literal))).toBe(JSON.parse(literal));
    }
    expect(Object.is(acceptedValue(decode('-0')), -0)).toBe(true);
  });

  it('refuse overflow and non-zero underflow, accept zero and the extremes', () => {
    expect(acceptedValue(decode('1.7976931348623157e308'))).toBe(Number.MAX_VALUE);
    expect(acceptedValue(decode('5e-324'))).toBe(5e-324);
    expect(acceptedValue(decode('0e-999'))).toBe(0);
    expect(acceptedValue(decode('0.000e+999'))).toBe(0);
    expect(refusalOf(decode('1.8e308')).code).toBe('NUMBER_OVERFLOW');
    expect(refusalOf(decode('2e-324')).code).toBe('NUMBER_UNDERFLOW');
    const tiny = `0.${'0'.repeat(400)}1`;
    expect(refusalOf(decode(tiny)).code).toBe('NUMBER_UNDERFLOW');
    const big = `${'9'.repeat(400)}.5`;
    expect(refusalOf(decode(big)).code).toBe('NUMBER_OVERFLOW');
  });

  it('accept a number literal AT the length limit and refuse one past it', () => {
    expect(acceptedValue(decode(`0.${'1'.repeat(998)}`))).toBeCloseTo(0.111, 3);
    expect(refusalOf(decode(`0.${'1'.repeat(999)}`)).code).toBe('NUMBER_TOO_LONG');
    expect(typeof acceptedValue(decode('1'.repeat(1000)))).toBe('bigint');
    expect(refusalOf(decode('1'.repeat(1001))).code).toBe('NUMBER_TOO_LONG');
  });
});
