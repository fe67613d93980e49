import { isAdmissibleText } from './text.ts';

const LARGEST_DOUBLE = BigInt(Number.MAX_VALUE);

/**
 * True when a `bigint` is no larger in magnitude than the largest finite double (the decoder's own
 * limit for an integer literal): such a value converts to a finite `number`. Anything beyond is a
 * number no handler declared with `number` could receive, so the gate refuses it wherever it
 * stands, without relying on the decoder having refused it first.
 */
export function fitsDouble(value: bigint): boolean {
  return value <= LARGEST_DOUBLE && value >= -LARGEST_DOUBLE;
}

/** True for a plain object: a prototype of `Object.prototype` or none (what a JSON decoder builds). */
export function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * True for a plain array, not an instance of a subclass: its `constructor` is `Array` (read from
 * its prototype; far cheaper for the engine than asking for the prototype itself).
 */
export function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.constructor === Array;
}

/**
 * True when `value` is JSON that every schema admits: null, a boolean, a finite number or a bigint
 * that {@link fitsDouble}, an admissible string, an array of such values, or a plain object whose keys are admissible text.
 */
export function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return isAdmissibleText(value);
    case 'number':
      return value - value === 0;
    case 'bigint':
      return fitsDouble(value);
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
        if (!isPlainArray(value)) return false;
        for (let i = 0; i < value.length; i++) if (!isJsonValue(value[i])) return false;
        return true;
      }
      if (!isPlainObject(value)) return false;
      const object = value as Record<string, unknown>;
      for (const key in object)
        if (!isAdmissibleText(key) || !isJsonValue(object[key])) return false;
      return true;
    }
    default:
      return false;
  }
}
