/**
 * The value a dialect's inverse writes for a map entry whose key the caller gave twice, when it
 * turns a list of `{ key, value }` entries back into the map. It is no JSON value, so no gate
 * admits it anywhere; the gate tells it, at the map's declared path, as a key given twice (never
 * which key). One frozen instance: {@link isDuplicateKey} knows it by identity.
 */
class DuplicateKey {}

export const DUPLICATE_KEY: object = Object.freeze(new DuplicateKey());

/** True for {@link DUPLICATE_KEY} alone. */
export function isDuplicateKey(value: unknown): boolean {
  return value === DUPLICATE_KEY;
}
