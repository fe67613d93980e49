/*
 * Invariant: `uniqueItems` is JSON equality, exactly (object names in any order, `1`, `1.0` and `1n`
 * alike, a `bigint` exact past 2^53, nested arrays), agreeing with Ajv 8 wherever Ajv can read the
 * value; and deciding it reads each value a bounded number of times however deep arrays of
 * `uniqueItems` nest, so a body within the decoder's limits costs time linear in its size (keying
 * every level's subtree anew read a 1 MB body nested 1000 deep a thousand times over: seconds).
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_ISSUE_CODES, judge } from '../src/index.ts';

const UNIQUE: SchemaNode = { type: 'array', uniqueItems: true };

/** Arrays of `uniqueItems` below one another, as deep as the value goes. */
const NESTED: SchemaNode = {
  $defs: {
    T: {
      type: 'array',
      uniqueItems: true,
      items: { anyOf: [{ $ref: '#/$defs/T' }, { type: 'string' }] },
    },
  },
  $ref: '#/$defs/T',
};

/** Decoded as the decoder does: a `__proto__` name is an own property. */
const parse = (text: string): unknown => JSON.parse(text);

describe('uniqueItems is JSON equality', () => {
  const ajv = new Ajv2020({ strict: true });
  const ajvUnique = ajv.compile({ type: 'array', uniqueItems: true });

  it.each([
    [
      'names in another order',
      '[{"a":1,"b":[1,{"c":2,"d":3}]},{"b":[1,{"d":3,"c":2}],"a":1}]',
      false,
    ],
    ['1 and 1.0', '[1, 1.0]', false],
    ['0 and -0', '[0, -0]', false],
    ['nested arrays', '[[1,[2,[3]]],[1,[2,[3]]]]', false],
    ['nested arrays that differ at the bottom', '[[1,[2,[3]]],[1,[2,[4]]]]', true],
    ['a name and a value swapped', '[{"a":"b"},{"b":"a"}]', true],
    ['a pair and an object', '[["a",1],{"a":1}]', true],
    ['an empty array and an empty object', '[[],{}]', true],
    ['a string and a number', '["1",1]', true],
    ['a string holding an object', '["{}",{}]', true],
    ['an own `__proto__` and none', '[{"__proto__":1},{}]', true],
    ['two own `__proto__`', '[{"__proto__":{"a":1}},{"__proto__":{"a":1}}]', false],
    ['a name with a colon and a comma', '[{"a:1,b":2},{"a":"1,b:2"}]', true],
    ['null and false', '[null,false,0,""]', true],
    ['many scalars, one repeat at the end', `[${[...Array(40).keys()].join(',')},0.5,0.5]`, false],
  ])('%s', (_, text, distinct) => {
    const value = parse(text);
    expect(ajvUnique(value)).toBe(distinct);
    expect(compileGate(UNIQUE).admits(value)).toBe(distinct);
    expect(judge(value, UNIQUE).ok).toBe(distinct);
  });

  it('compares bigints exactly, against numbers too', () => {
    const cases: [unknown[], boolean][] = [
      [[1n, 1], false],
      [[2n ** 53n, 2 ** 53], false],
      [[2n ** 53n + 1n, 2 ** 53], true],
      [[{ a: [2n ** 64n] }, { a: [2 ** 64] }], false],
      [[{ a: [2n ** 64n + 1n] }, { a: [2 ** 64] }], true],
      [[[9007199254740993n], [9007199254740992n]], true],
    ];
    for (const [value, distinct] of cases) {
      expect(compileGate(UNIQUE).admits(value)).toBe(distinct);
      expect(judge(value, UNIQUE).ok).toBe(distinct);
    }
  });

  it('compares JSON, not prototypes: an object without one equals an ordinary one', () => {
    // Ajv's deep equality compares constructors and calls these two distinct; as JSON they are one.
    const bare = Object.assign(Object.create(null) as object, { a: 1 });
    for (const value of [
      [{}, Object.create(null)],
      [{ a: 1 }, bare],
      [[bare], [{ a: 1 }]],
    ]) {
      expect(compileGate(UNIQUE).admits(value)).toBe(false);
      expect(judge(value, UNIQUE).ok).toBe(false);
    }
  });

  it('names the two equal items by index, at any depth', () => {
    const judgement = judge(parse('[["a"],[["b","c"],"x",["c","b"]],"a"]'), NESTED);
    expect(judgement.ok).toBe(true);
    const refused = judge(parse('[["a"],[["b","c"],"x",["b","c"]],"y"]'), NESTED);
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.refusal.issues).toEqual([
      { path: '/1', code: GATE_ISSUE_CODES.DUPLICATE_ITEMS, indexes: [0, 2] },
    ]);
  });

  it('refuses a cyclic item as unjudgeable rather than keying it for ever', () => {
    const cycle: unknown[] = [];
    cycle.push(cycle);
    const judgement = judge([cycle, [cycle]], UNIQUE);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues.map((issue) => issue.code)).toEqual([
      GATE_ISSUE_CODES.UNJUDGEABLE,
    ]);
  });
});

/** An array of `size` strings that counts how often its items are read. */
function countedBottom(size: number): { bottom: unknown[]; reads: () => number } {
  let reads = 0;
  const target = Array.from({ length: size }, (_, index) => `leaf${index}`);
  const bottom = new Proxy(target, {
    get(object, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(object, key, receiver);
    },
  });
  return { bottom, reads: () => reads };
}

/** `[[[...[bottom, "x"]..., "x"], "x"]`, `depth` levels of two items. */
function nest(bottom: unknown[], depth: number, last = 'x'): unknown[] {
  let value: unknown[] = bottom;
  for (let level = 0; level < depth; level++) value = [value, level === depth - 1 ? last : 'x'];
  return value;
}

describe('the work of uniqueItems', () => {
  const SIZE = 100;
  const DEPTH = 200;

  it('reads each item a bounded number of times, however deep the arrays nest', () => {
    const { bottom, reads } = countedBottom(SIZE);
    expect(compileGate(NESTED).admits(nest(bottom, DEPTH))).toBe(true);
    // Judging the bottom array's own items, keying them for its check and for every level above:
    // a few reads each, never one per level.
    expect(reads()).toBeLessThanOrEqual(4 * SIZE);
  });

  it('keeps the bound when the refusal is composed too', () => {
    const { bottom, reads } = countedBottom(SIZE);
    const value = nest(bottom, DEPTH);
    (value as unknown[]).push(value[0]);
    const judgement = compileGate(NESTED).judge(value);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.DUPLICATE_ITEMS, indexes: [0, 2] },
    ]);
    expect(reads()).toBeLessThanOrEqual(12 * SIZE);
  });
});
