/**
 * A JSON value as the decoder and the publisher hold it in memory: an integer beyond the safe range
 * is a `bigint` so that it is never rounded.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };

/** A JSON object as held in memory. */
export type JsonObject = { readonly [key: string]: JsonValue };

/** A JSON Schema object in keyword position (a document or one of its subschemas). */
export type SchemaObject = { readonly [keyword: string]: unknown };

/** A JSON Schema in keyword position: an object, or the boolean schemas `true` and `false`. */
export type SchemaNode = SchemaObject | boolean;

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
