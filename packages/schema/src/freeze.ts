/**
 * Freezes a JSON document (a published document, a dialect's rendering, a tool's annotations) and
 * every array and object reachable from it through own enumerable properties, so that no reader can
 * alter what the others read. Returns its argument. Shared subtrees and cycles are frozen once; an
 * object already frozen is still walked, so a frozen shell cannot hide a mutable inside.
 */
export function freezeJson<TValue>(value: TValue): TValue {
  if (typeof value === 'object' && value !== null) freezeAll(value, new Set());
  return value;
}

function freezeAll(value: object, seen: Set<object>): void {
  if (seen.has(value)) return;
  seen.add(value);
  Object.freeze(value);
  const items: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (const item of items) {
    if (typeof item === 'object' && item !== null) freezeAll(item, seen);
  }
}
