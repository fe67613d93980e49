/**
 * A frozen deep copy of a document value. Refusal issues hand declared facts (types, enum members, a
 * const) to the caller of `judge`; a copy keeps a consumer that edits a refusal from editing the
 * published document or the plan the compiled gate judges by.
 */
export function frozenCopy<TValue>(value: TValue): TValue {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map((item) => frozenCopy(item))) as TValue;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(copy, key, {
      value: frozenCopy((value as Record<string, unknown>)[key]),
      enumerable: true,
    });
  }
  return Object.freeze(copy) as TValue;
}

/**
 * The deepest an `enum` or `const` value may nest: the decoder's own nesting limit, so no value a
 * request carries is deeper, and the gate's comparisons and renderings of such a value stay well
 * within the engine's stack.
 */
export const DEEPEST_DECLARED_VALUE = 1000;

/** True when `value` nests arrays and objects more than `limit` levels deep (read without recursion). */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<readonly [unknown, number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, depth] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= limit) return true;
    for (const item of Array.isArray(current) ? current : Object.values(current))
      pending.push([item, depth + 1]);
  }
  return false;
}
