/**
 * Freezes a published document and everything inside it, so no reader (a dialect, the gate) can
 * alter the criterion the others read. Documents are JSON: only string-keyed values are walked.
 * The catalog's one deep freeze; the schema change brings `freezeJson` from
 * `@portcullis/schema/document`, which replaces it here.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
