/**
 * Every use of `@portcullis/schema` goes through this module, so a rename there is one edit here.
 */
import {
  ARTIFACT_REFS_PROPERTY,
  type ConformResult,
  conform as conformDeclared,
  type JsonObject,
  type JsonValue,
  publishCanonical,
  stringifyCanonical,
} from '@portcullis/schema';
import { isJsonObject, type SchemaObject } from '@portcullis/schema/document';
import type { TSchema } from 'typebox';

export type { JsonValue, SchemaObject };
export { publishCanonical, stringifyCanonical };

/** The admitted value in its declared runtime types, or where it could not be converted. */
export type Conformed = ConformResult<unknown>;

/**
 * Converts an admitted value to the runtime types its declaration promises: every `Int64` a
 * `bigint`, every other number a `number` (the schema package's `conform`).
 */
export function conform(declaration: unknown, admitted: unknown): Conformed {
  return conformDeclared(declaration as TSchema, admitted);
}
