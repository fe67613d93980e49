/*
 * Invariant: numbers decode as JSON.parse reads them, except that an integer literal beyond
 * ±(2^53-1) stays an exact bigint. An integer literal whose magnitude exceeds Number.MAX_VALUE
 * (compared exactly, never rounded) is refused as NUMBER_OVERFLOW, like a literal with a fraction
 * or exponent that a double rounds to infinity; a non-zero literal a double rounds to zero is
 * refused as NUMBER_UNDERFLOW. Both scans (bytes, UTF-16) agree, offsets included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../src/index.ts';
import { acceptedValue, refusalOf, utf8 } from './support.ts';

describe('numbers', () => {
  it('keep integers beyond ±(2^53-1) exact as bigint', () => {
    expect(acceptedValue(decode('9007199254740991'))).toBe(9007199254740991);
    expect(acceptedValue(decode('-9007199254740991'))).toBe(-9007199254740991);
    expect(acceptedValue(decode('9007199254740992'))).toBe(9007199254740992n);
    expect(acceptedValue(decode('-9007199254740993'))).toBe(-9007199254740993n);
    expect(acceptedValue(decode('{"id":[12345678901234567890123,1]}'))).toEqual({
      id: [12345678901234567890123n, 1],
    });
    const longest = `-${'7'.repeat(308)}`;
    expect(acceptedValue(decode(longest))).toBe(BigInt(longest));
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
    expect(acceptedValue(decode(`-0.${'0'.repeat(997)}`))).toBe(-0);
    expect(typeof acceptedValue(decode('1'.repeat(309), { maxNumberLength: 309 }))).toBe('bigint');
    expect(refusalOf(decode('1'.repeat(309), { maxNumberLength: 308 })).code).toBe(
      'NUMBER_TOO_LONG',
    );
  });

  it('judge the length limit before the magnitude', () => {
    expect(refusalOf(decode('1'.repeat(1001))).code).toBe('NUMBER_TOO_LONG');
    expect(refusalOf(decode('1'.repeat(1000))).code).toBe('NUMBER_OVERFLOW');
    expect(refusalOf(decode('1'.repeat(400), { maxNumberLength: 399 })).code).toBe(
      'NUMBER_TOO_LONG',
    );
  });
});

/** The integer value of the largest finite double, `Number.MAX_VALUE` (309 digits). */
const MAX = BigInt(Number.MAX_VALUE);
/** Half a unit in the last place of `Number.MAX_VALUE`: from `MAX + HALF` on, a double rounds up to infinity. */
const HALF = 2n ** 970n;

/** Every way a literal reaches the scans: bytes, ASCII string, non-ASCII string, at an offset. */
function inputsOf(literal: string): { input: string | Uint8Array; offset: number }[] {
  return [
    { input: literal, offset: 0 },
    { input: utf8(literal), offset: 0 },
    { input: `[1,${literal}]`, offset: 3 },
    { input: utf8(`{"é":${literal}}`), offset: 6 },
    { input: `{"é":${literal}}`, offset: 6 },
    { input: `["日本", ${literal}]`, offset: 11 },
  ];
}

function expectExact(literal: string): void {
  for (const { input } of inputsOf(literal)) {
    const value = acceptedValue(decode(input));
    const found = typeof value === 'object' && value !== null ? Object.values(value).at(-1) : value;
    expect(found).toBe(BigInt(literal));
  }
}

function expectOverflow(literal: string): void {
  for (const { input, offset } of inputsOf(literal)) {
    expect(refusalOf(decode(input))).toMatchObject({ code: 'NUMBER_OVERFLOW', offset });
  }
}

