/*
 * Invariant: the unions of the extended vocabulary (discriminated object unions, type-distinct
 * unions) are judged exactly, alike by the generated checker and the interpreter, refused in words
 * of the document alone (no canary of the value comes back), and at a bounded cost.
 */
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES } from '../src/index.ts';
import { CANARY, expectNoCanary, refusalOf, verdict } from './support/vocabulary.ts';

describe('a discriminated object union', () => {
  const cat = {
    type: 'object',
    properties: { kind: { const: 'cat' }, lives: { type: 'integer', minimum: 0, maximum: 9 } },
    required: ['kind', 'lives'],
    additionalProperties: false,
  } as const;
  const dog = {
    type: 'object',
    properties: { kind: { const: 'dog' }, name: { type: 'string', maxLength: 4 } },
    required: ['kind'],
    additionalProperties: false,
  } as const;
  const document = {
    type: 'object',
    properties: { pet: { anyOf: [cat, dog, { type: 'null' }] } },
    required: ['pet'],
    additionalProperties: false,
  } as const;

  it('admits null where gemini spells the union nullable on its members, and only null', () => {
    // gemini has no null schema: it drops `{"type": "null"}` and sets `nullable: true` (with the
    // discriminator's `const` as a one-value `enum`) on each member that has a `type`.
    const member = (kind: string, extra: object) => ({
      type: 'object',
      properties: { kind: { type: 'string', enum: [kind] }, ...extra },
      required: ['kind'],
      nullable: true,
    });
    const gemini = {
      type: 'object',
      properties: {
        pet: {
          anyOf: [
            member('cat', { lives: { type: 'integer' } }),
            member('dog', { name: { type: 'string' } }),
          ],
        },
      },
      required: ['pet'],
    } as const;
    expect(verdict({ pet: null }, gemini)).toBe(true);
    expect(verdict({ pet: { kind: 'cat', lives: 9 } }, gemini)).toBe(true);
    expect(verdict({ pet: { kind: 'cat', lives: 'x' } }, gemini)).toBe(false);
    expect(verdict({ pet: 'cat' }, gemini)).toBe(false);
    expect(verdict({ pet: [] }, gemini)).toBe(false);
    expect(refusalOf({ pet: false }, gemini).issues).toEqual([
      { path: '/pet', code: GATE_ISSUE_CODES.NO_ALTERNATIVE, types: ['object', 'null'] },
    ]);
  });

  it('judges the member the discriminator selects', () => {
    expect(verdict({ pet: { kind: 'cat', lives: 9 } }, document)).toBe(true);
    expect(verdict({ pet: { kind: 'dog' } }, document)).toBe(true);
    expect(verdict({ pet: null }, document)).toBe(true);
    expect(verdict({ pet: { kind: 'dog', lives: 9 } }, document)).toBe(false);
    expect(verdict({ pet: { kind: 'cat' } }, document)).toBe(false);
    expect(verdict({ pet: { kind: 'cow' } }, document)).toBe(false);
    expect(verdict({ pet: {} }, document)).toBe(false);
    expect(verdict({ pet: [] }, document)).toBe(false);
    expect(verdict({ pet: 'cat' }, document)).toBe(false);
  });

  it('tells the selected member faults at their declared paths', () => {
    const refusal = refusalOf({ pet: { kind: 'cat', lives: 10, [CANARY]: CANARY } }, document);
    expect(refusal.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['OUT_OF_RANGE', '/pet/lives'],
      ['UNDECLARED_PROPERTY', '/pet'],
    ]);
    expectNoCanary(refusal);
  });

  it('tells the accepted discriminator values when it is missing or unknown', () => {
    for (const pet of [{ kind: CANARY }, {}, { kind: 7 }, { lives: 1 }]) {
      const refusal = refusalOf({ pet }, document);
      expect(refusal.issues).toEqual([
        {
          path: '/pet/kind',
          code: GATE_ISSUE_CODES.DISCRIMINATOR_MISMATCH,
          values: ['cat', 'dog'],
        },
      ]);
      expect(refusal.text).toContain(
        'The value at `/pet/kind` must be present and be one of "cat", "dog": it selects which declared shape the object must have.',
      );
      expectNoCanary(refusal);
    }
    const other = refusalOf({ pet: 4 }, document);
    expect(other.issues).toEqual([
      { path: '/pet', code: 'NO_ALTERNATIVE', types: ['object', 'null'] },
    ]);
  });

  it('reads the discriminator as an own property', () => {
    const inherited = {
      anyOf: [
        { type: 'object', properties: { toString: { const: 'a' } }, required: ['toString'] },
        { type: 'object', properties: { toString: { const: 'b' } }, required: ['toString'] },
      ],
    } as const;
    expect(verdict({ toString: 'a' }, inherited)).toBe(true);
    expect(verdict({}, inherited)).toBe(false);
  });
});

describe('a union of distinct types', () => {
  const document = {
    anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer', minimum: 0 }, { type: 'boolean' }],
  } as const;
  it('is judged by the value type, and a refusal names the accepted types', () => {
    expect(verdict('ab', document)).toBe(true);
    expect(verdict(3, document)).toBe(true);
    expect(verdict(true, document)).toBe(true);
    expect(refusalOf('abc', document).issues).toEqual([
      { path: '', code: 'TOO_LONG', maxLength: 2 },
    ]);
    const wrong = refusalOf(null, document);
    expect(wrong.issues).toEqual([
      { path: '', code: 'NO_ALTERNATIVE', types: ['string', 'integer', 'boolean'] },
    ]);
    expect(wrong.text).toContain(
      'The arguments must match one of the declared alternatives, namely a string or an integer or a boolean (true or false).',
    );
    for (const canary of [CANARY, [CANARY], { [CANARY]: CANARY }])
      expectNoCanary(refusalOf(canary, document));
  });
});

describe('refusals of the new keywords stay bounded', () => {
  it('a map of entries failing alike is one line; many distinct faults end in the more line', () => {
    const map = {
      type: 'object',
      additionalProperties: { type: 'string', maxLength: 2, pattern: '^[a-z]*$' },
    } as const;
    const value = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, i) => [`${CANARY}${i}`, `${CANARY}${i}`]),
    );
    const refusal = refusalOf(value, map);
    expect(refusal.issues.map((issue) => issue.code)).toEqual(['TOO_LONG', 'PATTERN_MISMATCH']);
    expect(refusal.more).toBe(false);
    expectNoCanary(refusal);
    const items = {
      type: 'array',
      items: { type: 'array', uniqueItems: true, maxItems: 1 },
    } as const;
    const many = refusalOf(
      Array.from({ length: 1000 }, () => [CANARY, CANARY]),
      items,
    );
    expect(many.issues).toHaveLength(32);
    expect(many.more).toBe(true);
    expectNoCanary(many);
  });
});
