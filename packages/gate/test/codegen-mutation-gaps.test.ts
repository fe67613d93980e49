/*
 * Invariant: the generated checker decides every value by itself, exactly as the interpreter does,
 * on each path of the code generator: the inline expression of a leaf (a place of scalar types),
 * the function of an object or an array place, the general switch of a place of several types or
 * none, a reference, an `anyOf` beside a `$ref`, and a discriminated union. The gate lets the
 * interpreter decide when the checker throws (a getter, a cycle, the stack), which hides a checker
 * that throws on plain values; so the checker is called here directly, and must neither throw nor
 * differ. The values include what no JSON decoder builds (undefined, a function, a symbol, a Date,
 * a Map, a class instance, an Array subclass, an array with another prototype, a sparse array, a
 * bigint beyond a double), each of which must be refused wherever it stands.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { generateChecker } from '../src/internal/codegen.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { codesOf, ok } from './support/judged.ts';

class Point {
  x = 1;
}
class List extends Array<unknown> {}

/** The generated checker alone, without the gate's stand-in for a checker that throws. */
function checkerAdmits(document: SchemaNode, value: unknown): boolean {
  return generateChecker(buildPlan(document))(value);
}

/** The interpreter's answer, walking the whole value. */
function interpreterAdmits(document: SchemaNode, value: unknown): boolean {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return sink.issues.length === 0;
}

const DISCRIMINATED = {
  anyOf: [
    {
      type: 'object',
      properties: { k: { const: 'a' }, n: { type: 'integer' } },
      required: ['k'],
    },
    { type: 'object', properties: { k: { const: 'b' } }, required: ['k', 'm'] },
    { type: 'null' },
  ],
};

const DOCUMENTS: ReadonlyArray<readonly [string, SchemaNode]> = [
  ['true', true],
  ['false', false],
  ['no type', {}],
  ['no type, with properties', { properties: { a: { type: 'integer' } } }],
  ['object or null', { type: ['object', 'null'] }],
  ['array or null of integers', { type: ['array', 'null'], items: { type: 'integer' } }],
  ['object or array', { type: ['object', 'array'] }],
  ['string or object, minLength 2', { type: ['string', 'object'], minLength: 2 }],
  [
    'string or object, maxLength 1 and pattern',
    { type: ['string', 'object'], maxLength: 1, pattern: '^a' },
  ],
  ['string or array, date', { type: ['string', 'array'], format: 'date' }],
  [
    'integer or object, minimum and multipleOf',
    { type: ['integer', 'object'], minimum: 0, multipleOf: 2 },
  ],
  ['number or array, maximum', { type: ['number', 'array'], maximum: 10 }],
  ['integer or object', { type: ['integer', 'object'] }],
  ['boolean or object', { type: ['boolean', 'object'] }],
  ['null or array', { type: ['null', 'array'] }],
  ['string, null or object', { type: ['string', 'null', 'object'] }],
  ['object or null, enum', { type: ['object', 'null'], enum: [null, { a: 1 }] }],
  [
    'string or object, enum with a NUL',
    { type: ['string', 'object'], enum: ['ok', 'x\u0000', {}] },
  ],
  ['string, enum with a NUL', { type: 'string', enum: ['ok', 'x\u0000'] }],
  ['string, const with a NUL', { type: 'string', const: 'x\u0000' }],
  ['const with a NUL', { const: 'x\u0000' }],
  ['string, enum of numbers and a NUL', { type: ['string', 'integer'], enum: [1, 'x\u0000'] }],
  ['string, date', { type: 'string', format: 'date' }],
  ['string, minLength and maxLength', { type: 'string', minLength: 1, maxLength: 2 }],
  ['integer, maximum', { type: 'integer', maximum: 3 }],
  ['number, exclusive bounds', { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 }],
  ['integer or number', { type: ['integer', 'number'], minimum: 1 }],
  ['integer, string or null, minimum', { type: ['integer', 'string', 'null'], minimum: 1 }],
  ['boolean', { type: 'boolean' }],
  ['null', { type: 'null' }],
  ['boolean or null, enum', { type: ['boolean', 'null'], enum: [true, null] }],
  ['string, anyOf', { type: 'string', anyOf: [{ maxLength: 1 }, { pattern: '^z' }] }],
  [
    'object with a declared, an open and a closed property',
    {
      type: 'object',
      properties: { a: {}, t: true, f: false },
      additionalProperties: { type: ['integer', 'object'] },
    },
  ],
  [
    'properties named as members of Object.prototype',
    {
      type: 'object',
      properties: { toString: { type: 'integer' }, constructor: { type: 'string' } },
      required: ['toString'],
    },
  ],
  [
    'array of anything, counted and unique',
    { type: 'array', items: {}, minItems: 1, maxItems: 3, uniqueItems: true },
  ],
  ['array of no declared items', { type: 'array', maxItems: 2 }],
  [
    'references in a chain',
    {
      $defs: {
        A: { $ref: '#/$defs/B' },
        B: { $ref: '#/$defs/C' },
        C: { type: 'integer', minimum: 0 },
      },
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' }, n: { $ref: '#/$defs/A' } },
    },
  ],
  [
    'anyOf beside a $ref',
    {
      $defs: { N: { type: 'integer' } },
      anyOf: [{ minimum: 0 }, { type: 'string' }],
      $ref: '#/$defs/N',
    },
  ],
  [
    'anyOf beside a $ref, as a property',
    {
      $defs: { N: { type: 'integer' } },
      type: 'object',
      properties: { a: { anyOf: [{ minimum: 0 }, { type: 'string' }], $ref: '#/$defs/N' } },
    },
  ],
  ['integer beside a $ref', { $defs: { N: { minimum: 0 } }, type: 'integer', $ref: '#/$defs/N' }],
  [
    'object beside a $ref',
    { $defs: { N: { required: ['a'] } }, type: 'object', $ref: '#/$defs/N' },
  ],
  ['a discriminated union', DISCRIMINATED],
  ['an array of a discriminated union', { type: 'array', items: DISCRIMINATED }],
  [
    'a recursive tree',
    {
      $defs: {
        T: { anyOf: [{ type: 'integer' }, { type: 'array', items: { $ref: '#/$defs/T' } }] },
      },
      $ref: '#/$defs/T',
    },
  ],
];

