/*
 * Invariant: what each keyword module decides is what a caller sees, on both paths: the compiled
 * checker's verdict (`admits`), the interpreter's verdict, and the refusal's issues and words. Each
 * case here is one a wrong change to a keyword module would otherwise pass unnoticed (found by
 * mutation testing, see the README's "Mutation testing").
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, type GateIssue, judge } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';

/** The interpreter's verdict alone (a probe that stops at the first fault). */
function interpreterAdmits(value: unknown, document: SchemaNode): boolean {
  try {
    interpret(buildPlan(document).root, value, '', new IssueSink(0));
    return true;
  } catch {
    return false;
  }
}

/** The verdict, the same from the compiled checker, the interpreter and `judge`. */
function verdict(value: unknown, document: SchemaNode): boolean {
  const admitted = compileGate(document).admits(value);
  expect(interpreterAdmits(value, document)).toBe(admitted);
  expect(judge(value, document).ok).toBe(admitted);
  return admitted;
}

/** The issues of the refusal of `value`; fails when it is admitted. */
function issuesOf(value: unknown, document: SchemaNode): readonly GateIssue[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.issues;
}

/** The one fault line of the refusal of `value`. */
function lineOf(value: unknown, document: SchemaNode): string {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  const lines = judgement.refusal.text.split('\n');
  expect(lines).toHaveLength(2);
  return lines[1] as string;
}

describe('multipleOf', () => {
  const big = { type: 'integer', multipleOf: 2n ** 62n } as const;

  it('judges a safe integer against a bigint divisor, exactly and as a multiple', () => {
    expect(verdict(0, big)).toBe(true);
    expect(verdict(-0, big)).toBe(true);
    expect(verdict(4, big)).toBe(false);
    expect(issuesOf(4, big)).toEqual([{ path: '', code: 'NOT_MULTIPLE', multipleOf: 2n ** 62n }]);
    expect(lineOf(4, big)).toBe('- The arguments must be a multiple of 4611686018427387904.');
  });

  it('refuses a fraction as no multiple, with the divisor, never as unjudgeable', () => {
    for (const document of [
      { type: 'number', multipleOf: 3 },
      { type: 'number', multipleOf: 2n ** 62n },
    ] as const) {
      expect(verdict(1.5, document)).toBe(false);
      expect(issuesOf(1.5, document)).toEqual([
        { path: '', code: 'NOT_MULTIPLE', multipleOf: document.multipleOf },
      ]);
    }
  });

  it('refuses a bigint divisor that is not positive, and a double past 2^53, as defects', () => {
    for (const bad of [0n, -4n, 2 ** 60])
      expect(() => compileGate({ type: 'integer', multipleOf: bad } as never)).toThrow(
        /declare an integer in smaller units/,
      );
  });
});
