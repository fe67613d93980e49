/*
 * The typed conversion between the gate and `run` (the local stand-in for schema's `conform`):
 * every `Int64` becomes a `bigint` wherever it sits (properties, arrays, maps, recursion), every
 * other number a `number`, open values are carried as admitted, a `__proto__` key stays data, and a
 * value the declaration cannot describe is reported by declared path and type only.
 */
import { Int32, Int64, Map as MapOf, Recursive, Unknown } from '@portcullis/schema';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { conform } from '../src/internal/siblings/schema.ts';
import { toJson } from '../src/internal/to-json.ts';

const Node = Recursive('Node', (self) => Type.Object({ id: Int64(), kids: Type.Array(self) }));
const declaration = Type.Object({
  one: Int64(),
  many: Type.Array(Int64()),
  byName: MapOf(Int64()),
  small: Int32(),
  ratio: Type.Number(),
  tree: Node,
  open: Unknown(),
  maybe: Type.Optional(Int64()),
});

describe('conform', () => {
  it('makes every Int64 a bigint and every other number a number, never changing what it was given', () => {
    const admitted = {
      one: 1,
      many: [2, 2n ** 60n],
      byName: { a: 3 },
      small: 4,
      ratio: 10n ** 20n,
      tree: { id: 5, kids: [{ id: 6, kids: [] }] },
      open: { keep: 7 },
    };
    const converted = conform(declaration, admitted);
    expect(converted).toEqual({
      ok: true,
      value: {
        one: 1n,
        many: [2n, 2n ** 60n],
        byName: { a: 3n },
        small: 4,
        ratio: 1e20,
        tree: { id: 5n, kids: [{ id: 6n, kids: [] }] },
        open: { keep: 7 },
      },
    });
    expect((converted as { value: unknown }).value).not.toBe(admitted);
    expect(admitted.one).toBe(1);
    expect(admitted.many[0]).toBe(2);
  });

  it('returns what needs no conversion as it is', () => {
    const admitted = {
      one: 1n,
      many: [],
      byName: {},
      small: 1,
      ratio: 0.5,
      tree: { id: 1n, kids: [] },
      open: [1],
    };
    expect((conform(declaration, admitted) as { value: unknown }).value).toBe(admitted);
  });

  it('keeps a __proto__ key as data', () => {
    const admitted = JSON.parse(
      '{"one":1,"many":[],"byName":{"__proto__":2,"b":3},"small":1,"ratio":1,"tree":{"id":1,"kids":[]},"open":null}',
    );
    const converted = conform(declaration, admitted) as { ok: true; value: { byName: object } };
    expect(Object.getPrototypeOf(converted.value.byName)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(converted.value.byName, '__proto__')?.value).toBe(2n);
    expect(Object.keys(converted.value.byName)).toEqual(['__proto__', 'b']);
    expect((converted.value.byName as Record<string, unknown>).b).toBe(3n);
  });

  it('reports what it cannot convert by declared path and type only', () => {
    const converted = conform(declaration, {
      one: 1,
      many: [],
      byName: {},
      small: 1,
      ratio: 1,
      tree: { id: 1, kids: [{ id: 'canary', kids: [] }] },
      open: 1,
    });
    expect(converted).toEqual({
      ok: false,
      refusal: {
        code: 'NOT_CONFORMING',
        text: 'The value at `/tree/kids/0/id` cannot be converted to its declared type `Int64`.',
        path: '/tree/kids/0/id',
        type: 'Int64',
      },
    });
  });
});

describe('toJson', () => {
  it('follows JSON.stringify, keeping bigints', () => {
    const value = {
      when: new Date(0),
      big: 2n ** 64n,
      gone: undefined,
      fn: () => 1,
      list: [undefined, Number.NaN, 1],
      inner: new (class {
        a = 1;
      })(),
    };
    expect(toJson(value)).toEqual({
      when: '1970-01-01T00:00:00.000Z',
      big: 2n ** 64n,
      list: [null, null, 1],
      inner: { a: 1 },
    });
    expect(toJson(undefined)).toBe(null);
  });

  it('throws on a cycle, and accepts a shared object that is no cycle', () => {
    const shared = { x: 1 };
    expect(toJson({ a: shared, b: shared })).toEqual({ a: { x: 1 }, b: { x: 1 } });
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(() => toJson(loop)).toThrow();
  });
});
