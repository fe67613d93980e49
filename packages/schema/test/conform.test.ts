/**
 * Guards `conform`, the handler's typed conversion: every `Int64` becomes a `bigint` wherever it
 * sits (properties, arrays at any depth, map values, recursive types), every other number a
 * `number`, nothing else changes; the result is new and the input untouched; `__proto__` stays own
 * data; a value the declaration cannot hold is refused with the declared path and type only; and
 * the declaration is prepared once.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { freezeJson } from '../src/document.ts';
import {
  ArtifactRefs,
  conform,
  DateTime,
  INT64_MAX,
  INT64_MIN,
  Int8,
  Int64,
  Recursive,
  SchemaDefectError,
  Map as StringMap,
  Uint16,
  Unknown,
} from '../src/index.ts';
import { planOf } from '../src/internal/conform-plan.ts';

const Folder = Recursive('Folder', (self) =>
  Type.Object({ size: Int64(), children: Type.Array(self) }),
);

const declaration = Type.Object({
  id: Int64(),
  ids: Type.Array(Int64()),
  grid: Type.Array(Type.Array(Type.BigInt())),
  byName: StringMap(Int64()),
  folder: Folder,
  count: Int8(),
  ratio: Type.Number(),
  total: Type.Integer(),
  when: Type.Optional(DateTime()),
  extra: Type.Optional(Unknown()),
  ...ArtifactRefs(),
});

type Declared = Static<typeof declaration>;

/** An object parsed as JSON.parse would: every key, `__proto__` too, an own data property. */
function json(text: string): unknown {
  return JSON.parse(text);
}

function conformed(value: unknown): Declared {
  const result = conform(declaration, value);
  if (!result.ok) expect.fail(result.refusal.text);
  return result.value;
}

const BASE = {
  id: 1,
  ids: [],
  grid: [],
  byName: {},
  folder: { size: 0, children: [] },
  count: 0,
  ratio: 0.5,
  total: 3,
};

