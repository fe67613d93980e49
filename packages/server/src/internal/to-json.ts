/**
 * A tool's output as the JSON value it stands for, with JSON.stringify's rules (own enumerable
 * properties, `toJSON`, `undefined` and functions dropped from objects and `null` in arrays,
 * non-finite numbers `null`) except that a `bigint` stays a `bigint`, for the bigint-aware writer.
 * A cycle throws: it is the tool's defect.
 */
import type { JsonValue } from './siblings/schema.ts';

class OutputCycle extends Error {
  override readonly name = 'OutputCycle';
}

function define(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

function convert(value: unknown, key: string, ancestors: Set<object>): JsonValue | undefined {
  let current = value;
  if (typeof current === 'object' && current !== null) {
    const toJSON = (current as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') current = toJSON.call(current, key);
  }
  switch (typeof current) {
    case 'string':
    case 'boolean':
    case 'bigint':
      return current;
    case 'number':
      return Number.isFinite(current) ? current : null;
    case 'object': {
      if (current === null) return null;
      if (ancestors.has(current)) throw new OutputCycle('The output holds a cycle.');
      ancestors.add(current);
      try {
        if (Array.isArray(current)) {
          return current.map((item, index) => convert(item, String(index), ancestors) ?? null);
        }
        const out: Record<string, JsonValue> = {};
        for (const name of Object.keys(current)) {
          const item = convert((current as Record<string, unknown>)[name], name, ancestors);
          if (item !== undefined) define(out, name, item);
        }
        return out;
      } finally {
        ancestors.delete(current);
      }
    }
    default:
      return undefined;
  }
}

/** See the module comment. `undefined` (a tool that returned nothing) is `null`. */
export function toJson(value: unknown): JsonValue {
  return convert(value, '', new Set()) ?? null;
}
