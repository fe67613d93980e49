/*
 * A tool output's text, written from the output itself when it has no output schema: the same
 * text its JSON form (`toJson`) writes, for every kind of value `toJson` handles, bigints exact.
 */
import { describe, expect, it } from 'vitest';
import { toJson } from '../src/internal/to-json.ts';
import { writeJson, writeOutput } from '../src/internal/write-json.ts';

class Money {
  readonly cents = 1250;
  toJSON() {
    return { amount: '12.50', currency: 'EUR' };
  }
}

const OUTPUTS: Record<string, unknown> = {
  undefined: undefined,
  null: null,
  function: () => 1,
  symbol: Symbol('s'),
  string: 'text "quoted" \u2028',
  'non-finite numbers': { a: Number.NaN, b: [Number.POSITIVE_INFINITY], c: -0 },
  'undefined and functions in objects and arrays': {
    a: undefined,
    b: () => 1,
    c: [undefined, () => 1, Symbol('s')],
  },
  toJSON: {
    when: new Date(Date.UTC(2024, 1, 29)),
    price: new Money(),
    keyed: { toJSON: (key: string) => key },
  },
  'a bigint at the top': 9223372036854775807n,
  'bigints nested': { big: -9223372036854775808n, list: [1, 2n, { deep: 3n }], date: new Date(0) },
  'a __proto__ key': JSON.parse('{"__proto__": {"x": 1}, "y": [1]}'),
  'inherited enumerable keys': Object.create(
    { inherited: 1 },
    { own: { value: 2, enumerable: true } },
  ),
};

describe('writeOutput', () => {
  it.each(Object.entries(OUTPUTS))(
    'writes %s as its JSON form would be written',
    (_case, value) => {
      expect(writeOutput(value)).toBe(writeJson(toJson(value)));
    },
  );

  it('writes a bigint exactly and nothing JSON has no text for as null', () => {
    expect(writeOutput({ id: 9223372036854775807n })).toBe('{"id":9223372036854775807}');
    expect(writeOutput(undefined)).toBe('null');
    expect(writeOutput(() => 1)).toBe('null');
  });

  it('throws on an output that cannot be written: a cycle, with or without a bigint', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => writeOutput(cycle)).toThrow();
    const bigCycle: Record<string, unknown> = { a: 1n };
    bigCycle.self = bigCycle;
    expect(() => writeOutput(bigCycle)).toThrow();
  });
});
