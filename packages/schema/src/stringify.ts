import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';
import { escapePointerSegment } from './ref.ts';

/**
 * The one writer of JSON text for everything that leaves a process: published documents, dialect
 * renderings, tool results. Compact, keys in their order, and exactly what `JSON.stringify` writes
 * for a value it can write faithfully. It differs where `JSON.stringify` would throw or lose data:
 *
 * - a `bigint` is written as its exact integer literal, at any depth (`Int64` bounds, big integers
 *   a tool returns); a `toJSON` on `BigInt.prototype` is never consulted;
 * - a non-finite number, a function or a symbol anywhere (where `JSON.stringify` writes `null` or
 *   drops it), an array element that is `undefined` or a hole (`null` there), an object that is
 *   neither an array nor a plain object and has no `toJSON` (a `Map` would become `{}`), and a
 *   cycle throw {@link SchemaDefectError} NOT_JSON with the pointer of the place in `details.path`.
 *
 * As with `JSON.stringify`: an object member whose value is `undefined` is left out (absence, the
 * way an optional property is spelled); an object with a `toJSON` method (a `Date`) is written as
 * what the method returns for its key, asked once per place, and that result by these same rules;
 * a key named `__proto__` is an ordinary member; `-0` is written `0`.
 */
export function stringifyCanonical(value: unknown): string {
  return fast(value) ?? write(resolve(value, ''), '', []);
}

// A bigint is first written as a string fenced by NUL, then unfenced. JSON text never holds a raw
// NUL (it is escaped in every string), and any key or string that holds one sends the value down
// the exact path instead, so a fence can never be forged by data.
const FENCE = '\u0000';
const ESCAPED_FENCE = '\\u0000';
const FENCED = /"\\u0000(-?[0-9]+)\\u0000"/g;

/**
 * The native serializer with a replacer that fences bigints and marks anything it must not write
 * as `JSON.stringify` would. `undefined` when the value needs the exact path (which then either
 * writes it or throws with a pointer).
 */
function fast(value: unknown): string | undefined {
  let clean = true;
  let fenced = false;
  let root = true;
  let text: string | undefined;
  try {
    text = JSON.stringify(value, replacer);
  } catch {
    // A cycle, or a getter or `toJSON` that throws: the exact path finds it and names its pointer.
    return undefined;
  }
  if (!clean || text === undefined) return undefined;
  return fenced && text.includes(ESCAPED_FENCE) ? text.replace(FENCED, '$1') : text;

  // `item` is the value after its `toJSON`; `raw` the value itself, so a bigint stays exact.
  function replacer(this: unknown, key: string, item: unknown): unknown {
    const raw = (this as Record<string, unknown>)[key];
    const atRoot = root;
    root = false;
    if (key.includes(FENCE)) clean = false;
    if (typeof raw === 'bigint') {
      fenced = true;
      return `${FENCE}${raw}${FENCE}`;
    }
    switch (typeof item) {
      case 'string':
        if (item.includes(FENCE)) clean = false;
        return item;
      case 'number':
        if (!Number.isFinite(item)) clean = false;
        return item;
      case 'boolean':
        return item;
      case 'bigint':
        // A `toJSON` that returned a bigint: the exact path writes it.
        clean = false;
        return null;
      case 'object':
        if (item !== null && !Array.isArray(item)) {
          const proto = Object.getPrototypeOf(item);
          if (proto !== Object.prototype && proto !== null) clean = false;
        }
        return item;
      case 'undefined':
        // Left out of an object, as JSON.stringify does; anywhere else it has no JSON spelling.
        if (atRoot || Array.isArray(this)) clean = false;
        return undefined;
      default:
        clean = false;
        return null;
    }
  }
}

/** `value` as JSON.stringify sees it at `key`: what its `toJSON` returns, if it has one. */
function resolve(value: unknown, key: string): unknown {
  if (typeof value === 'object' && value !== null) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return toJSON.call(value, key);
  }
  return value;
}

/** The exact path: writes `value` (already resolved) or throws NOT_JSON with its pointer. */
function write(value: unknown, path: string, ancestors: readonly object[]): string {
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
      if (value === null) return 'null';
      if (ancestors.includes(value)) break;
      const within = [...ancestors, value];
      if (Array.isArray(value)) {
        // Indexes, not `map`: `map` skips a hole, which would write `[,1]`.
        const items: string[] = [];
        for (let index = 0; index < value.length; index += 1) {
          const key = String(index);
          items.push(write(resolve(value[index], key), `${path}/${key}`, within));
        }
        return `[${items.join(',')}]`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) break;
      const members: string[] = [];
      for (const [key, raw] of Object.entries(value)) {
        const member = resolve(raw, key);
        if (member === undefined) continue;
        const at = `${path}/${escapePointerSegment(key)}`;
        members.push(`${JSON.stringify(key)}:${write(member, at, within)}`);
      }
      return `{${members.join(',')}}`;
    }
  }
  throw notJson(path);
}

function notJson(path: string): SchemaDefectError {
  return new SchemaDefectError(
    SCHEMA_ERROR_CODES.NOT_JSON,
    'The value holds something JSON cannot state exactly (a non-finite number, a function, a symbol, an array element that is `undefined`, a class instance without `toJSON`, or a cycle); give plain JSON there.',
    { path },
  );
}
