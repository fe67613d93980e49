/**
 * Guards the one writer of everything that leaves a process: it writes exactly what JSON.stringify
 * writes wherever JSON.stringify is faithful (undefined members left out, `toJSON` honoured,
 * `__proto__` an ordinary key, key order kept), writes every bigint as its exact integer literal at
 * any depth (deeper than the call stack too), reads each place and asks each `toJSON` once, and
 * throws NOT_JSON with the pointer of the place where JSON.stringify would throw, write `null` for
 * something else, or drop a value silently (never a `RangeError`).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyCanonical } from '../src/index.ts';

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

/** An object whose members are defined, never assigned, so `__proto__` is an own member. */
function objectOf(entries: readonly (readonly [string, unknown])[], bare: boolean): object {
  const out: object = bare ? Object.create(null) : {};
  for (const [key, value] of entries) {
    Object.defineProperty(out, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

function hasToJSON(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  );
}

const KEYS = fc.oneof(
  fc.string({ maxLength: 5 }),
  fc.constantFrom(
    '__proto__',
    'toJSON',
    'constructor',
    '',
    'a/b',
    '\u0000',
    '\u0000s0\u0000',
    '\u00001\u0000',
  ),
);

/** Strings, now and then with a NUL (the writer's fence), some shaped like its markers. */
const STRINGS = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('\u0000', 'a\u0000b', '\u0000s0\u0000', '\u0000-1\u0000'),
);

/**
 * Values JSON.stringify writes faithfully and holding no bigint: JSON, `undefined` object members,
 * null-prototype objects, dates (valid or not) and objects with a `toJSON` (told their key).
 */
const { value: faithful } = fc.letrec<{ value: unknown; array: unknown[]; object: object }>(
  (tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      STRINGS,
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.date({ noInvalidDate: false }),
      fc.constant({ toJSON: (key: string) => `key ${key}` }),
      // What a toJSON returns is not asked for its own toJSON (as JSON.stringify does not ask), so
      // a date or a toJSON object there is a non-plain object or a function member: refused.
      tie('value')
        .filter((inner) => !hasToJSON(inner))
        .map((inner) => ({ toJSON: () => inner })),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }),
    object: fc
      .tuple(
        fc.array(fc.tuple(KEYS, fc.oneof(tie('value'), fc.constant(undefined))), {
          maxLength: 4,
        }),
        fc.boolean(),
      )
      .map(([entries, bare]) => objectOf(entries, bare)),
  }),
);

/** The reference for a value with bigints: JSON.stringify with each bigint fenced, then unfenced. */
function reference(value: unknown): string | undefined {
  const fence = '\u{10FFFF}';
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? `${fence}${item}${fence}` : item,
  )?.replace(new RegExp(`"${fence}(-?[0-9]+)${fence}"`, 'gu'), '$1');
}

describe('stringifyCanonical against JSON.stringify', () => {
  it('writes what JSON.stringify writes for plain JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyCanonical(value)).toBe(JSON.stringify(value));
      }),
    );
  });

  it('writes what JSON.stringify writes for every faithful value without a bigint', () => {
    fc.assert(
      fc.property(faithful, (value) => {
        expect(stringifyCanonical(value)).toBe(JSON.stringify(value));
      }),
      { numRuns: 500 },
    );
  });

  it('writes every bigint exactly, at any depth, and the rest as JSON.stringify does', () => {
    const withBigints = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
        faithful,
        fc.array(tie('value'), { maxLength: 3 }),
        fc
          .array(fc.tuple(KEYS, tie('value')), { maxLength: 3 })
          .map((entries) => objectOf(entries, false)),
      ),
    })).value;
    fc.assert(
      fc.property(withBigints, (value) => {
        expect(stringifyCanonical(value)).toBe(reference(value));
      }),
      { numRuns: 300 },
    );
  });
});

