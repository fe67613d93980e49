import { isAdmissibleText } from './text.ts';

/** True for a plain object: a prototype of `Object.prototype` or none (what a JSON decoder builds). */
export function isPlainObject(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * True when `value` is JSON that every schema admits: null, a boolean, a finite number or a bigint,
 * an admissible string, an array of such values, or a plain object whose keys are admissible text.
 */
export function isJsonValue(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
      return isAdmissibleText(value);
    case 'number':
      return value - value === 0;
    case 'bigint':
    case 'boolean':
      return true;
    case 'object': {
      if (value === null) return true;
      if (Array.isArray(value)) {
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