const NOTHING_ADMITTED: ReadonlySet<SchemaNode> = new Set(
  DOCUMENTS.filter(([name]) => name === 'false' || name.includes('const with a NUL')).map(
    ([, document]) => document,
  ),
);

const nullObject = Object.assign(Object.create(null) as object, { a: 1 });
const sparse: unknown[] = [1];
sparse[2] = 3;

const VALUES: ReadonlyArray<readonly [string, unknown]> = [
  ['an empty string', ''],
  ['"a"', 'a'],
  ['"ab"', 'ab'],
  ['"abc"', 'abc'],
  ['"z"', 'z'],
  ['"ok"', 'ok'],
  ['a string with a NUL', 'x\u0000'],
  ['a lone surrogate', '\ud800'],
  ['a date', '2024-02-29'],
  ['no date', '2023-02-29'],
  ['0', 0],
  ['1', 1],
  ['2', 2],
  ['3', 3],
  ['-1', -1],
  ['-2', -2],
  ['1.5', 1.5],
  ['11', 11],
  ['-0', -0],
  ['NaN', Number.NaN],
  ['Infinity', Number.POSITIVE_INFINITY],
  ['5n', 5n],
  ['4n', 4n],
  ['a bigint beyond a double', 2n ** 1024n],
  ['a negative bigint beyond a double', -(2n ** 1024n)],
  ['true', true],
  ['false', false],
  ['null', null],
  ['undefined', undefined],
  ['a function', () => 1],
  ['a symbol', Symbol('s')],
  ['[]', []],
  ['[1]', [1]],
  ['[1, 1]', [1, 1]],
  ['[1, 2, 3, 4]', [1, 2, 3, 4]],
  ['[1, "a"]', [1, 'a']],
  ['[[1], [2, [3]]]', [[1], [2, [3]]]],
  ['[undefined]', [undefined]],
  ['a sparse array', sparse],
  ['[1.5]', [1.5]],
  ['an Array subclass', List.from([1])],
  ['an array with the prototype of an object', Object.setPrototypeOf([1], Object.prototype)],
  ['{}', {}],
  ['{a: 1}', { a: 1 }],
  ['{a: "x"}', { a: 'x' }],
  ['{a: -1}', { a: -1 }],
  ['{a: undefined}', { a: undefined }],
  ['{x: 2}', { x: 2 }],
  ['{x: undefined}', { x: undefined }],
  ['{x: a function}', { x: () => 1 }],
  ['{t: 1, f: 1}', { t: 1, f: 1 }],
  ['{t: 1}', { t: 1 }],
  ['{a: 1, b: 2, n: 3}', { a: 1, b: 2, n: 3 }],
  ['{k: "a", n: 1}', { k: 'a', n: 1 }],
  ['{k: "a", n: "1"}', { k: 'a', n: '1' }],
  ['{k: "b", m: 1}', { k: 'b', m: 1 }],
  ['{k: "b"}', { k: 'b' }],
  ['{k: "c"}', { k: 'c' }],
  ['{k: "a", n: a Date}', { k: 'a', n: new Date(0) }],
  ['{toString: 1}', { toString: 1 }],
  ['{toString: 1, constructor: "c"}', { toString: 1, constructor: 'c' }],
  ['{toString: "1"}', { toString: '1' }],
  ['a null-prototype object', nullObject],
  ['a Date', new Date(0)],
  ['a Map', new Map([['a', 1]])],
  ['a class instance', new Point()],
  ['{a: a Date}', { a: new Date(0) }],
];

