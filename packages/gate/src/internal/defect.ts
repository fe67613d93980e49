import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';

/**
 * Throws the document's defect. The one place the gate builds a `SchemaDefectError`: the message is
 * a sentence of its own, the pointer travels separately.
 */
export function defect(
  code: keyof typeof SCHEMA_ERROR_CODES,
  pointer: string,
  message: string,
): never {
  throw new SchemaDefectError(SCHEMA_ERROR_CODES[code], message, { path: pointer });
}

/** True for a non-negative safe integer: a length or a count bound. */
export function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}
