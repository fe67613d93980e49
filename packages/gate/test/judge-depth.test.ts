/*
 * Invariant: the gate answers for every value the decoder admits (nesting up to 1000 levels), in
 * the document's words, however little of the engine's stack is left when it is called: a fault
 * 1000 levels down is told where it is (never as UNJUDGEABLE), and a valid value 1000 levels deep
 * is admitted. Only a value the decoder could never produce (a cycle, nesting far past its limit)
 * is refused as unjudgeable.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_ISSUE_CODES, type GateJudgement } from '../src/index.ts';

/** The decoder's nesting limit (Jackson's default): the deepest value a request can carry. */
const DECODER_NESTING = 1000;

/** Frames of {@link dive} the gate is left with: far less than a walk 1000 levels deep needs. */
const FRAMES_LEFT = 1500;

function dive(frames: number, then: () => GateJudgement): GateJudgement {
  return frames === 0 ? then() : dive(frames - 1, then);
}

/** How many frames of {@link dive} fit on the stack from here. */
function capacity(): number {
  let low = 0;
  let high = 1 << 20;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      dive(middle, () => ({ ok: true }));
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  return low;
}

/** Judges `value` from a stack with only {@link FRAMES_LEFT} frames of room left. */
function judgeWithLittleStack(document: SchemaNode, value: unknown): GateJudgement {
  const gate = compileGate(document);
  const room = capacity();
  expect(room).toBeGreaterThan(FRAMES_LEFT);
  return dive(room - FRAMES_LEFT, () => gate.judge(value));
}

function nested(levels: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = wrap(value);
  return value;
}

/** A recursive optional as openai_strict publishes it: `anyOf` of the reference and null. */
const STRICT_TREE = {
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

/** A recursive optional as canonical publishes it: an optional property referring to its type. */
const TREE = {
  type: 'object',
  properties: { root: { $ref: '#/$defs/Node' } },
  required: ['root'],
  additionalProperties: false,
  $defs: {
    Node: {
      type: 'object',
      properties: { name: { type: 'string' }, child: { $ref: '#/$defs/Node' } },
      required: ['name'],
      additionalProperties: false,
    },
  },
} as const;

/** An array of a recursive type: a folder of folders. */
const FOLDERS = {
  $ref: '#/$defs/Folder',
  $defs: { Folder: { type: 'array', items: { $ref: '#/$defs/Folder' } } },
} as const;

/** Alternatives at every level: a string, or an array of the same. */
const NESTED_STRINGS = {
  $ref: '#/$defs/Text',
  $defs: {
    Text: { anyOf: [{ type: 'string' }, { type: 'array', items: { $ref: '#/$defs/Text' } }] },
  },
} as const;

/** An open value: any JSON, still judged for its text. */
const OPEN = {
  type: 'object',
  properties: { extra: {} },
  required: ['extra'],
  additionalProperties: false,
} as const;

const strictTree = (leafName: unknown) =>
  nested(DECODER_NESTING - 1, { name: leafName, child: null }, (child) => ({ name: 'n', child }));
const tree = (leafName: unknown) => ({
  root: nested(DECODER_NESTING - 2, { name: leafName }, (child) => ({ name: 'n', child })),
});
const folders = (leaf: unknown) => nested(DECODER_NESTING - 1, [leaf], (inner) => [inner]);
const strings = (leaf: unknown) => nested(DECODER_NESTING, leaf, (inner) => [inner]);
const open = (leaf: unknown) => ({
  extra: nested(DECODER_NESTING - 1, leaf, (inner) => [inner]),
});

const SHAPES = [
  {
    name: 'a recursive optional (openai_strict)',
    document: STRICT_TREE,
    build: strictTree,
    good: 'n',
    bad: 1,
  },
  { name: 'a recursive optional (canonical)', document: TREE, build: tree, good: 'n', bad: 1 },
  { name: 'an array of a recursive type', document: FOLDERS, build: folders, good: [], bad: 'x' },
  {
    name: 'alternatives at every level',
    document: NESTED_STRINGS,
    build: strings,
    good: 'x',
    bad: 1,
  },
  { name: 'arrays in an open value', document: OPEN, build: open, good: 'x', bad: '\u0001' },
] as const;

describe('a value nested to the decoder limit, judged with little stack left', () => {
  it.each(SHAPES)('is admitted when valid: $name', ({ document, build, good }) => {
    expect(judgeWithLittleStack(document, build(good as never))).toEqual({ ok: true });
  });

  it.each(SHAPES)(
    'is refused for its one fault, where it lies: $name',
    ({ document, build, bad }) => {
      const judgement = judgeWithLittleStack(document, build(bad as never));
      expect(judgement.ok).toBe(false);
      if (judgement.ok) return;
      expect(judgement.refusal.issues).toHaveLength(1);
      const [issue] = judgement.refusal.issues;
      expect(issue?.code).not.toBe(GATE_ISSUE_CODES.UNJUDGEABLE);
      // The fault is told at its place, 1000 levels down (a path of about a thousand segments).
      expect(issue?.path.split('/').length).toBeGreaterThan(DECODER_NESTING - 2);
      expect(compileGate(document).admits(build(bad as never))).toBe(false);
    },
  );
});

describe('a value no decoder produces', () => {
  it('is refused as unjudgeable when cyclic, and the answer does not throw', () => {
    const cyclic: Record<string, unknown> = { name: 'n' };
    cyclic.child = cyclic;
    const judgement = compileGate(STRICT_TREE).judge(cyclic);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues).toEqual([{ path: '', code: GATE_ISSUE_CODES.UNJUDGEABLE }]);
    const array: unknown[] = [];
    array.push(array);
    expect(compileGate(OPEN).judge({ extra: array }).ok).toBe(false);
    expect(compileGate(FOLDERS).admits(array)).toBe(false);
  });
});

describe('the deepest level the refusal follows', () => {
  /** `levels` arrays, one inside the other, the innermost holding `leaf`. */
  const nested = (levels: number, leaf: unknown): unknown => {
    let value: unknown = [leaf];
    for (let i = 1; i < levels; i++) value = [value];
    return value;
  };
  const RECURSIVE = {
    $defs: { a: { type: 'array', items: { $ref: '#/$defs/a' } } },
    $ref: '#/$defs/a',
  };

  it.each([
    ['any JSON', true as SchemaNode],
    ['an array of the same', RECURSIVE as SchemaNode],
  ])('is ten thousand arrays deep, under %s', (_, document) => {
    const told = compileGate(document).judge(nested(10_000, Number.NaN));
    expect(told.ok).toBe(false);
    if (told.ok) return;
    expect(told.refusal.issues).toHaveLength(1);
    expect(told.refusal.issues[0]?.path).toBe('/0'.repeat(10_000));
    const deeper = compileGate(document).judge(nested(10_001, Number.NaN));
    expect(deeper.ok).toBe(false);
    if (deeper.ok) return;
    expect(deeper.refusal.issues).toEqual([{ path: '', code: GATE_ISSUE_CODES.UNJUDGEABLE }]);
  });
});
