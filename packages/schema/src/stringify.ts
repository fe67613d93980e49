import { SCHEMA_DEFECT_CODES, SchemaDefectError } from './errors.ts';
import type { JsonValue } from './json.ts';
import { escapePointerSegment } from './ref.ts';

/**
 * Serializes a published document (or any in-memory JSON value) as compact JSON text, writing a
 * `bigint` as an exact integer literal, so `Int64` bounds reach the wire unrounded (`JSON.stringify`
 * throws on a bigint). Key order is kept. A value JSON cannot hold (a non-finite number, a function,
 * `undefined`, a hole in an array, a class instance, a cycle) is a defect of the document and throws
 * MALFORMED_SCHEMA with its pointer.
 */
export function stringifyCanonical(value: JsonValue): string {
  return fast(value) ?? write(value, '', []);
}

// A bigint is first written as a string fenced by NUL, then unfenced. JSON text never holds a raw
// NUL (it is escaped in every string), and any key or string that holds one sends the value down
// the exact path instead, so a fence can never be forged by data.
const FENCE = '\u0000';
const ESCAPED_FENCE = '\\u0000';
const FENCED = /"\\u0000(-?[0-9]+)\\u0000"/g;

function fast(value: JsonValue): string | undefined {
  let clean = true;
  let fenced = false;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, replacer);
  } catch {
    // A cycle (or a getter that throws): the exact path finds it and names its pointer.
    return undefined;
  }
  if (!clean || text === undefined) return undefined;
  return fenced && text.includes(ESCAPED_FENCE) ? text.replace(FENCED, '$1') : text;

  function replacer(this: unknown, key: string, item: unknown): unknown {
    const raw = key === '' ? item : (this as Record<string, unknown>)[key];
    if (key.includes(FENCE)) clean = false;
    switch (typeof raw) {
      case 'bigint':
        fenced = true;
        return `${FENCE}${raw}${FENCE}`;
      case 'string':
        if (raw.includes(FENCE)) clean = false;
        return raw;
      case 'number':
        if (!Number.isFinite(raw)) clean = false;
        return raw;
      case 'boolean':
        return raw;
      case 'object':
        if (raw !== null && !Array.isArray(raw)) {
          const proto = Object.getPrototypeOf(raw);
          if (proto !== Object.prototype && proto !== null) clean = false;
        }
        return raw;
      default:
        clean = false;
        return null;
    }
  }
}

function write(value: unknown, path: string, ancestors: readonly object[]): string {
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
    case 'object': {
      if (ancestors.includes(value)) break;
      const within = [...ancestors, value];
      if (Array.isArray(value)) {
        // Indexes, not `map`: `map` skips a hole, which would write `[,1]`.
        const items: string[] = [];
        for (let index = 0; index < value.length; index += 1) {
          items.push(write(value[index], `${path}/${index}`, within));
        }
        return `[${items.join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) break;
      return `{${Object.entries(value)
        .map(
          ([key, item]) =>
            `${JSON.stringify(key)}:${write(item, `${path}/${escapePointerSegment(key)}`, within)}`,
        )
        .join(',')}}`;
    }
  }
  throw new SchemaDefectError(
    SCHEMA_DEFECT_CODES.MALFORMED_SCHEMA,
    path,
    'the document holds a value JSON cannot represent',
  );
}
