import { SchemaDefectError } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { type CompiledGate, compileGate } from './judge.ts';

/** One document's compilation: its gate, or the defect that keeps the document from compiling. */
export type GateCompilation =
  | { readonly ok: true; readonly value: CompiledGate }
  | { readonly ok: false; readonly error: SchemaDefectError };

/**
 * Compiles every published document a server will judge by, at once, when it starts: each key of
 * `documents` (the caller's own label, for example a tool's name and a dialect) maps to
 * `{ ok: true, value: gate }` or `{ ok: false, error }` with the `SchemaDefectError` that document
 * threw, so one defective document does not hide the others and each defect is reported under its
 * key. Nothing that `judge` could meet later is left for a request: a document that compiles here
 * never throws when judging. Only document defects are caught; anything else (a process that
 * forbids `new Function`, a fault of the gate itself) is thrown, and fails the start as it should.
 * The result is a frozen object with the same keys, in the same order. Gates are cached per
 * document object, as by `compileGate`.
 */
export function compileGates<TKey extends string>(
  documents: Readonly<Record<TKey, SchemaNode>>,
): { readonly [TName in TKey]: GateCompilation } {
  const results = {} as Record<TKey, GateCompilation>;
  for (const key of Object.keys(documents) as TKey[]) {
    let result: GateCompilation;
    try {
      result = { ok: true, value: compileGate(documents[key]) };
    } catch (error) {
      if (!(error instanceof SchemaDefectError)) throw error;
      result = { ok: false, error };
    }
    // A key such as `__proto__` is the caller's label like any other: defined, never assigned.
    Object.defineProperty(results, key, { value: Object.freeze(result), enumerable: true });
  }
  return Object.freeze(results);
}
