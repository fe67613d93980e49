/**
 * Every use of `@portcullis/dialects` goes through this module, so a rename there is one edit here.
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
  publishEveryDialect,
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
  publishEveryDialect,
};

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
  const limit = (error as { details?: { limit?: unknown } }).details?.limit;
  return typeof limit === 'string' ? limit : undefined;
}
