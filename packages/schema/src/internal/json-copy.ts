import { SCHEMA_ERROR_CODES, SchemaDefectError } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import { escapePointerSegment } from '../ref.ts';

/**
 * A deep copy of `value` as plain JSON, or a MALFORMED_SCHEMA defect at `path` when it holds
 * something JSON cannot (a function, `undefined`, a hole in an array, a non-finite number, a class
 * instance, a cycle). Keys are defined, never assigned, so a key named `__proto__` stays data.
 */
export function copyJson(
  value: unknown,
  path: string,
  ancestors: readonly object[] = [],
): JsonValue {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
  } else if (typeof value === 'object' && !ancestors.includes(value)) {
    const within = [...ancestors, value];
    if (Array.isArray(value)) {
      const out: JsonValue[] = [];
      for (let index = 0; index < value.length; index += 1) {
        out.push(copyJson(value[index], `${path}/${index}`, within));
      }
      return out;
    }
    const proto = Object.getPrototypeOf(value);
    if (proto === Object.prototype || proto === null) {
      const out: Record<string, JsonValue> = {};
      for (const [key, item] of Object.entries(value)) {
        defineEntry(out, key, copyJson(item, `${path}/${escapePointerSegment(key)}`, within));
      }
      return out;
    }
  }
  throw new SchemaDefectError(
    SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
    'The annotation holds a value that is not JSON (a function, `undefined`, a non-finite number, a class instance, a hole in an array or a cycle); give plain JSON.',
    { path },
  );
}

/** Sets `key` on `target` as an own enumerable data property, whatever its name. */
export function defineEntry(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * True when `a` and `b` are the same JSON, member for member in the same order, a `bigint` never
 * equal to a `number`: an `Int64` bound `0n` and an `Int8` bound `0` publish the same text but are
 * different types.
 */
export function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (typeof a !== typeof b) return false;
  if (typeof a !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJson(item, b[index] as JsonValue));
  }
  const one = a as Readonly<Record<string, JsonValue>>;
  const other = b as Readonly<Record<string, JsonValue>>;
  const keys = Object.keys(one);
  const otherKeys = Object.keys(other);
  if (keys.length !== otherKeys.length) return false;
  return keys.every(
    (key, index) =>
      otherKeys[index] === key && sameJson(one[key] as JsonValue, other[key] as JsonValue),
  );
}
