/*
 * Test support for the extended vocabulary: a verdict the generated checker and the interpreter
 * agree on, a refusal, and a check that no canary of the value comes back in it.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { expect } from 'vitest';
import { compileGate, type GateRefusal, judge } from '../../src/index.ts';

export const CANARY = 'CANARY-4e1b';

export function verdict(value: unknown, document: SchemaNode): boolean {
  const judged = judge(value, document).ok;
  expect(compileGate(document).admits(value)).toBe(judged);
  return judged;
}

export function refusalOf(value: unknown, document: SchemaNode): GateRefusal {
  const judgement = judge(value, document);
  expect(compileGate(document).admits(value)).toBe(false);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

/** Everything a refusal carries, as one string, and a check that no canary is in it. */
export function expectNoCanary(refusal: GateRefusal): void {
  const all = `${refusal.text}\n${JSON.stringify(refusal.issues, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`;
  expect(all).not.toContain(CANARY);
  expect(all).not.toContain('4e1b');
}