describe('stringifyCanonical', () => {
  it('writes bigints exactly, nested and bare', () => {
    expect(stringifyCanonical({ min: -(2n ** 63n), max: 2n ** 63n - 1n })).toBe(
      '{"min":-9223372036854775808,"max":9223372036854775807}',
    );
    expect(stringifyCanonical([1n, { a: [-2n] }])).toBe('[1,{"a":[-2]}]');
    expect(stringifyCanonical(-0n)).toBe('0');
    expect(stringifyCanonical(12345678901234567890n)).toBe('12345678901234567890');
    expect(stringifyCanonical({ a: '\u0000', big: [2n ** 64n] })).toBe(
      '{"a":"\\u0000","big":[18446744073709551616]}',
    );
  });

  it('never consults a toJSON on BigInt.prototype', () => {
    const prototype = BigInt.prototype as unknown as { toJSON?: () => string };
    prototype.toJSON = function toJSON() {
      return 'rounded';
    };
    try {
      expect(stringifyCanonical({ id: 2n ** 63n })).toBe('{"id":9223372036854775808}');
      expect(stringifyCanonical({ id: 7n, s: '\u0000' })).toBe('{"id":7,"s":"\\u0000"}');
    } finally {
      delete prototype.toJSON;
    }
  });

  it('leaves out undefined members, as JSON.stringify does, on both paths', () => {
    expect(stringifyCanonical({ a: undefined, b: 1, c: { d: undefined } })).toBe('{"b":1,"c":{}}');
    expect(stringifyCanonical({ a: undefined, b: '\u0000' })).toBe('{"b":"\\u0000"}');
    expect(stringifyCanonical({ a: { toJSON: () => undefined }, b: 1n })).toBe('{"b":1}');
  });

  it('keeps a key named __proto__ as an ordinary member and escapes keys', () => {
    const value = JSON.parse('{"__proto__":{"a\\"b":1}}') as unknown;
    expect(stringifyCanonical(value)).toBe('{"__proto__":{"a\\"b":1}}');
    const slow = JSON.parse('{"__proto__":{"x":"\\u0000"}}') as unknown;
    expect(stringifyCanonical(slow)).toBe('{"__proto__":{"x":"\\u0000"}}');
  });

  it('honours toJSON with its key, and writes what it returns by the same rules', () => {
    expect(stringifyCanonical({ at: new globalThis.Date(0) })).toBe(
      '{"at":"1970-01-01T00:00:00.000Z"}',
    );
    const keyed = { toJSON: (key: string) => `at ${key}` };
    expect(stringifyCanonical({ a: keyed, list: [keyed] })).toBe('{"a":"at a","list":["at 0"]}');
    expect(stringifyCanonical(keyed)).toBe('"at "');
    expect(stringifyCanonical({ n: { toJSON: () => 2n ** 70n } })).toBe(
      '{"n":1180591620717411303424}',
    );
    expect(() => stringifyCanonical({ n: { toJSON: () => Number.NaN } })).toThrow(
      expect.objectContaining({ code: 'NOT_JSON', details: { path: '/n' } }),
    );
    // Asked once per place, as JSON.stringify does: a date returned by a toJSON is not plain JSON.
    expect(() => stringifyCanonical({ d: { toJSON: () => new globalThis.Date(0) } })).toThrow(
      expect.objectContaining({ code: 'NOT_JSON', details: { path: '/d' } }),
    );
  });

  it('cannot be fooled by data that looks like a written bigint', () => {
    const forged = { '\u00001\u0000': '\u000042\u0000', n: 7n };
    expect(stringifyCanonical(forged)).toBe('{"\\u00001\\u0000":"\\u000042\\u0000","n":7}');
    expect(stringifyCanonical(['\u00009\u0000'])).toBe('["\\u00009\\u0000"]');
    expect(stringifyCanonical({ a: '\u0000' })).toBe(JSON.stringify({ a: '\u0000' }));
  });

  it('writes -0 as 0, as JSON.stringify does', () => {
    expect(stringifyCanonical({ z: -0, s: '\u0000' })).toBe('{"z":0,"s":"\\u0000"}');
    expect(stringifyCanonical([-0])).toBe('[0]');
  });

  class Point {
    readonly x = 1;
  }

  it.each([
    ['NaN', { a: [Number.NaN] }, '/a/0'],
    ['Infinity', { 'x/y': Number.POSITIVE_INFINITY }, '/x~1y'],
    ['-Infinity beside a NUL string', { s: '\u0000', n: Number.NEGATIVE_INFINITY }, '/n'],
    ['an undefined array element', { a: [1, undefined] }, '/a/1'],
    ['a hole in an array', { a: holed() }, '/a/0'],
    ['a bare undefined', undefined, ''],
    ['a function member', { f: () => 1 }, '/f'],
    ['a function element', [() => 1], '/0'],
    ['a symbol member', { s: Symbol('s') }, '/s'],
    ['a Map', { m: new globalThis.Map([['a', 1]]) }, '/m'],
    ['a class instance', { p: new Point() }, '/p'],
    ['a boxed number', { n: Object(1) }, '/n'],
    ['a cycle', cyclic(), '/self'],
  ])('refuses %s with its pointer', (_name, value, path) => {
    expect(() => stringifyCanonical(value)).toThrow(
      expect.objectContaining({ code: 'NOT_JSON', details: { path } }),
    );
  });

  it('names no value in its message', () => {
    try {
      stringifyCanonical({ secret: Number.NaN, canary: 'CANARY-42' });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('CANARY');
      expect((error as Error).message).not.toContain('secret');
    }
  });
});

