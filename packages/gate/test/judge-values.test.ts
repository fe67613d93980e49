import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, judge } from '../src/index.ts';
import { SHIPMENT_DOCUMENT, validShipment } from './fixtures/documents.ts';
import { codesOf, issuesOf, ok } from './support/judged.ts';

describe('values that are not JSON', () => {
  class Point {
    x = 1;
  }
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  const sparse = [1, undefined, 3];

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a Date', new Date(0)],
    ['a class instance', new Point()],
    ['a Map', new Map()],
    ['a sparse array', sparse],
  ])('refuses %s without throwing', (_, value) => {
    expect(judge(value, true).ok).toBe(false);
    expect(
      judge({ payload: value }, { type: 'object', properties: { payload: { type: 'object' } } }).ok,
    ).toBe(false);
  });

  it.each([
    ['an object or null', { type: ['object', 'null'] }],
    ['a place with no type', { properties: { a: { type: 'integer' } } }],
    ['an object or an array', { type: ['object', 'array'], items: { type: 'integer' } }],
  ])('refuses a Date, a Map and a class instance where %s may stand', (_, schema) => {
    for (const value of [new Date(0), new Map([['a', 1]]), new Point()]) {
      expect(judge(value, schema).ok).toBe(false);
      expect(
        codesOf({ payload: value }, { type: 'object', properties: { payload: schema } }),
      ).toEqual(['/payload NOT_JSON']);
    }
    expect(judge(Object.assign(Object.create(null) as object, { a: 1 }), schema)).toEqual(ok);
    expect(judge({ a: 1 }, schema)).toEqual(ok);
  });

  it('refuses an instance of a class extending Array where an array or null may stand', () => {
    class List extends Array<unknown> {}
    const list = List.from([1, 2]);
    for (const schema of [{ type: ['array', 'null'] }, { items: { type: 'integer' } }]) {
      expect(codesOf(list, schema)).toEqual([' NOT_JSON']);
      expect(judge([1, 2], schema)).toEqual(ok);
    }
  });

  it('refuses an instance of a class extending Array, wherever an array may stand', () => {
    class List extends Array<unknown> {}
    const list = List.from([1, 2]);
    for (const document of [true, { type: 'array' }, { type: 'array', items: { type: 'integer' } }])
      expect(codesOf(list, document)).toEqual([' NOT_JSON']);
    expect(codesOf({ extra: [list] }, { type: 'object', properties: { extra: {} } })).toEqual([
      '/extra/0 NOT_JSON',
    ]);
    // A proxy of a plain array is an array like any other: its prototype is Array.prototype.
    expect(judge(new Proxy([1, 2], {}), { type: 'array', items: { type: 'integer' } })).toEqual(ok);
  });

  it('refuses a cyclic value as unjudgeable without throwing', () => {
    expect(codesOf(cyclic, true)).toEqual([' UNJUDGEABLE']);
  });

  it('refuses a value nested past the engine stack without throwing', () => {
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(codesOf(deep, true)).toEqual([' UNJUDGEABLE']);
    let category: unknown = { name: 'leaf' };
    for (let i = 0; i < 200_000; i++) category = { name: 'n', subcategories: [category] };
    expect(codesOf({ ...validShipment(), category }, SHIPMENT_DOCUMENT)).toEqual([' UNJUDGEABLE']);
  });

  it('refuses a value whose property throws when read, without throwing', () => {
    const value = {
      get name(): string {
        throw new Error('boom');
      },
    };
    expect(codesOf(value, { type: 'object', properties: { name: { type: 'string' } } })).toEqual([
      ' UNJUDGEABLE',
    ]);
  });

  it('admits null-prototype objects, as some decoders build them', () => {
    const value = Object.assign(Object.create(null) as object, { a: 1 });
    expect(judge(value, { type: 'object', properties: { a: { type: 'integer' } } })).toEqual(ok);
  });
});

describe('what the gate reads', () => {
  const deepFreeze = <TValue>(value: TValue): TValue => {
    if (typeof value === 'object' && value !== null) {
      for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
      Object.freeze(value);
    }
    return value;
  };

  it('is neither the document nor the value: both stay as they were, frozen or not', () => {
    const document = deepFreeze(structuredClone(SHIPMENT_DOCUMENT));
    const value = validShipment();
    (value.customer as Record<string, unknown>).tier = 'platinum';
    value.extra = 1;
    deepFreeze(value);
    const before = structuredClone(value);
    expect(codesOf(value, document)).toEqual([
      '/customer/tier NOT_IN_ENUM',
      ' UNDECLARED_PROPERTY',
    ]);
    expect(value).toEqual(before);
    expect(document).toEqual(SHIPMENT_DOCUMENT);
  });

  it('hands out refusals that share nothing mutable with the document or the compiled gate', () => {
    const document = {
      type: 'object',
      properties: {
        a: { type: ['string', 'null'] },
        b: { enum: ['x', { deep: ['y'] }] },
        c: { const: ['z'] },
      },
      required: ['a'],
      additionalProperties: false,
    };
    const issues = issuesOf({ a: 1, b: 'q', c: 'q', d: 1 }, document);
    expect(issues.map((issue) => issue.code)).toEqual([
      GATE_ISSUE_CODES.TYPE_MISMATCH,
      GATE_ISSUE_CODES.NOT_IN_ENUM,
      GATE_ISSUE_CODES.NOT_CONST,
      GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
    ]);
    for (const issue of issues) {
      expect(Object.isFrozen(issue)).toBe(true);
      for (const list of [issue.types, issue.values, issue.names]) {
        if (list !== undefined) expect(Object.isFrozen(list)).toBe(true);
      }
    }
    expect(issues[0]?.types).not.toBe(document.properties.a.type);
    expect(issues[1]?.values).not.toBe(document.properties.b.enum);
    expect(issues[1]?.values?.[1]).not.toBe(document.properties.b.enum[1]);
    expect(Object.isFrozen(issues[1]?.values?.[1])).toBe(true);
    expect(issues[2]?.values?.[0]).not.toBe(document.properties.c.const);
    // The document itself stays the caller's to change (the gate compiled its own copy).
    document.properties.a.type.push('integer');
    expect(codesOf({ a: 1 }, document)).toEqual(['/a TYPE_MISMATCH']);
  });
});
