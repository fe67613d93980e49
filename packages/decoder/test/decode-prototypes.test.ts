/*
 * Invariant: decode builds values exactly as JSON.parse does, whatever the prototypes hold.
 * `__proto__`, `constructor` and `prototype` are own data properties; no prototype is changed; a
 * setter, a getter, a read-only property or a proxy on the prototype chain of objects and arrays
 * (`Object.prototype`, `Array.prototype`, an index such as `Array.prototype[0]`) is never called
 * and never makes decode throw or build something else, on the native path and on the bigint path,
 * from a string and from bytes.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { type DecodedValue, type DecodeResult, decode } from '../src/index.ts';
import { acceptedValue, refusalOf, utf8 } from './support.ts';

/** Every own property of Object.prototype and Array.prototype, with its descriptor. */
function prototypeSnapshot() {
  return [Object.prototype, Array.prototype].map((proto) =>
    Reflect.ownKeys(proto).map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)]),
  );
}

/**
 * Asserts `actual` is built as JSON.parse built `expected`: the same prototypes, the same own keys
 * in the same order, every member an own writable, enumerable, configurable data property, and
 * every integer JSON.parse had to round kept as a bigint.
 */
function expectBuiltLike(actual: unknown, expected: unknown): void {
  if (typeof actual === 'bigint') {
    expect(Number.isSafeInteger(expected)).toBe(false);
    expect(Number(actual)).toBe(expected);
    return;
  }
  if (actual === null || typeof actual !== 'object') {
    expect(actual).toBe(expected);
    return;
  }
  expect(Object.getPrototypeOf(actual)).toBe(Object.getPrototypeOf(expected));
  expect(Reflect.ownKeys(actual)).toEqual(Reflect.ownKeys(expected as object));
  for (const key of Reflect.ownKeys(expected as object)) {
    const described = Object.getOwnPropertyDescriptor(expected, key)!;
    const own = Object.getOwnPropertyDescriptor(actual, key)!;
    expect({ ...own, value: undefined }).toEqual({ ...described, value: undefined });
    expectBuiltLike(own.value, described.value);
  }
}

describe('prototypes', () => {
  it('keeps __proto__, constructor and prototype as own data properties', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const text =
      '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},"prototype":1}';
    const withBigInt = text.replace('"prototype":1', '"prototype":9007199254740993');
    for (const input of [text, utf8(text), withBigInt, utf8(withBigInt)]) {
      const value = acceptedValue(decode(input)) as Record<string, unknown>;
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.getOwnPropertyNames(value)).toEqual(['__proto__', 'constructor', 'prototype']);
      expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toEqual({
        polluted: true,
      });
    }
    const big = decode('{"__proto__":{"polluted":9007199254740993},"n":1}');
    const bigValue = acceptedValue(big) as Record<string, unknown>;
    expect(Object.getPrototypeOf(bigValue)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(bigValue, '__proto__')?.value).toEqual({
      polluted: 9007199254740993n,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });

  it('builds objects as JSON.parse does at any depth, with and without big integers', () => {
    const before = prototypeSnapshot();
    const name = fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'a',
    );
    const { node } = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(
          '1',
          '"x"',
          'null',
          '{}',
          '[]',
          '9007199254740993',
          '-12345678901234567890',
        ),
        fc.array(tie('node'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
        fc
          .uniqueArray(fc.tuple(name, tie('node')), { maxLength: 5, selector: ([n]) => n })
          .map((members) => `{${members.map(([n, v]) => `"${n}":${v}`).join(',')}}`),
      ),
    }));
    fc.assert(
      fc.property(node, (text) => {
        for (const input of [text, utf8(text)]) {
          expectBuiltLike(acceptedValue(decode(input)), JSON.parse(text));
        }
      }),
      { numRuns: 1500 },
    );
    expect(prototypeSnapshot()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('sets a name Object.prototype holds read-only or as an accessor as an own property', () => {
    const setter = vi.fn();
    Object.defineProperty(Object.prototype, 'sealedName', { value: 0, configurable: true });
    Object.defineProperty(Object.prototype, 'trappedName', { set: setter, configurable: true });
    try {
      for (const tail of ['1', '9007199254740993']) {
        const text = `[{"sealedName":{"trappedName":1},"trappedName":${tail}}]`;
        for (const input of [text, utf8(text)]) {
          const [outer] = acceptedValue(decode(input)) as Record<string, DecodedValue>[];
          expect(Object.getOwnPropertyDescriptor(outer, 'sealedName')).toMatchObject({
            value: { trappedName: 1 },
            writable: true,
          });
          expect(Object.getOwnPropertyDescriptor(outer, 'trappedName')?.value).toBe(
            tail === '1' ? 1 : 9007199254740993n,
          );
        }
      }
      expect(setter).not.toHaveBeenCalled();
    } finally {
      delete (Object.prototype as Record<string, unknown>).sealedName;
      delete (Object.prototype as Record<string, unknown>).trappedName;
    }
  });

  it('refuses a duplicated __proto__ like any other name', () => {
    expect(refusalOf(decode('{"__proto__":1,"__proto__":2}')).code).toBe('DUPLICATE_KEY');
  });
});

/** Documents holding arrays at several depths, each with and without a big integer. */
const ARRAY_DOCUMENTS = [
  '[1,[2,3],{"a":[4,5,6]},[]]',
  '[9007199254740993,[2,3],{"a":[4,5,9007199254740994]},[]]',
  '{"list":[[1],[[2]]],"n":1}',
  '{"list":[[1],[[2]]],"n":9007199254740993}',
];

