/*
 * Invariant: a refusal costs no more than a decision. Composing it walks the value only up to the
 * first distinct fault past REFUSAL_ISSUE_LIMIT and holds at most that many issues, whatever the
 * value: a huge array of wrong items, a wide object of undeclared names, a map of many entries,
 * deep recursive input, and any of these below an `anyOf`. Memory-independent facts only (reads,
 * visits, counts); the time and heap figures are in bench/.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import {
  compileGate,
  GATE_ISSUE_CODES,
  REFUSAL_ISSUE_LIMIT,
  REFUSAL_MORE_LINE,
} from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';

/** Walks `value` as a refusal does (limit REFUSAL_ISSUE_LIMIT) and returns the sink. */
function walk(document: SchemaNode, value: unknown, limit = REFUSAL_ISSUE_LIMIT): IssueSink {
  const sink = new IssueSink(limit);
  try {
    interpret(buildPlan(document).root, value, '', sink);
  } catch (error) {
    if (error !== sink) throw error;
  }
  return sink;
}

/** An array whose item reads are counted (a proxy of a dense array is still an array). */
function countedArray(length: number, item: unknown): { array: unknown[]; reads: () => number } {
  let reads = 0;
  const array = new Proxy(new Array<unknown>(length).fill(item), {
    get(target, key, receiver) {
      if (typeof key === 'string' && key !== 'length' && Number.isInteger(Number(key))) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { array, reads: () => reads };
}

function refusalOf(document: SchemaNode, value: unknown) {
  const judgement = compileGate(document).judge(value);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

const STRINGS = { type: 'array', items: { type: 'string' } } as const;

describe('a huge array of wrong items', () => {
  it('is walked only up to the first fault past the limit', () => {
    const sink = walk(STRINGS, new Array(2_000_000).fill(1));
    expect(sink.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(sink.more).toBe(true);
    // The root, then one visit per item up to and including the first one past the limit.
    expect(sink.counter.visits).toBe(1 + REFUSAL_ISSUE_LIMIT + 1);
  });

  it('is read no further by judge than the limit, and the refusal says that more remain', () => {
    const { array, reads } = countedArray(200_000, 1);
    const refusal = refusalOf(STRINGS, array);
    // The checker reads the first item; the interpreter reads up to the first item past the limit.
    expect(reads()).toBeLessThanOrEqual(1 + REFUSAL_ISSUE_LIMIT + 1);
    expect(refusal.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(refusal.issues.at(-1)?.path).toBe(`/${REFUSAL_ISSUE_LIMIT - 1}`);
    expect(refusal.more).toBe(true);
    expect(refusal.text.split('\n').at(-1)).toBe(REFUSAL_MORE_LINE);
  });

  it('below an anyOf too: no alternative collects its faults aside', () => {
    const document = { anyOf: [STRINGS, { type: 'null' }] } as const;
    const { array, reads } = countedArray(200_000, 1);
    const refusal = refusalOf(document, array);
    expect(reads()).toBeLessThanOrEqual(1 + REFUSAL_ISSUE_LIMIT + 1);
    expect(refusal.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(refusal.more).toBe(true);
    const several = { anyOf: [STRINGS, { type: 'array', items: { type: 'boolean' } }] } as const;
    const counted = countedArray(200_000, 1);
    expect(refusalOf(several, counted.array).issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.NO_ALTERNATIVE, types: ['array'] },
    ]);
    // Each alternative is probed to its first fault only.
    expect(counted.reads()).toBeLessThanOrEqual(4);
  });

  it('tells the same faults a whole walk finds first', () => {
    const value = Array.from({ length: 100 }, (_, i) =>
      i % 3 === 0 ? 'ok' : i % 3 === 1 ? 1 : null,
    );
    const whole = walk(STRINGS, value, Number.POSITIVE_INFINITY).issues;
    expect(whole.length).toBeGreaterThan(REFUSAL_ISSUE_LIMIT);
    expect(refusalOf(STRINGS, value).issues).toEqual(whole.slice(0, REFUSAL_ISSUE_LIMIT));
  });
});

describe('a wide object of undeclared names', () => {
  const closed = {
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: false,
  } as const;
  const wide = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`n${i}`, [i]]));

  it('is counted, never described: one issue, and no value of an undeclared name is visited', () => {
    const sink = walk(closed, wide);
    expect(sink.issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.UNDECLARED_PROPERTY, names: ['a'], count: 100_000 },
    ]);
    expect(sink.counter.visits).toBe(1);
    expect(refusalOf(closed, wide).text).toContain('remove the 100000 other names');
  });
});

describe('a map of many entries', () => {
  const map = { type: 'object', additionalProperties: { type: 'integer' } } as const;

  it('failing alike is one issue, each entry visited once', () => {
    const entries = Object.fromEntries(Array.from({ length: 100_000 }, (_, i) => [`k${i}`, 'x']));
    const sink = walk(map, entries);
    expect(sink.issues).toEqual([
      { path: '/<entry>', code: GATE_ISSUE_CODES.TYPE_MISMATCH, types: ['integer'] },
    ]);
    expect(sink.more).toBe(false);
    expect(sink.counter.visits).toBe(1 + 100_000);
  });

  it('of maps failing at distinct places stops at the limit', () => {
    const nested = { type: 'array', items: map } as const;
    const value = Array.from({ length: 10_000 }, () => ({ a: 'x', b: 'y' }));
    const sink = walk(nested, value);
    expect(sink.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(sink.more).toBe(true);
    expect(sink.counter.visits).toBeLessThanOrEqual(3 * (REFUSAL_ISSUE_LIMIT + 1) + 1);
  });
});

describe('deep recursive input', () => {
  /** A recursive optional as openai_strict publishes it: `anyOf` of the reference and null. */
  const tree = {
    $ref: '#/$defs/Node',
    $defs: {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          child: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }] },
        },
        required: ['name', 'child'],
        additionalProperties: false,
      },
    },
  } as const;
  const deep = (depth: number, leaf: unknown, extra?: (level: number) => object): unknown => {
    let value: unknown = leaf;
    for (let level = depth; level > 0; level--)
      value = { name: 'n', child: value, ...(extra?.(level) ?? {}) };
    return value;
  };

  it('costs a bounded number of visits per level, however deep the only fault lies', () => {
    const depth = 500;
    const sink = walk(tree, deep(depth, { name: 1, child: null }));
    expect(sink.issues).toHaveLength(1);
    expect(sink.issues[0]?.code).toBe(GATE_ISSUE_CODES.TYPE_MISMATCH);
    expect(sink.counter.visits).toBeLessThanOrEqual(6 * depth);
  });

  it('stops at the limit when every level has a fault of its own', () => {
    // A wrong `name` at every level is found on the way down: the walk ends 33 levels in.
    const sink = walk(
      tree,
      deep(500, null, () => ({ name: 1 })),
    );
    expect(sink.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(sink.more).toBe(true);
    expect(sink.counter.visits).toBeLessThanOrEqual(6 * (REFUSAL_ISSUE_LIMIT + 1));
    // Undeclared names are counted after a level's properties, so these are found on the way
    // back up: the walk is as deep as the checker's own, and the issues are bounded all the same.
    const upward = walk(
      tree,
      deep(500, null, () => ({ extra: true })),
    );
    expect(upward.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(upward.more).toBe(true);
    expect(upward.counter.visits).toBeLessThanOrEqual(6 * 500);
  });
});