describe('conform converts to the declared runtime types', () => {
  it('makes every Int64 a bigint: property, array items at any depth, map values, recursion', () => {
    const value = conformed({
      ...BASE,
      id: 7,
      ids: [1, 2n ** 62n, -3],
      grid: [[1], [2n ** 63n - 1n, -(2n ** 63n)]],
      byName: { a: 5, b: -(2n ** 60n) },
      folder: { size: 1, children: [{ size: 2n ** 55n, children: [{ size: 3, children: [] }] }] },
    });
    expect(value.id).toBe(7n);
    expect(value.ids).toEqual([1n, 2n ** 62n, -3n]);
    expect(value.grid).toEqual([[1n], [INT64_MAX, INT64_MIN]]);
    expect(value.byName).toEqual({ a: 5n, b: -(2n ** 60n) });
    expect(value.folder).toEqual({
      size: 1n,
      children: [{ size: 2n ** 55n, children: [{ size: 3n, children: [] }] }],
    });
    expect(Value.Check(declaration, value)).toBe(true);
  });

  it('makes every other number a number: a bigint at a number place, and one at an integer place within its bounds', () => {
    const value = conformed({ ...BASE, ratio: 2n ** 60n, total: 5n, count: -3n });
    expect(value.ratio).toBe(2 ** 60);
    expect(value.total).toBe(5);
    expect(value.count).toBe(-3);
    expectTypeOf(value.ratio).toEqualTypeOf<number>();
    expectTypeOf(value.id).toEqualTypeOf<bigint>();
    expectTypeOf(value.ids).toEqualTypeOf<bigint[]>();
    expectTypeOf(value.byName).toEqualTypeOf<Record<string, bigint>>();
  });

  it('changes nothing else: strings, open values (bigints there included) and key order', () => {
    const extra = { b: [1n, 2.5, 'x', null, { c: true }], a: 2n ** 70n };
    const { total, ...rest } = BASE;
    const value = conformed({ total, ...rest, when: '2024-05-01T12:00:00Z', extra });
    expect(value.extra).toEqual(extra);
    expect(value.extra).not.toBe(extra);
    expect(value.when).toBe('2024-05-01T12:00:00Z');
    expect(Object.keys(value)).toEqual([
      'total',
      'id',
      'ids',
      'grid',
      'byName',
      'folder',
      'count',
      'ratio',
      'when',
      'extra',
    ]);
  });

  it('leaves the input untouched and shares nothing with it', () => {
    const input = freezeJson({
      ...BASE,
      ids: [1, 2],
      byName: { a: 1 },
      folder: { size: 1, children: [{ size: 2, children: [] }] },
      extra: { deep: [{ x: 1 }] },
    });
    const before = structuredClone(input);
    const value = conformed(input);
    expect(input).toEqual(before);
    expect(value.ids).not.toBe(input.ids);
    expect(value.byName).not.toBe(input.byName);
    expect(value.folder.children[0]).not.toBe(input.folder.children[0]);
    expect((value.extra as { deep: unknown[] }).deep[0]).not.toBe(input.extra.deep[0]);
  });

  it('keeps __proto__ and names of Object.prototype as own data, on a plain object', () => {
    const open = Type.Object({ m: StringMap(Int64()), o: Unknown(), ['__proto__']: Type.String() });
    const result = conform(
      open,
      json(
        '{"__proto__":"x","m":{"__proto__":1,"toString":2,"hasOwnProperty":3},"o":{"__proto__":{"polluted":true}}}',
      ),
    );
    if (!result.ok) expect.fail(result.refusal.text);
    const value = result.value as unknown as Record<string, Record<string, unknown>>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(value['m'])).toBe(Object.prototype);
    expect(Object.keys(value['m']!)).toEqual(['__proto__', 'toString', 'hasOwnProperty']);
    expect(Object.getOwnPropertyDescriptor(value['m'], '__proto__')?.value).toBe(1n);
    expect(value['m']!['toString']).toBe(2n);
    expect(Object.getPrototypeOf(value['o'])).toBe(Object.prototype);
    expect(Object.hasOwn(value['o']!, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('leaves out an optional property whose value is undefined', () => {
    const value = conformed({ ...BASE, when: undefined });
    expect(Object.hasOwn(value, 'when')).toBe(false);
  });

  it('accepts a recursive root and converts through it', () => {
    const result = conform(Folder, { size: 1, children: [{ size: 2n ** 62n, children: [] }] });
    expect(result).toEqual({
      ok: true,
      value: { size: 1n, children: [{ size: 2n ** 62n, children: [] }] },
    });
  });
});

describe('conform refuses what the declaration cannot hold', () => {
  const refusal = (value: unknown) => {
    const result = conform(declaration, value);
    if (result.ok) expect.fail('expected a refusal');
    return result.refusal;
  };

  it.each([
    ['an Int64 that is not an integer', { id: 1.5 }, '/id', 'Int64'],
    ['an Int64 beyond 64 bits', { id: 2n ** 63n }, '/id', 'Int64'],
    ['an Int64 item beyond 64 bits', { ids: [1, -(2n ** 63n) - 1n] }, '/ids/1', 'Int64'],
    ['a string at an Int64 item', { grid: [[], ['7']] }, '/grid/1/0', 'Int64'],
    ['a map value of the wrong type', { byName: { k: true } }, '/byName/<entry>', 'Int64'],
    [
      'a wrong type deep in a recursive type',
      { folder: { size: 1, children: [{ size: 'x', children: [] }] } },
      '/folder/children/0/size',
      'Int64',
    ],
    ['an integer outside its width', { count: 128 }, '/count', 'integer'],
    ['a bigint outside an integer width', { total: 2n ** 53n }, '/total', 'integer'],
    ['a non-finite number', { ratio: Number.POSITIVE_INFINITY }, '/ratio', 'number'],
    ['a number as a string', { ratio: '0.5' }, '/ratio', 'number'],
    ['an array where an object belongs', { folder: [] }, '/folder', 'object'],
    [
      'a class instance where an object belongs',
      { folder: new globalThis.Date(0) },
      '/folder',
      'object',
    ],
    ['null at a required property', { count: null }, '/count', 'integer'],
    ['undefined at a required property', { count: undefined }, '/count', 'integer'],
    ['a non-JSON open value', { extra: { f: () => 1 } }, '/extra', 'unknown'],
    ['a non-finite number in an open value', { extra: [Number.NaN] }, '/extra', 'unknown'],
  ])('refuses %s at its declared path and type', (_name, change, path, type) => {
    const found = refusal({ ...BASE, ...change });
    expect(found).toMatchObject({ code: 'NOT_CONFORMING', path, type });
    expect(found.text).toContain(`\`${path}\``);
    expect(found.text).toMatch(/^The .*\.$/);
  });

  it('refuses a missing required property, naming it', () => {
    const { count: _count, ...rest } = BASE;
    const found = refusal(rest);
    expect(found).toEqual({
      code: 'NOT_CONFORMING',
      path: '/count',
      type: 'integer',
      text: 'The required property at `/count` is missing; send an integer from -128 to 127.',
    });
  });

  it('refuses an undeclared property without naming it', () => {
    const found = refusal({ ...BASE, folder: { size: 1, children: [], CANARY: 1 } });
    expect(found).toEqual({
      code: 'NOT_CONFORMING',
      path: '/folder',
      type: 'object',
      text: 'The object at `/folder` carries a property its declaration does not name; remove it.',
    });
  });

  it('refuses a root that is not an object', () => {
    for (const value of [null, [], 'x', 1n, undefined]) {
      expect(conform(declaration, value)).toEqual({
        ok: false,
        refusal: {
          code: 'NOT_CONFORMING',
          path: '',
          type: 'object',
          text: 'The value does not conform to its declared type `object`; send an object with the declared properties.',
        },
      });
    }
  });

  it('never echoes the value, a map key or an undeclared name', () => {
    const canary = 'CANARY-19e2';
    const found = [
      refusal({ ...BASE, byName: { [canary]: canary } }),
      refusal({ ...BASE, [canary]: 1 }),
      refusal({ ...BASE, count: canary }),
      refusal({ ...BASE, extra: { [canary]: Symbol(canary) } }),
    ];
    for (const one of found) {
      expect(one.text).not.toContain(canary);
      expect(one.path).not.toContain(canary);
    }
  });

  it('escapes declared names in the path', () => {
    const odd = Type.Object({ 'a/b': Type.Object({ 'c~d': Int8() }) });
    expect(conform(odd, { 'a/b': { 'c~d': 1000 } })).toMatchObject({
      ok: false,
      refusal: { path: '/a~1b/c~0d', type: 'integer' },
    });
  });

  it('states narrowed bounds and enum membership', () => {
    const narrow = Type.Object({
      port: Uint16({ minimum: 1, maximum: 1024 }),
      mode: Type.Union([Type.Literal(1), Type.Literal(2)]),
      big: Int64({ minimum: 0, maximum: 10 }),
    });
    expect(conform(narrow, { port: 0, mode: 1, big: 1 })).toMatchObject({
      ok: false,
      refusal: {
        path: '/port',
        text: 'The value at `/port` does not conform to its declared type `integer`; send an integer from 1 to 1024.',
      },
    });
    expect(conform(narrow, { port: 1, mode: 3, big: 1 })).toMatchObject({
      ok: false,
      refusal: { path: '/mode', type: 'enum' },
    });
    expect(conform(narrow, { port: 1, mode: 2n, big: 11 })).toMatchObject({
      ok: false,
      refusal: { path: '/big', type: 'Int64' },
    });
    expect(conform(narrow, { port: 1, mode: 2n, big: 10 })).toEqual({
      ok: true,
      value: { port: 1, mode: 2, big: 10n },
    });
  });

  it('refuses a hole in an array, even where a polluted prototype holds a value at its index', () => {
    const holed = (): unknown[] => {
      const items: unknown[] = [];
      items[1] = 2;
      return items;
    };
    const prototype = Object.prototype as unknown as Record<string, unknown>;
    for (const polluted of [false, true]) {
      if (polluted) prototype['0'] = 7;
      try {
        expect(refusal({ ...BASE, ids: holed() })).toMatchObject({ path: '/ids/0', type: 'Int64' });
        expect(refusal({ ...BASE, extra: holed() })).toMatchObject({
          path: '/extra',
          type: 'unknown',
        });
      } finally {
        delete prototype['0'];
      }
    }
  });

  it('refuses a value that nests without end, or past the limit, instead of throwing', () => {
    const List = Recursive('List', (self) => Type.Object({ next: Type.Optional(self) }));
    const list = Type.Object({ list: List });
    const cycle: Record<string, unknown> = {};
    cycle['next'] = cycle;
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 5000; level += 1) deep = { next: deep };
    let open: unknown = 1;
    for (let level = 0; level < 5000; level += 1) open = [open];
    for (const [schema, value] of [
      [list, { list: cycle }],
      [list, { list: deep }],
      [Type.Object({ o: Unknown() }), { o: open }],
    ] as const) {
      const result = conform(schema, value);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.refusal.path).toBe('');
        expect(result.refusal.text).toContain('nests too deeply');
      }
    }
    let fine: Record<string, unknown> = {};
    for (let level = 0; level < 999; level += 1) fine = { next: fine };
    expect(conform(list, { list: fine }).ok).toBe(true);
  });
});

describe('conform prepares a declaration once', () => {
  it('caches one plan per declaration object', () => {
    const once = Type.Object({ a: Int64() });
    expect(planOf(once)).toBe(planOf(once));
    expect(planOf(Type.Object({ a: Int64() }))).not.toBe(planOf(once));
  });

  it('throws the publisher defect for a declaration outside the vocabulary', () => {
    expect(() => conform(Type.Object({ t: Type.Tuple([Type.String()]) }), { t: ['x'] })).toThrow(
      SchemaDefectError,
    );
    expect(() => conform(Type.String() as never, 'x')).toThrow(SchemaDefectError);
  });

  it('throws for a recursive type that refers to itself with no value between', () => {
    const loop = Type.Object({ x: Type.Cyclic({ A: Type.Ref('A') }, 'A') });
    expect(() => conform(loop, { x: {} })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_CONSTRUCT', details: { path: '/$defs/A' } }),
    );
  });
});
