/*
 * The gate's verdict on a value taken from each of its paths separately, for the tests that pin a
 * keyword module's behaviour: a checker that throws would otherwise be hidden by the gate, which
 * lets the interpreter decide in its place.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { expect } from 'vitest';
import { compileGate, judge } from '../../src/index.ts';
import { generateChecker } from '../../src/internal/codegen.ts';
import { interpret } from '../../src/internal/interpret.ts';
import { IssueSink } from '../../src/internal/issue-sink.ts';
import { buildPlan } from '../../src/internal/plan.ts';

/** The generated checker alone, without the gate's stand-in for a checker that throws. */
export function checkerAdmits(value: unknown, document: SchemaNode): boolean {
  return generateChecker(buildPlan(document))(value);
}

/** The interpreter's verdict alone (a probe that stops at the first fault). */
export function interpreterAdmits(value: unknown, document: SchemaNode): boolean {
  try {
    interpret(buildPlan(document).root, value, '', new IssueSink(0));
    return true;
  } catch {
    return false;
  }
}

/** The verdict, the same from the checker called directly, the interpreter, the gate and `judge`. */
export function verdict(value: unknown, document: SchemaNode): boolean {
  const admitted = checkerAdmits(value, document);
  expect(interpreterAdmits(value, document)).toBe(admitted);
  expect(compileGate(document).admits(value)).toBe(admitted);
  expect(judge(value, document).ok).toBe(admitted);
  return admitted;
}

/** The verdict, the same from the compiled gate, the interpreter and `judge`. */
export function gateVerdict(value: unknown, document: SchemaNode): boolean {
  const admitted = compileGate(document).admits(value);
  expect(interpreterAdmits(value, document)).toBe(admitted);
  expect(judge(value, document).ok).toBe(admitted);
  return admitted;
}

/** The one fault line of the refusal of `value`. */
export function lineOf(value: unknown, document: SchemaNode): string {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  const lines = judgement.refusal.text.split('\n');
  expect(lines).toHaveLength(2);
  return lines[1] as string;
}
