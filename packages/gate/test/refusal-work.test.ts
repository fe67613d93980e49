/*
 * Invariant: the work and the text of a refusal do not grow with the product of the value's size
 * and the document's lists. A fault repeated across a map's entries is described once (its words are
 * not written again for every entry), membership in an `enum` is one lookup, not a pass over its
 * members, and a list of accepted values or names is spelled out once per refusal, later lines
 * referring to it. Counts of work only; the time figures are in bench/.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileGate, type GateRefusal, REFUSAL_ISSUE_LIMIT } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';

const comparisons = vi.hoisted(() => ({ count: 0 }));

vi.mock('../src/internal/json-equal.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/internal/json-equal.ts')>();
  return {
    ...original,
    jsonEqual: (a: unknown, b: unknown) => {
      comparisons.count++;
      return original.jsonEqual(a, b);
    },
  };
});

afterEach(() => {
  vi.restoreAllMocks();
});

function refusalOf(document: SchemaNode, value: unknown): GateRefusal {
  const judgement = compileGate(document).judge(value);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

const ZONES = Array.from({ length: 600 }, (_, i) => `Region_${i}/City_${i}`);

/** A map of meetings, each naming a zone from a 600-member enum. */
const MEETINGS = {
  type: 'object',
  properties: {
    meetings: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        properties: {
          zone: { type: 'string', enum: ZONES },
          rank: { enum: [1, 2, 3, 5, 8, 13, 21] },
        },
        required: ['zone'],
        additionalProperties: false,
      },
    },
  },
  required: ['meetings'],
  additionalProperties: false,
} as const;

function meetings(count: number, entry: (i: number) => object): { meetings: object } {
  const map: Record<string, object> = {};
  for (let i = 0; i < count; i++) map[`m${i}`] = entry(i);
  return { meetings: map };
}

/**
 * How many times `JSON.stringify` (which writes every string of a refusal's lists) runs in `fn`,
 * the document compiled beforehand.
 */
function stringifyCalls(fn: () => unknown): number {
  compileGate(MEETINGS);
  const spy = vi.spyOn(JSON, 'stringify');
  fn();
  const calls = spy.mock.calls.length;
  spy.mockRestore();
  return calls;
}

describe('a fault repeated across the entries of a map', () => {
  it('is described once, not once per entry', () => {
    const few = stringifyCalls(() =>
      refusalOf(
        MEETINGS,
        meetings(10, () => ({})),
      ),
    );
    const many = stringifyCalls(() =>
      refusalOf(
        MEETINGS,
        meetings(2000, () => ({})),
      ),
    );
    expect(few).toBeGreaterThan(0);
    expect(many).toBe(few);
    expect(
      refusalOf(
        MEETINGS,
        meetings(2000, () => ({})),
      ).issues,
    ).toEqual([
      {
        path: '/meetings/<entry>/zone',
        code: 'MISSING_PROPERTY',
        types: ['string'],
        values: ZONES,
      },
    ]);
  });

  it('outside an enum is described once too', () => {
    const few = stringifyCalls(() =>
      refusalOf(
        MEETINGS,
        meetings(10, () => ({ zone: 'Mars' })),
      ),
    );
    const many = stringifyCalls(() =>
      refusalOf(
        MEETINGS,
        meetings(2000, () => ({ zone: 'Mars' })),
      ),
    );
    expect(many).toBe(few);
  });
});

describe('membership in an enum', () => {
  it('is one lookup per value, however many members the enum has', () => {
    comparisons.count = 0;
    const strings = meetings(2000, (i) => ({ zone: i === 1999 ? 'Mars' : ZONES[i % 600] }));
    expect(refusalOf(MEETINGS, strings).issues).toHaveLength(1);
    const numbers = meetings(2000, (i) => ({ zone: ZONES[0], rank: i === 1999 ? 4 : 13 }));
    expect(refusalOf(MEETINGS, numbers).issues).toHaveLength(1);
    // Equality of JSON values is left for members that hold other values (arrays and objects).
    expect(comparisons.count).toBe(0);
  });

  it('is exact across number and bigint, as by JSON equality', () => {
    const document = { enum: [1, 2n ** 64n, -0, 0.5, 'x', true, null, [1], { a: 1n }] } as const;
    const gate = compileGate(document);
    for (const member of [1n, 1.0, 2n ** 64n, 2 ** 64, 0, 0n, 0.5, 'x', true, null, [1n], { a: 1 }])
      expect(gate.judge(member)).toEqual({ ok: true });
    for (const other of [2, 2n ** 64n + 1n, 0.25, 'X', false, [2], { a: 2 }, {}, []])
      expect(gate.judge(other).ok).toBe(false);
  });
});