/**
 * The document at the root, as a property and as the items of an array, with the value placed to
 * match: the root is always a function of its own, a scalar place below it an inline expression.
 */
function placements(
  document: SchemaNode,
): ReadonlyArray<readonly [string, SchemaNode, (value: unknown) => unknown]> {
  const { $defs, ...rest } = typeof document === 'boolean' ? { $defs: undefined } : document;
  const child = typeof document === 'boolean' ? document : rest;
  const defs = $defs === undefined ? {} : { $defs };
  return [
    ['at the root', document, (value) => value],
    [
      'as a property',
      { ...defs, type: 'object', properties: { p: child } },
      (value) => ({ p: value }),
    ],
    ['as the items', { ...defs, type: 'array', items: child }, (value) => [value, value]],
  ];
}

describe('the generated checker on each path of the code generator', () => {
  it.each(DOCUMENTS)('decides alone and as the interpreter does: %s', (_, document) => {
    for (const [where, placed, place] of placements(document)) {
      let admitted = 0;
      for (const [name, bare] of VALUES) {
        const value = place(bare);
        const expected = interpreterAdmits(placed, value);
        expect(checkerAdmits(placed, value), `${name} ${where}`).toBe(expected);
        expect(judge(value, placed).ok, `${name} ${where}`).toBe(expected);
        if (expected) admitted++;
      }
      // Every document admits some of the values, but `false` and a `const` no string may equal
      // (the text rule refuses a NUL wherever it stands); none admits all of them.
      if (!NOTHING_ADMITTED.has(document)) expect(admitted, where).toBeGreaterThan(0);
      expect(admitted, where).toBeLessThan(VALUES.length);
    }
  });
});

