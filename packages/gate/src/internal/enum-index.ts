import type { JsonValue } from '@portcullis/schema';
import { jsonEqual } from './json-equal.ts';

/**
 * The members of an `enum`, indexed so that membership is one lookup whatever their number: a
 * string, a boolean or null by itself, a number or a `bigint` by its exact mathematical value (so
 * `1`, `1.0` and `1n` are one member, and `-0` is `0`), as JSON equality reads them. Only members
 * that hold other values (arrays, objects) are compared one by one, with {@link jsonEqual}.
 */
export class EnumIndex {
  readonly #scalars = new Set<string | boolean | null>();
  readonly #numbers = new Set<string>();
  readonly #containers: JsonValue[] = [];

  constructor(members: readonly JsonValue[]) {
    for (const member of members) {
      if (typeof member === 'number' || typeof member === 'bigint') {
        const key = numberKey(member);
        if (key !== undefined) this.#numbers.add(key);
      } else if (typeof member === 'object' && member !== null) this.#containers.push(member);
      else this.#scalars.add(member);
    }
  }

  /** True when `value` equals a member (JSON Schema equality). */
  has(value: unknown): boolean {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return this.#scalars.has(value);
      case 'number':
      case 'bigint': {
        const key = numberKey(value);
        return key !== undefined && this.#numbers.has(key);
      }
      case 'object':
        if (value === null) return this.#scalars.has(null);
        for (const member of this.#containers) if (jsonEqual(value, member)) return true;
        return false;
      default:
        return false;
    }
  }
}

/**
 * A number's exact mathematical value as text: an integer (a `bigint`, or a double with no
 * fractional part) in decimal digits, any other double in its shortest round-trip spelling (which
 * holds a `.`, an exponent or a letter, so it never meets an integer's digits). NaN equals nothing.
 */
export function numberKey(value: number | bigint): string | undefined {
  if (typeof value === 'bigint') return value.toString();
  if (Number.isNaN(value)) return undefined;
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}
