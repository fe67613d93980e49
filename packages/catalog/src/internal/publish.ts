import { type JsonObject, publishCanonical, publishCanonicalOutput } from '@portcullis/schema';

/** The canonical input document of a declared input; throws the publisher's SchemaDefectError. */
export function publishInput(schema: object): JsonObject {
  return publishCanonical(schema);
}

/**
 * The canonical output document of a declared output, or `undefined` where the vocabulary cannot
 * describe it truthfully (not an object, or a construct it cannot publish); a malformed
 * declaration throws the publisher's SchemaDefectError.
 */
export function publishOutput(schema: object): JsonObject | undefined {
  return publishCanonicalOutput(schema);
}