describe('values no decoder builds, where a place of several types or none stands', () => {
  const open = { type: 'object', properties: { a: {} }, additionalProperties: {} };

  it.each([
    ['undefined', undefined],
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
  ])('refuses %s as an item, a property and the arguments', (_, value) => {
    for (const document of [{}, { type: ['object', 'null'] }, { type: ['string', 'array'] }])
      expect(judge(value, document).ok).toBe(false);
    expect(codesOf([value], { type: 'array', items: {} })).toEqual(['/0 NOT_JSON']);
    expect(codesOf({ a: value }, open)).toEqual(['/a NOT_JSON']);
    // An undeclared name is never told (it is the caller's): its place is `<entry>`.
    expect(codesOf({ b: value }, open)).toEqual(['/<entry> NOT_JSON']);
    expect(judge({ a: 1, b: [null] }, open)).toEqual(ok);
  });

  it('refuses a bigint beyond a double where integers may stand beside objects or arrays', () => {
    for (const document of [
      {},
      { type: ['integer', 'object'] },
      { type: ['number', 'array'] },
      { type: ['integer', 'object'], minimum: 0 },
    ]) {
      expect(judge(2n ** 1024n, document).ok).toBe(false);
      expect(judge(5n, document)).toEqual(ok);
    }
  });

  it('refuses a bigint where only booleans or objects may stand', () => {
    expect(codesOf(5n, { type: ['boolean', 'object'] })).toEqual([' TYPE_MISMATCH']);
    expect(judge(true, { type: ['boolean', 'object'] })).toEqual(ok);
  });

  it('refuses an array with the prototype of an object where an object stands', () => {
    const disguised = Object.setPrototypeOf([1], Object.prototype) as unknown;
    for (const document of [{ type: 'object' }, { type: ['object', 'null'] }, {}, true])
      expect(judge(disguised, document).ok).toBe(false);
  });

  it('refuses NaN and the infinities where numbers may stand beside objects', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      expect(judge(value, { type: ['number', 'object'] }).ok).toBe(false);
    expect(judge(1.5, { type: ['number', 'object'] })).toEqual(ok);
    expect(judge(1.5, { type: ['integer', 'object'] }).ok).toBe(false);
  });
});

describe('strings at places of several types', () => {
  it('tells a string too short beside an object type, and admits one long enough', () => {
    const document = { type: ['string', 'object'], minLength: 2 };
    expect(codesOf('a', document)).toEqual([' TOO_SHORT']);
    expect(judge('ab', document)).toEqual(ok);
    expect(judge({}, document)).toEqual(ok);
  });

  it('refuses a string holding a NUL even when the enum lists it', () => {
    for (const document of [
      { type: 'string', enum: ['ok', 'x\u0000'] },
      { type: ['string', 'object'], enum: ['ok', 'x\u0000'] },
      { type: 'string', const: 'x\u0000' },
      { enum: [1, 'x\u0000'] },
    ]) {
      expect(judge('x\u0000', document).ok).toBe(false);
      expect(compileGate(document).admits('x\u0000')).toBe(false);
    }
    expect(judge('ok', { type: 'string', enum: ['ok', 'x\u0000'] })).toEqual(ok);
  });
});

describe('references and alternatives together', () => {
  it('judges a schema with both anyOf and $ref by both', () => {
    const document = {
      $defs: { N: { type: 'integer' } },
      anyOf: [{ minimum: 0 }, { type: 'string' }],
      $ref: '#/$defs/N',
    };
    expect(judge(5, document)).toEqual(ok);
    expect(judge(-1, document).ok).toBe(false);
    expect(judge('x', document).ok).toBe(false);
    const { $defs, ...both } = document;
    const holder = { $defs, type: 'object', properties: { a: both }, required: ['a'] };
    expect(judge({ a: 5 }, holder)).toEqual(ok);
    expect(codesOf({ a: -1 }, holder)).toEqual(['/a OUT_OF_RANGE']);
    expect(codesOf({ a: 'x' }, holder)).toEqual(['/a TYPE_MISMATCH']);
  });

  it('judges a property through a chain of references to its end', () => {
    const document = {
      $defs: {
        A: { $ref: '#/$defs/B' },
        B: { $ref: '#/$defs/C' },
        C: { type: 'integer', minimum: 0 },
      },
      type: 'object',
      properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/B' }, c: { $ref: '#/$defs/A' } },
    };
    expect(judge({ a: 0, b: 1, c: 2 }, document)).toEqual(ok);
    expect(codesOf({ a: -1, b: 'x', c: -2 }, document)).toEqual([
      '/a OUT_OF_RANGE',
      '/b TYPE_MISMATCH',
      '/c OUT_OF_RANGE',
    ]);
  });
});
