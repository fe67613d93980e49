/*
 * Invariant: a map's entry bounds (`minProperties`, `maxProperties`), its key rule
 * (`propertyNames`) and a key a dialect's inverse found given twice are judged alike by the
 * generated checker and the interpreter, and refused in words of the document alone: never a key
 * or a value of the caller. An object that accepts no name tells its declared description with a
 * name sent there (how deep a dialect states a recursion, say).
 */
import { DUPLICATE_KEY, type SchemaNode } from '@portcullis/schema/document';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_ISSUE_CODES, judge } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { codesOf, issuesOf, ok } from './support/judged.ts';

const TAGS = {
  type: 'object',
  properties: {
    tags: {
      type: 'object',
      propertyNames: { type: 'string', pattern: '^[a-z][a-z0-9]*$', maxLength: 8 },
      minProperties: 1,
      maxProperties: 3,
      additionalProperties: { enum: ['low', 'high'] },
    },
  },
  required: ['tags'],
  additionalProperties: false,
} as const satisfies SchemaNode;

function interpreterAdmits(document: SchemaNode, value: unknown): boolean {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return sink.issues.length === 0;
}

describe('map entry bounds', () => {
  it('admit a map within them and refuse one outside, with the declared counts', () => {
    expect(judge({ tags: { a: 'low' } }, TAGS)).toEqual(ok);
    expect(judge({ tags: { a: 'low', b: 'low', c: 'high' } }, TAGS)).toEqual(ok);
    expect(issuesOf({ tags: {} }, TAGS)).toEqual([
      {
        path: '/tags',
        code: GATE_ISSUE_CODES.TOO_FEW_PROPERTIES,
        minProperties: 1,
        maxProperties: 3,
      },
    ]);
    expect(codesOf({ tags: { a: 'low', b: 'low', c: 'low', d: 'low' } }, TAGS)).toEqual([
      '/tags TOO_MANY_PROPERTIES',
    ]);
  });

  it('are told in words that say the bounds', () => {
    const judgement = judge({ tags: {} }, TAGS);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.text).toContain(
      'The value at `/tags` must hold 1 to 3 entries (keys with their values).',
    );
    const one = { type: 'object', minProperties: 1, additionalProperties: true };
    const words = judge({}, one);
    expect(!words.ok && words.refusal.text).toContain('must hold at least 1 entry');
    const exact = { type: 'object', minProperties: 2, maxProperties: 2 };
    const exactly = judge({}, exact);
    expect(!exactly.ok && exactly.refusal.text).toContain('must hold exactly 2 entries');
    const most = { type: 'object', maxProperties: 0 };
    const none = judge({ a: 1 }, most);
    expect(!none.ok && none.refusal.text).toContain('must hold at most 0 entries');
  });

  it('count declared names too, and bind no value that is not an object', () => {
    const document = {
      type: ['object', 'string'],
      properties: { a: { type: 'integer' } },
      maxProperties: 1,
    } as const;
    expect(judge({ a: 1 }, document)).toEqual(ok);
    expect(codesOf({ a: 1, b: 2 }, document)).toEqual([' TOO_MANY_PROPERTIES']);
    expect(judge('a long string', document)).toEqual(ok);
  });

  it('refuse a malformed bound as a defect of the document', () => {
    expect(() => compileGate({ type: 'object', minProperties: -1 })).toThrow(/minProperties/);
    expect(() => compileGate({ type: 'object', maxProperties: 1.5 })).toThrow(/maxProperties/);
  });
});

