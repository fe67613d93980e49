/*
 * Invariant: an `anyOf` decides alike on every path (the generated checker called directly, the
 * interpreter's probe, `judge`), is read as a discriminated union only when every alternative but a
 * bare `{"type": "null"}` is an object shape selected by one literal, and a refusal tells the
 * accepted literals (once, then by reference), the alternatives' types when they declare any, and
 * nothing more. Each case here is one a wrong change to `keywords/any-of.ts` would otherwise pass
 * unnoticed (found by mutation testing, see docs/mutation/gate.md).
 */
import { SchemaDefectError } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { verdict } from './support/verdicts.ts';

/** The refusal of `value`: its issues and its fault lines. */
function refusalOf(value: unknown, document: SchemaNode): { issues: unknown; lines: string[] } {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return {
    issues: judgement.refusal.issues,
    lines: judgement.refusal.text.split('\n').slice(1),
  };
}

/** An object shape selected by `kind`, with an optional integer `x`. */
function shape(kind: string): object {
  return {
    type: 'object',
    properties: { kind: { const: kind }, x: { type: 'integer' } },
    required: ['kind'],
  };
}

const SELECTS = 'it selects which declared shape the object must have.';

describe('a discriminated union', () => {
  it('of one member tells its one literal, without "one of"', () => {
    const document = { anyOf: [shape('a')] } as SchemaNode;
    expect(refusalOf({ kind: 'c' }, document)).toEqual({
      issues: [{ path: '/kind', code: 'DISCRIMINATOR_MISMATCH', values: ['a'] }],
      lines: [`- The value at \`/kind\` must be present and be "a": ${SELECTS}`],
    });
  });

  it('tells the literals once, then refers to where they were told', () => {
    const document = { type: 'array', items: { anyOf: [shape('a'), shape('b')] } } as const;
    expect(refusalOf([{ kind: 'c' }, { kind: 'd' }], document).lines).toEqual([
      `- The value at \`/0/kind\` must be present and be one of "a", "b": ${SELECTS}`,
      `- The value at \`/1/kind\` must be present and be one of the values listed above for \`/0/kind\`: ${SELECTS}`,
    ]);
  });

  it('reads a discriminator named as a member of Object.prototype from the object itself', () => {
    const document = {
      anyOf: ['a', 'b'].map((kind) => ({
        type: 'object',
        properties: { constructor: { const: kind } },
        required: ['constructor'],
      })),
    } as SchemaNode;
    expect(verdict(JSON.parse('{"constructor":"a"}'), document)).toBe(true);
    expect(verdict(JSON.parse('{"constructor":"c"}'), document)).toBe(false);
    expect(verdict({}, document)).toBe(false);
    expect(refusalOf({}, document).issues).toEqual([
      { path: '/constructor', code: 'DISCRIMINATOR_MISMATCH', values: ['a', 'b'] },
    ]);
  });

  it('of more members than a switch compares selects each by its literal', () => {
    const kinds = 'abcdefghijk'.split('');
    const document = { anyOf: kinds.map(shape) } as SchemaNode;
    for (const kind of kinds) {
      expect(verdict({ kind }, document)).toBe(true);
      expect(verdict({ kind, x: 'y' }, document)).toBe(false);
    }
    for (const value of [{ kind: 'z' }, {}, { kind: 1 }, 'a', null])
      expect(verdict(value, document)).toBe(false);
  });

  it('admits null only beside a bare {"type": "null"}: another alternative is no null', () => {
    const nullable = { anyOf: [shape('a'), shape('b'), { type: 'null' }] } as SchemaNode;
    expect(verdict(null, nullable)).toBe(true);
    expect(refusalOf({ kind: 'c' }, nullable).issues).toEqual([
      { path: '/kind', code: 'DISCRIMINATOR_MISMATCH', values: ['a', 'b'] },
    ]);
    // A null schema with another keyword, or a one-keyword schema of another type, is an
    // alternative of its own: the union is then no discriminated one, told by its types.
    for (const [other, type] of [
      [{ type: 'null', description: 'none' }, 'null'],
      [{ type: 'string' }, 'string'],
    ] as const) {
      const document = { anyOf: [shape('a'), shape('b'), other] } as SchemaNode;
      expect(verdict(type === 'null' ? null : 'x', document)).toBe(true);
      expect(verdict({ kind: 'c' }, document)).toBe(false);
      expect(refusalOf({ kind: 'c' }, document).issues).toEqual([
        { path: '', code: 'NO_ALTERNATIVE', types: ['object', type] },
      ]);
    }
  });
});

describe('an anyOf of no discriminator', () => {
  it('tells the alternatives by their types, and by no words when none declares a type', () => {
    expect(refusalOf(true, { anyOf: [{ type: 'string' }, { type: 'integer' }] }).lines).toEqual([
      '- The arguments must match one of the declared alternatives, namely a string or an integer.',
    ]);
    const untyped = { anyOf: [{ minimum: 3 }, { maximum: 1 }] } as const;
    expect(verdict(2, untyped)).toBe(false);
    const judgement = judge(2, untyped);
    if (judgement.ok) throw new Error('expected a refusal');
    // No `types` key at all, not one holding undefined.
    expect(judgement.refusal.issues).toStrictEqual([{ path: '', code: 'NO_ALTERNATIVE' }]);
    expect(judgement.refusal.text.split('\n').slice(1)).toEqual([
      '- The arguments must match one of the declared alternatives.',
    ]);
  });

  it('tells a defect of an alternative at its pointer, and an empty anyOf as a defect', () => {
    const defectOf = (document: unknown): SchemaDefectError => {
      let error: unknown;
      try {
        compileGate(document as SchemaNode);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(SchemaDefectError);
      return error as SchemaDefectError;
    };
    expect(defectOf({ anyOf: [{ type: 'string' }, { type: 'text' }] }).details.path).toBe(
      '/anyOf/1/type',
    );
    const empty = defectOf({ type: 'object', properties: { a: { anyOf: [] } } });
    expect(empty.details.path).toBe('/properties/a/anyOf');
    expect(empty.message).toBe(
      'The keyword `anyOf` does not hold a non-empty array of schemas; give it at least one schema.',
    );
  });
});