describe('a list of accepted values or names', () => {
  const CODES = Array.from({ length: 1000 }, (_, i) => `CODE-${i}`);
  const CODED = { type: 'array', items: { type: 'string', enum: CODES } } as const;

  it('is spelled out once in a refusal; later lines refer to it by its first place', () => {
    const refusal = refusalOf(CODED, ['CODE-1', 'CODE-X', 'CODE-Y', 'CODE-Z']);
    const lines = refusal.text.split('\n').slice(1);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      `- The value at \`/1\` must be one of ${CODES.map((code) => `"${code}"`).join(', ')}.`,
    );
    expect(lines[1]).toBe('- The value at `/2` must be one of the values listed above for `/1`.');
    expect(lines[2]).toBe('- The value at `/3` must be one of the values listed above for `/1`.');
    // The issues carry the whole list, one shared array for every fault.
    expect(refusal.issues.map((issue) => issue.values)).toEqual([CODES, CODES, CODES]);
    expect(refusal.issues[2]?.values).toBe(refusal.issues[1]?.values);
  });

  it('keeps a refusal of many faults below one enum about as long as the enum', () => {
    const listed = CODES.map((code) => `"${code}"`).join(', ').length;
    const refusal = refusalOf(CODED, new Array(REFUSAL_ISSUE_LIMIT + 8).fill('CODE-X'));
    expect(refusal.more).toBe(true);
    expect(refusal.text.length).toBeLessThan(listed + 100 * REFUSAL_ISSUE_LIMIT);
  });

  it('names the accepted names once when several objects carry undeclared ones', () => {
    const document = {
      type: 'array',
      items: {
        type: 'object',
        properties: { alpha: { type: 'integer' }, beta: { type: 'integer' } },
        additionalProperties: false,
      },
    } as const;
    const lines = refusalOf(document, [{ x: 1 }, { y: 1, z: 2 }])
      .text.split('\n')
      .slice(1);
    expect(lines).toEqual([
      '- The value at `/0` must hold only declared names; remove the 1 other name (the accepted names are `alpha`, `beta`).',
      '- The value at `/1` must hold only declared names; remove the 2 other names (the accepted names are those listed above for `/0`).',
    ]);
  });

  it('is spelled out in full wherever it is the only one, and a single value is never referred to', () => {
    const document = {
      type: 'object',
      properties: { a: { const: 'on' }, b: { const: 'on' }, c: { enum: ['x', 'y'] } },
    } as const;
    expect(refusalOf(document, { a: 'off', b: 'off', c: 'z' }).text.split('\n').slice(1)).toEqual([
      '- The value at `/a` must be exactly "on".',
      '- The value at `/b` must be exactly "on".',
      '- The value at `/c` must be one of "x", "y".',
    ]);
  });
});

describe('an optional as openai_strict spells it (`anyOf` of a type and null)', () => {
  const STRICT = {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        size: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
      },
      required: ['name', 'note', 'size'],
      additionalProperties: false,
    },
  } as const;

  it('walks each value once: an alternative that cannot hold its kind is never probed', () => {
    const items = Array.from({ length: 1000 }, (_, i) => ({
      name: i === 999 ? 1 : 'n',
      note: 'text',
      size: i,
    }));
    const sink = new IssueSink(REFUSAL_ISSUE_LIMIT);
    interpret(buildPlan(STRICT).root, items, '', sink);
    expect(sink.issues).toEqual([{ path: '/999/name', code: 'TYPE_MISMATCH', types: ['string'] }]);
    // The array, then per item: the object, `name`, and `note` and `size` with their alternative.
    expect(sink.counter.visits).toBe(1 + 1000 * (1 + 1 + 2 + 2));
  });

  it('still tells which alternatives were declared when none can hold the value', () => {
    const refusal = refusalOf(STRICT, [{ name: 'n', note: 3, size: 'x' }]);
    expect(refusal.issues).toEqual([
      { path: '/0/note', code: 'NO_ALTERNATIVE', types: ['string', 'null'] },
      { path: '/0/size', code: 'NO_ALTERNATIVE', types: ['integer', 'null'] },
    ]);
  });
});
