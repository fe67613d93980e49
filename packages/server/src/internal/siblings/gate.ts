/**
 * Every use of `@portcullis/gate` goes through this module. `compileGates` is built here on
 * today's `compileGate` until the gate package exports it; the types take their integrated names
 * (`GateJudgement`, `GateRefusal`, `GateIssue`).
 */
import {
  type CompiledGate,
  compileGate,
  type Judgement,
  type Refusal,
  type RefusalIssue,
} from '@portcullis/gate';
import type { SchemaObject } from './schema.ts';

export type { CompiledGate };
export type GateJudgement = Judgement;
export type GateRefusal = Refusal;
export type GateIssue = RefusalIssue;

/** Compiles many published documents at once, in order; a defect of any one throws. */
export function compileGates(documents: readonly SchemaObject[]): CompiledGate[] {
  return documents.map((document) => compileGate(document));
}
