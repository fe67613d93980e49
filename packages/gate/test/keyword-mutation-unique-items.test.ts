/*
 * Invariant: `uniqueItems` decides alike on every path (the generated checker called directly, the
 * interpreter's probe, the gate and `judge`), by JSON equality exactly: numbers by exact value
 * however they are written (`1e21` equals `10n ** 21n`), each kind of scalar apart from the others
 * past the short pairwise comparison, names part of an object's identity, an array never equal to
 * the object of its indexes, and a container's identity never mistaken for another's however many
 * values came before. The identities of one judgement are dropped when it ends: a value changed
 * between two calls is judged as it is now. Each case here is one a wrong change to
 * `keywords/unique-items.ts` would otherwise pass unnoticed (found by mutation testing, see
 * docs/mutation/gate.md).
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { generateChecker } from '../src/internal/codegen.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { verdict as everyPath, interpreterAdmits as interpreter } from './support/verdicts.ts';

const UNIQUE: SchemaNode = { type: 'array', uniqueItems: true };

const interpreterAdmits = (value: unknown, document: SchemaNode = UNIQUE) =>
  interpreter(value, document);
const verdict = (value: unknown, document: SchemaNode = UNIQUE) => everyPath(value, document);

/** Twenty distinct strings, so an array of them is compared by identity, not pairwise. */
const WORDS = Array.from({ length: 20 }, (_, index) => `w${index}`);

describe('uniqueItems compares numbers by exact value', () => {
  it('equals a number written with an exponent and the bigint of its value', () => {
    expect(verdict([1e21, 10n ** 21n])).toBe(false);
    expect(verdict([10n ** 21n, 1e21])).toBe(false);
    expect(verdict([1e21, 10n ** 21n + 1n])).toBe(true);
    expect(verdict([{ n: 1e21 }, { n: 10n ** 21n }])).toBe(false);
  });

  it('tells safe integers apart and equals 0 and -0 past the pairwise comparison', () => {
    expect(verdict([...WORDS, 1, 2, 3, -3])).toBe(true);
    expect(verdict([...WORDS, 0, -0])).toBe(false);
    expect(verdict([{}, 1, 2])).toBe(true);
    expect(verdict([{}, 2, 2])).toBe(false);
  });
});

describe('uniqueItems keeps each kind of scalar apart', () => {
  it('admits distinct strings, booleans, null and numbers in a long array or beside an object', () => {
    expect(verdict([...WORDS, true, false, null, 0, 1, 'true', 'null'])).toBe(true);
    expect(verdict([{}, 'a', 'b', 'c', 'd', true, false, null, 0])).toBe(true);
    expect(verdict([[true], [false], [null], ['x'], [0]])).toBe(true);
  });

  it('refuses a repeated boolean or null in a long array or beside an object', () => {
    expect(verdict([...WORDS, true, false, true])).toBe(false);
    expect(verdict([...WORDS, false, null, false])).toBe(false);
    expect(verdict([{}, null, null])).toBe(false);
    expect(verdict([[true], [false], [true]])).toBe(false);
  });
});

describe('uniqueItems beside a value that is not JSON', () => {
  it('tells only the value that is not JSON, never a duplicate it does not have', () => {
    for (const value of [
      [null, undefined],
      [{}, undefined],
      [{}, 1, undefined],
    ]) {
      const judgement = judge(value, UNIQUE);
      expect(judgement.ok).toBe(false);
      if (judgement.ok) return;
      expect(judgement.refusal.issues).toEqual([
        { path: `/${value.length - 1}`, code: 'NOT_JSON' },
      ]);
    }
  });
});

describe('uniqueItems keys a container by its content', () => {
  it('tells objects apart by their names, not only their values', () => {
    expect(verdict([{ a: 1 }, { b: 1 }])).toBe(true);
    expect(
      verdict([
        { a: 1, b: 2 },
        { a: 2, b: 1 },
      ]),
    ).toBe(true);
    expect(verdict([{ a: 1 }, { a: 1 }])).toBe(false);
  });

  it('never equals an array and the object of its indexes', () => {
    expect(verdict([[1, 2], { 0: 1, 1: 2 }])).toBe(true);
    expect(verdict([['a'], { 0: 'a' }])).toBe(true);
    expect(verdict([[], {}])).toBe(true);
  });

  it('never mistakes one array for another however many values came before', () => {
    // Fifty strings first, so the later pairs hold identities of one and of two digits.
    const many = Array.from({ length: 50 }, (_, index) => `s${index}`);
    const s = (index: number): string => many[index] as string;
    expect(verdict([many, [s(0), s(41)], [s(40), s(1)]])).toBe(true);
    expect(verdict([many, [s(0), s(1), s(2)], [s(0), s(12)], [s(1), s(2)]])).toBe(true);
    expect(verdict([many, [s(0), s(41)], [s(0), s(41)]])).toBe(false);
  });
});

describe('uniqueItems judges a value as it is at each call', () => {
  it('drops the identities of a judgement when it ends', () => {
    const first = { x: 1 };
    const second = { x: 2 };
    const pair = [first, second];
    const check = generateChecker(buildPlan(UNIQUE));
    const gate = compileGate(UNIQUE);
    expect(gate.admits(pair)).toBe(true);
    expect(check(pair)).toBe(true);
    second.x = 1;
    expect(check(pair)).toBe(false);
    expect(interpreterAdmits(pair)).toBe(false);
    expect(gate.admits(pair)).toBe(false);
    second.x = 3;
    expect(check(pair)).toBe(true);
    expect(interpreterAdmits(pair)).toBe(true);
    expect(gate.admits(pair)).toBe(true);
  });
});