describe('integer literals at the edge of the double range', () => {
  it('refuse the 401-digit integer, as 1e400 is refused', () => {
    expectOverflow(`1${'0'.repeat(400)}`);
    expectOverflow(`-${'9'.repeat(400)}`);
    expect(refusalOf(decode('1e400')).code).toBe('NUMBER_OVERFLOW');
  });

  it('accept Number.MAX_VALUE written as an integer, and everything up to it, exactly', () => {
    expect(MAX.toString()).toHaveLength(309);
    for (const value of [MAX, MAX - 1n, -MAX, -(MAX - 1n), 10n ** 308n, MAX - HALF]) {
      expectExact(value.toString());
    }
  });

  it('refuse one past Number.MAX_VALUE, although a double would round it down to MAX_VALUE', () => {
    expect(Number(MAX + 1n)).toBe(Number.MAX_VALUE);
    expect(Number(MAX + HALF - 1n)).toBe(Number.MAX_VALUE);
    for (const value of [MAX + 1n, -(MAX + 1n), MAX + HALF - 1n, MAX + HALF, 10n ** 309n]) {
      expectOverflow(value.toString());
    }
    expectOverflow('9'.repeat(309));
  });

  it('read a literal with a fraction or an exponent as a double, refused only at infinity', () => {
    expect(acceptedValue(decode(`${MAX + 1n}.0`))).toBe(Number.MAX_VALUE);
    expect(acceptedValue(decode('1.7976931348623158e308'))).toBe(Number.MAX_VALUE);
    expect(refusalOf(decode(`${MAX + HALF}.0`)).code).toBe('NUMBER_OVERFLOW');
    expect(refusalOf(decode('1.7976931348623159e308')).code).toBe('NUMBER_OVERFLOW');
  });

  it('accept exactly the integers whose magnitude is at most Number.MAX_VALUE', () => {
    const near = fc.bigInt({ min: MAX - 2n ** 980n, max: MAX + 2n ** 980n });
    fc.assert(
      fc.property(near, fc.boolean(), (magnitude, negative) => {
        const literal = (negative ? -magnitude : magnitude).toString();
        const result = decode(`[${literal}]`);
        if (magnitude <= MAX) expect(result).toEqual({ ok: true, value: [BigInt(literal)] });
        else expect(refusalOf(result)).toMatchObject({ code: 'NUMBER_OVERFLOW', offset: 1 });
      }),
      { numRuns: 500 },
    );
  });
});

/*
 * A document holding one integer beyond ±(2^53-1) is built by the exact parser, which reads every
 * other number of that document itself: the bigint boundary must hold there too, for each sign.
 */
describe('numbers beside a big integer', () => {
  const BIG = '9007199254740993';

  it('keep ±(2^53-1) a number and make ±2^53 a bigint', () => {
    expect(
      acceptedValue(
        decode(`[${BIG},9007199254740991,-9007199254740991,9007199254740992,-9007199254740992]`),
      ),
    ).toEqual([
      9007199254740993n,
      9007199254740991,
      -9007199254740991,
      9007199254740992n,
      -9007199254740992n,
    ]);
  });

  it('keep 16-digit integers of either sign below the boundary numbers, at any depth', () => {
    const value = acceptedValue(
      decode(
        `{"n":-1234567890123456,"m":[1234567890123456,{"k":-9007199254740990}],"big":-${BIG}}`,
      ),
    );
    expect(value).toEqual({
      n: -1234567890123456,
      m: [1234567890123456, { k: -9007199254740990 }],
      big: -9007199254740993n,
    });
    expect(typeof (value as { n: unknown }).n).toBe('number');
  });

  it('keep short integers numbers even where their digits sort after 2^53-1 as text', () => {
    expect(acceptedValue(decode(`[${BIG},95,9100,-99,900719925474100]`))).toEqual([
      9007199254740993n,
      95,
      9100,
      -99,
      900719925474100,
    ]);
  });

  it('read the other literals of the document as JSON.parse does', () => {
    const others = '[-0,0,1.5,-2.5e3,1E2,12345678901234567890e0,17,-3]';
    const value = acceptedValue(decode(`{"big":${BIG},"others":${others}}`)) as {
      others: unknown[];
    };
    expect(value.others).toEqual(JSON.parse(others));
    expect(Object.is(value.others[0], -0)).toBe(true);
  });
});
