/**
 * Every use of `@portcullis/schema` goes through this module. `conform` is implemented here until
 * the schema package ships `conform(declaration, admitted)`; after the merge it becomes a re-export
 * (and `conform.ts` beside it goes).
 */
import {
  type JsonValue,
  publishCanonical,
  type SchemaObject,
  stringifyCanonical,
} from '@portcullis/schema';
import { conformLocally } from './conform.ts';

export type { JsonValue, SchemaObject };
export { publishCanonical, stringifyCanonical };

/** Why an admitted value could not be converted to its declared runtime types (path and type only). */
export interface ConformRefusal {
  readonly code: 'NOT_CONFORMING';
  readonly text: string;
  readonly path: string;
  readonly type: string;
}

/** The admitted value in its declared runtime types, or where it could not be converted. */
export type Conformed =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly refusal: ConformRefusal };

/**
 * Converts an admitted value to the runtime types its declaration promises: every `Int64` a
 * `bigint`, every other number a `number`. The schema package's `conform` once merged.
 */
export function conform(declaration: unknown, admitted: unknown): Conformed {
  return conformLocally(declaration, admitted);
}
