/**
 * JSON Schema equality (2020-12 section 4.2.2): numbers by mathematical value, exactly across
 * `number` and `bigint`; arrays item by item; objects by the same names with equal values, in any
 * order.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  const typeA = typeof a;
  const typeB = typeof b;
  if (typeA === 'bigint' && typeB === 'number') return numberEqualsBigint(b as number, a as bigint);
  if (typeA === 'number' && typeB === 'bigint') return numberEqualsBigint(a as number, b as bigint);
  if (typeA !== 'object' || typeB !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const objectA = a as Record<string, unknown>;
  const objectB = b as Record<string, unknown>;
  const keys = Object.keys(objectA);
  if (keys.length !== Object.keys(objectB).length) return false;
  for (const key of keys) {
    if (!Object.hasOwn(objectB, key) || !jsonEqual(objectA[key], objectB[key])) return false;
  }
  return true;
}

function numberEqualsBigint(n: number, b: bigint): boolean {
  return Number.isInteger(n) && BigInt(n) === b;
}
