/**
 * Every use of `@portcullis/gate` goes through this module. `compileGates` is built here on
 * today's `compileGate` until the gate package exports it; the refusal type takes its integrated
 * name (`GateRefusal`).
 */
import { type CompiledGate, compileGate, type Refusal } from '@portcullis/gate';
import type { SchemaObject } from './schema.ts';

export type { CompiledGate };
export type GateRefusal = Refusal;

/** Compiles many published documents at once, in order; a defect of any one throws. */
export function compileGates(documents: readonly SchemaObject[]): CompiledGate[] {
  return documents.map((document) => compileGate(document));
}
