/*
 * Invariant: `const`, `enum`, `minItems` and `maxItems` decide alike on every path: the generated
 * checker called directly (the gate lets the interpreter decide when the checker throws, which
 * would hide a checker that throws on a plain value), the interpreter's probe, and `judge`; an
 * array of exactly a bound's count is admitted, one item past it refused, and a refusal tells the
 * count in words a caller reads (singular for one item). Each case here is one a wrong change to
 * `keywords/const.ts`, `keywords/enum.ts` or `keywords/item-count.ts` would otherwise pass
 * unnoticed (found by mutation testing, see docs/mutation/gate.md).
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { judge } from '../src/index.ts';
import { verdict } from './support/verdicts.ts';

/** The fault lines of the refusal of `value`. */
function linesOf(value: unknown, document: SchemaNode): string[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.text.split('\n').slice(1);
}

describe('const', () => {
  it('is decided by the generated checker itself, for a value of each kind', () => {
    const cases: ReadonlyArray<readonly [unknown, unknown, unknown]> = [
      ['on', 'on', 'off'],
      [true, true, false],
      [null, null, 0],
      [3, 3, 4],
      [1e20, 10n ** 20n, 10n ** 20n + 1n],
      [{ a: [1, 'b'] }, { a: [1, 'b'] }, { a: [1, 'c'] }],
    ];
    for (const [declared, same, other] of cases) {
      const document = { const: declared } as SchemaNode;
      expect(verdict(same, document)).toBe(true);
      expect(verdict(other, document)).toBe(false);
    }
  });

  it('tells the one accepted value beside a wrong type and when the value is missing', () => {
    const document = {
      type: 'object',
      properties: { mode: { type: 'string', const: 'on' } },
      required: ['mode'],
    } as const;
    expect(judge({ mode: 1 }, document)).toMatchObject({
      refusal: { issues: [{ path: '/mode', code: 'TYPE_MISMATCH', values: ['on'] }] },
    });
    expect(linesOf({}, document)).toEqual([
      '- The required value at `/mode` is missing; send exactly "on".',
    ]);
  });
});

describe('enum', () => {
  const few = [1e20, 'a', true, null, { b: [1] }];
  const many = [1e20, 'a', true, null, { b: [1] }, 2, 3];

  it('is decided by the generated checker itself, members compared inline or looked up alike', () => {
    for (const members of [few, many]) {
      const document = { enum: members } as SchemaNode;
      for (const member of [10n ** 20n, 1e20, 'a', true, null, { b: [1] }])
        expect(verdict(member, document)).toBe(true);
      for (const other of [10n ** 20n + 1n, 'b', false, 0, { b: [2] }, [{ b: [1] }]])
        expect(verdict(other, document)).toBe(false);
    }
  });

  it('refuses every value when it has no member', () => {
    for (const value of ['', 0, null, [], {}]) expect(verdict(value, { enum: [] })).toBe(false);
  });

  it('tells the members beside a wrong type, and adds null to them when nullable', () => {
    expect(judge('x', { type: 'integer', enum: [3, 4] })).toMatchObject({
      refusal: { issues: [{ path: '', code: 'TYPE_MISMATCH', values: [3, 4] }] },
    });
    expect(linesOf('c', { enum: ['a', 'b'], nullable: true })).toEqual([
      '- The arguments must be one of "a", "b", null.',
    ]);
  });
});

describe('minItems and maxItems', () => {
  const both = { type: 'array', items: { type: 'integer' }, minItems: 2, maxItems: 3 } as const;

  it('admit an array of exactly either bound, on both paths, and refuse one item past it', () => {
    expect(verdict([1, 2], both)).toBe(true);
    expect(verdict([1, 2, 3], both)).toBe(true);
    expect(verdict([1], both)).toBe(false);
    expect(verdict([1, 2, 3, 4], both)).toBe(false);
    expect(verdict([], { type: 'array', maxItems: 0 })).toBe(true);
    expect(verdict([1], { type: 'array', maxItems: 0 })).toBe(false);
    expect(verdict([1], { type: 'array', minItems: 1 })).toBe(true);
  });

  it('tell an array of exactly a bound only its wrong item, never its count', () => {
    for (const value of [
      [1, 'x'],
      [1, 2, 'x'],
    ])
      expect(judge(value, both)).toMatchObject({
        refusal: { issues: [{ path: `/${value.length - 1}`, code: 'TYPE_MISMATCH' }] },
      });
  });

  it('tell the count in words: both bounds, one, and one item', () => {
    const cases: ReadonlyArray<readonly [object, unknown, string]> = [
      [{ minItems: 2, maxItems: 4 }, [1], 'an array of 2 to 4 items'],
      [{ minItems: 2 }, [1], 'an array of at least 2 items'],
      [{ minItems: 1 }, [], 'an array of at least 1 item'],
      [{ maxItems: 2 }, [1, 2, 3], 'an array of at most 2 items'],
      [{ maxItems: 1 }, [1, 2], 'an array of at most 1 item'],
      [{ maxItems: 0 }, [1], 'an array of at most 0 items'],
      [{ minItems: 1, maxItems: 1 }, [], 'an array of exactly 1 item'],
      [{ minItems: 3, maxItems: 3 }, [1, 2, 3, 4], 'an array of exactly 3 items'],
    ];
    for (const [bounds, value, words] of cases)
      expect(linesOf(value, { type: 'array', ...bounds } as SchemaNode)).toEqual([
        `- The arguments must be ${words}.`,
      ]);
  });

  it('tell the bounds declared, and judge no count of a value that is no array', () => {
    expect(judge([1, 2, 3], { type: 'array', maxItems: 2 })).toMatchObject({
      refusal: { issues: [{ path: '', code: 'TOO_MANY_ITEMS', maxItems: 2 }] },
    });
    expect(judge([], { type: 'array', minItems: 1 })).toMatchObject({
      refusal: { issues: [{ path: '', code: 'TOO_FEW_ITEMS', minItems: 1 }] },
    });
    expect(verdict('ab', { minItems: 3 })).toBe(true);
    expect(verdict({ a: 1 }, { maxItems: 0 })).toBe(true);
  });
});
