/**
 * Every use of `@portcullis/dialects` goes through this module. `publishEveryDialect` is built here
 * on today's `DIALECTS` table until the dialects package exports it (then it becomes a re-export);
 * a `DialectError`'s facts move from its own fields to `error.details`.
 */
import {
  ANTHROPIC_STRICT_LIMITS,
  DEFAULT_DIALECT,
  DIALECT_NAMES,
  DIALECTS,
  type DialectName,
  isDialectName,
  measureSchema,
  OPENAI_STRICT_LIMITS,
  type Publication,
  type SchemaMeasure,
  type SchemaSide,
} from '@portcullis/dialects';
import type { JsonValue, SchemaObject } from './schema.ts';

export type { DialectName, Publication, SchemaMeasure };
export {
  ANTHROPIC_STRICT_LIMITS,
  DEFAULT_DIALECT,
  DIALECT_NAMES,
  isDialectName,
  OPENAI_STRICT_LIMITS,
};

/** One dialect's rendering of one side of a tool, or the defect that stopped it. */
export type DialectPublication =
  | { readonly ok: true; readonly value: Publication }
  | { readonly ok: false; readonly error: unknown };

/** Renders a canonical document in every dialect (the dialects package's function once merged). */
export function publishEveryDialect(
  canonical: SchemaObject,
  side: SchemaSide,
): Record<DialectName, DialectPublication> {
  const out = {} as Record<DialectName, DialectPublication>;
  for (const name of DIALECT_NAMES) {
    try {
      out[name] = { ok: true, value: DIALECTS[name].publish(canonical, side) };
    } catch (error) {
      out[name] = { ok: false, error };
    }
  }
  return out;
}

/** The inverse of a dialect's spelling of the arguments a caller sends. */
export function dialectArguments(
  name: DialectName,
  wire: JsonValue,
  canonicalInput: SchemaObject,
): JsonValue {
  return DIALECTS[name].arguments(wire, canonicalInput);
}

/** The size of a rendered document as a vendor counts it (references inlined). */
export function measure(schema: SchemaObject): SchemaMeasure {
  return measureSchema(schema);
}

/** The name of the limit a dialect error reports, when it reports one. */
export function limitOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const details = (error as { details?: { limit?: unknown } }).details;
  const limit = details?.limit ?? (error as { limit?: unknown }).limit;
  return typeof limit === 'string' ? limit : undefined;
}