/** `value` inside `depth` levels: an object whose one key is `k` outermost, then an array, ... */
function nested(value: unknown, depth: number): unknown {
  let out = value;
  for (let level = depth; level > 0; level -= 1) out = level % 2 === 0 ? [out] : { k: out };
  return out;
}

describe('stringifyCanonical beyond the call stack and the native serializer', () => {
  it('writes a value nested deeper than the call stack reaches, bigints included', () => {
    for (const depth of [4_000, 10_000, 100_000]) {
      const open = '{"k":['.repeat(depth / 2);
      const close = ']}'.repeat(depth / 2);
      expect(stringifyCanonical(nested(2n ** 64n, depth))).toBe(
        `${open}18446744073709551616${close}`,
      );
      expect(stringifyCanonical(nested('\u0000', depth))).toBe(`${open}"\\u0000"${close}`);
    }
  });

  it('names the deep place of a defect instead of overflowing', () => {
    const depth = 10_000;
    const path = '/k/0'.repeat(depth / 2);
    expect(() => stringifyCanonical(nested(Number.NaN, depth))).toThrow(
      expect.objectContaining({ code: 'NOT_JSON', details: { path } }),
    );
    const loop: unknown[] = [];
    loop.push(nested(loop, depth));
    expect(() => stringifyCanonical(loop)).toThrow(expect.objectContaining({ code: 'NOT_JSON' }));
  });

  it('writes what JSON.stringify writes around the depth where it stops following natively', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 240, max: 280 }),
        fc.array(faithful, { minLength: 1, maxLength: 3 }),
        (depth, leaves) => {
          const value = nested(leaves, depth);
          expect(stringifyCanonical(value)).toBe(JSON.stringify(value));
          const beside = { deep: value, leaves, tail: nested(leaves, depth + 1) };
          expect(stringifyCanonical(beside)).toBe(JSON.stringify(beside));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('asks each toJSON once and reads each getter once, whichever way the value is written', () => {
    let asked = 0;
    // The first answer is a bigint, any later one a string: a second asking would show.
    const answer = { toJSON: () => (++asked === 1 ? 5n : 'asked again') };
    expect(stringifyCanonical({ a: answer })).toBe('{"a":5}');
    expect(asked).toBe(1);
    asked = 0;
    expect(stringifyCanonical({ s: '\u0000', a: answer })).toBe('{"s":"\\u0000","a":5}');
    expect(asked).toBe(1);
    asked = 0;
    expect(stringifyCanonical(nested({ a: answer }, 1_000))).toBe(
      `${'{"k":['.repeat(500)}{"a":5}${']}'.repeat(500)}`,
    );
    expect(asked).toBe(1);
    let read = 0;
    const getter = {
      get n() {
        read += 1;
        return 1;
      },
    };
    expect(stringifyCanonical([getter, 2n])).toBe('[{"n":1},2]');
    expect(read).toBe(1);
  });

  it('cannot be fooled by keys or strings that look like its markers', () => {
    const value = objectOf(
      [
        ['\u0000s0\u0000', '\u0000s0\u0000'],
        ['\u00007\u0000', 8n],
        ['x', ['\u0000s1\u0000', '"\u00009\u0000"']],
      ],
      false,
    );
    expect(stringifyCanonical(value)).toBe(reference(value));
  });

  it('refuses a hole even where a polluted prototype holds a value at its index', () => {
    const prototype = Object.prototype as unknown as Record<string, unknown>;
    prototype['0'] = 'polluted';
    try {
      expect(() => stringifyCanonical({ a: holed() })).toThrow(
        expect.objectContaining({ code: 'NOT_JSON', details: { path: '/a/0' } }),
      );
      expect(() => stringifyCanonical({ a: holed(), s: '\u0000', n: nested(1, 300) })).toThrow(
        expect.objectContaining({ code: 'NOT_JSON', details: { path: '/a/0' } }),
      );
    } finally {
      delete prototype['0'];
    }
  });
});