/**
 * Counts its calls without touching an array (a spy records calls in one, which would call the
 * very setter under test).
 */
function counter(): { readonly calls: () => number; readonly fn: (...args: unknown[]) => boolean } {
  let calls = 0;
  return {
    calls: () => calls,
    fn: () => {
      calls++;
      return true;
    },
  };
}

/** Defines a property on a prototype with a descriptor that inherits nothing itself. */
function plant(target: object, key: string, descriptor: PropertyDescriptor): void {
  const own = { __proto__: null, configurable: true, ...descriptor };
  Object.defineProperty(target, key, own as PropertyDescriptor);
}

function uproot(target: object, keys: readonly string[]): void {
  for (const key of keys) delete (target as Record<string, unknown>)[key];
}

/**
 * Decodes every document from a string and from its bytes while `tamper` is in force, and undoes it
 * before anything else runs (the test runner itself would not survive some of these). The results
 * array is filled before, so storing into it consults no prototype.
 */
function decodeTampered(
  documents: readonly string[],
  tamper: () => void,
  undo: () => void,
): (DecodeResult | Error)[] {
  const inputs = documents.flatMap((text) => [text, utf8(text)]);
  const results: (DecodeResult | Error)[] = inputs.map(() => new Error('not decoded'));
  tamper();
  try {
    for (let k = 0; k < inputs.length; k++) {
      try {
        results[k] = decode(inputs[k]!);
      } catch (error) {
        results[k] = error as Error;
      }
    }
  } finally {
    undo();
  }
  return results;
}

function expectEachBuiltLikeJsonParse(
  documents: readonly string[],
  results: readonly (DecodeResult | Error)[],
): void {
  documents.forEach((text, k) => {
    for (const result of [results[2 * k], results[2 * k + 1]]) {
      if (result instanceof Error) throw result;
      expectBuiltLike(acceptedValue(result!), JSON.parse(text));
    }
  });
}

describe('arrays under a tampered prototype chain', () => {
  it('never calls a setter or getter Array.prototype or Object.prototype holds for an index', () => {
    const setter = counter();
    const getter = counter();
    const results = decodeTampered(
      ARRAY_DOCUMENTS,
      () => {
        plant(Array.prototype, '0', { set: setter.fn, get: getter.fn });
        plant(Object.prototype, '1', { set: setter.fn, get: getter.fn });
      },
      () => {
        uproot(Array.prototype, ['0']);
        uproot(Object.prototype, ['1']);
      },
    );
    expect([setter.calls(), getter.calls()]).toEqual([0, 0]);
    expectEachBuiltLikeJsonParse(ARRAY_DOCUMENTS, results);
  });

  it('does not throw for read-only (frozen) indexes on Array.prototype', () => {
    const results = decodeTampered(
      ARRAY_DOCUMENTS,
      () => {
        plant(Array.prototype, '0', { value: 'inherited' });
        plant(Array.prototype, '1', { value: 'inherited' });
      },
      () => uproot(Array.prototype, ['0', '1']),
    );
    expectEachBuiltLikeJsonParse(ARRAY_DOCUMENTS, results);
  });

  it('never calls the traps of a proxy put behind Array.prototype', () => {
    const trap = counter();
    const original = Object.getPrototypeOf(Array.prototype) as object;
    const proxy = new Proxy(original, { set: trap.fn, defineProperty: trap.fn });
    const results = decodeTampered(
      ARRAY_DOCUMENTS,
      () => Object.setPrototypeOf(Array.prototype, proxy),
      () => Object.setPrototypeOf(Array.prototype, original),
    );
    expect(trap.calls()).toBe(0);
    expectEachBuiltLikeJsonParse(ARRAY_DOCUMENTS, results);
  });

  it('defines members and elements when Object.prototype holds `get`, `set` or `value`', () => {
    const documents = [
      '{"toString":1,"a":[1,[2]]}',
      '{"toString":9007199254740993,"constructor":[1,[2]],"b":[9007199254740993]}',
    ];
    const names = ['get', 'set', 'value'];
    const results = decodeTampered(
      documents,
      () => {
        plant(Array.prototype, '0', { value: 'inherited' });
        for (const name of names) plant(Object.prototype, name, { value: () => 0 });
      },
      () => {
        uproot(Object.prototype, names);
        uproot(Array.prototype, ['0']);
      },
    );
    expectEachBuiltLikeJsonParse(documents, results);
  });

  it('still finds a duplicate name behind an escape when an index setter is on Array.prototype', () => {
    const setter = counter();
    const indexes = ['0', '1', '2', '3'];
    const documents = [
      '[{"a":{"\\u0062":1,"b":2}}]',
      `{"x":[{${Array.from({ length: 20 }, (_, k) => `"k${k}":${k}`).join(',')},"k7":0}]}`,
    ];
    const results = decodeTampered(
      documents,
      () => {
        for (const index of indexes) plant(Array.prototype, index, { set: setter.fn });
      },
      () => uproot(Array.prototype, indexes),
    );
    expect(setter.calls()).toBe(0);
    for (const result of results) {
      if (result instanceof Error) throw result;
      expect(refusalOf(result).code).toBe('DUPLICATE_KEY');
    }
  });
});