describe('a key rule', () => {
  it('refuses a key outside it at `<entry>`, telling the rule and never the key', () => {
    const judgement = judge({ tags: { SECRET: 'low' } }, TAGS);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues).toEqual([
      {
        path: '/tags/<entry>',
        code: GATE_ISSUE_CODES.KEY_MISMATCH,
        maxLength: 8,
        pattern: '^[a-z][a-z0-9]*$',
      },
    ]);
    expect(judgement.refusal.text).toContain(
      'A key at `/tags/<entry>` must be a key matching the declared pattern `^[a-z][a-z0-9]*$`',
    );
    expect(judgement.refusal.text).toContain('of at most 8 characters; rename that key.');
    expect(judgement.refusal.text).not.toContain('SECRET');
  });

  it('tells a key with a forbidden character as such, once', () => {
    expect(codesOf({ tags: { 'a\u0001': 'low' } }, TAGS)).toEqual([
      '/tags/<entry> FORBIDDEN_CHARACTER_IN_KEY',
    ]);
  });

  it('applies to declared names as well, and tells an enum or a format of keys', () => {
    const document = {
      type: 'object',
      properties: { Big: { type: 'integer' } },
      propertyNames: { enum: ['small', 'tiny'] },
    } as const;
    expect(judge({ small: 1 }, document)).toEqual(ok);
    const judgement = judge({ Big: 1 }, document);
    expect(!judgement.ok && judgement.refusal.text).toContain(
      'A key at `/<entry>` must be a key one of "small", "tiny"',
    );
    const dated = { type: 'object', propertyNames: { format: 'date' } } as const;
    expect(judge({ '2024-05-01': 1 }, dated)).toEqual(ok);
    expect(codesOf({ May: 1 }, dated)).toEqual(['/<entry> KEY_MISMATCH']);
    expect(codesOf({ a: 1 }, { type: 'object', propertyNames: false })).toEqual([
      '/<entry> KEY_MISMATCH',
    ]);
  });
});

describe('a key given twice', () => {
  it('is refused at the map declared path, never naming the key', () => {
    const judgement = judge({ tags: { a: 'low', b: DUPLICATE_KEY } }, TAGS);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues).toEqual([
      { path: '/tags', code: GATE_ISSUE_CODES.DUPLICATE_KEY },
    ]);
    expect(judgement.refusal.text).toContain(
      'The value at `/tags` must give each key once: two of its entries name the same key',
    );
  });

  it('is refused wherever it lands, even under a value that admits any JSON', () => {
    const open = { type: 'object', additionalProperties: true } as const;
    expect(codesOf({ a: DUPLICATE_KEY }, open)).toEqual([' DUPLICATE_KEY']);
    expect(compileGate(open).admits({ a: DUPLICATE_KEY })).toBe(false);
    const declared = { type: 'object', properties: { a: {} } } as const;
    expect(compileGate(declared).admits({ a: DUPLICATE_KEY })).toBe(false);
    expect(codesOf({ a: DUPLICATE_KEY }, declared)).toEqual(['/a NOT_JSON']);
  });
});

describe('the checker and the interpreter', () => {
  it('agree on maps near the bounds and the key rule, and no caller key comes back', () => {
    const key = fc.constantFrom('a', 'b1', 'Zed', 'toolongkey', '', 'CANARY\u0001', '__proto__');
    const value = fc.constantFrom<unknown>('low', 'high', 'mid', 1, null, DUPLICATE_KEY);
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), (tags) => {
        const gate = compileGate(TAGS);
        const admitted = gate.admits({ tags });
        expect(interpreterAdmits(TAGS, { tags })).toBe(admitted);
        const judgement = gate.judge({ tags });
        expect(judgement.ok).toBe(admitted);
        if (!judgement.ok) {
          expect(judgement.refusal.text).not.toMatch(/Zed|toolongkey|CANARY|__proto__|mid/);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('an object that accepts no name', () => {
  it('tells its declared description with an undeclared name, never the name', () => {
    const document = {
      type: 'object',
      properties: {
        deeper: {
          type: 'object',
          description: 'Deeper than this schema states: Node is accepted to 1 level of nesting.',
          properties: {},
          additionalProperties: false,
        },
        plain: { type: 'object', properties: {}, additionalProperties: false },
      },
    } as const;
    const judgement = judge({ deeper: { canary: 1 }, plain: { canary: 2 } }, document);
    expect(judgement.ok).toBe(false);
    if (judgement.ok) return;
    expect(judgement.refusal.issues[0]).toEqual({
      path: '/deeper',
      code: GATE_ISSUE_CODES.UNDECLARED_PROPERTY,
      names: [],
      count: 1,
      description: 'Deeper than this schema states: Node is accepted to 1 level of nesting.',
    });
    expect(judgement.refusal.text).toContain(
      '(no name is accepted there: Deeper than this schema states: Node is accepted to 1 level of nesting.)',
    );
    expect(judgement.refusal.text).toContain(
      '`/plain` must hold only declared names; remove the 1 other name (no name is accepted there).',
    );
    expect(judgement.refusal.text).not.toContain('canary');
  });
});
