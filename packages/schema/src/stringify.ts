import { SCHEMA_DEFECT_CODES, SchemaDefectError } from './errors.ts';
import type { JsonValue } from './json.ts';
import { escapePointerSegment } from './ref.ts';

/**
 * Serializes a published document (or any in-memory JSON value) as compact JSON text, writing a
 * `bigint` as an exact integer literal, so `Int64` bounds reach the wire unrounded (`JSON.stringify`
 * throws on a bigint). Key order is kept. A value JSON cannot hold (a non-finite number, a function,
 * `undefined`) is a defect of the document and throws MALFORMED_SCHEMA with its pointer.
 */
export function stringifyCanonical(value: JsonValue): string {
  return write(value, '');
}

function write(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return JSON.stringify(value);
    case 'bigint':
      return value.toString();
    case 'number':
      if (Number.isFinite(value)) return JSON.stringify(value);
      break;
    case 'object':
      if (Array.isArray(value)) {
        return `[${value.map((item, index) => write(item, `${path}/${index}`)).join(',')}]`;
      }
      return `{${Object.entries(value)
        .map(
          ([key, item]) =>
            `${JSON.stringify(key)}:${write(item, `${path}/${escapePointerSegment(key)}`)}`,
        )
        .join(',')}}`;
  }
  throw new SchemaDefectError(
    SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA,
    path,
    'the document holds a value JSON cannot represent',
  );
}
