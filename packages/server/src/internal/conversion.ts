/**
 * Whether a call's admitted arguments need `conform` before `run` sees them, decided once per tool
 * from its canonical input document. The decoder makes a `bigint` of an integer beyond 2^53, and the
 * gate admits one wherever the document allows that number; `conform` turns what was admitted into
 * the declaration's runtime types (every `Int64` a `bigint`, every other number a `number`) and is
 * otherwise the identity on what the gate admitted (strings, booleans, `null`, objects, arrays, open
 * values are carried as they are). So:
 *
 * - `always`: the document holds an `Int64` (a bound, or any value, that is a `bigint`): its
 *   numbers become `bigint`s;
 * - `bigint`: some number place is not kept within the safe integers by its bounds or its listed
 *   values (an unbounded `Number`, an enum of an integer beyond 2^53): only arguments that hold a
 *   `bigint` can need converting, and a walk that allocates nothing tells;
 * - `never`: every number admitted is already a `number`.
 *
 * The whole document is read, `$defs` included.
 */

/** See the module comment. */
export type Conversion = 'always' | 'bigint' | 'never';

function isSafeBound(bound: unknown): boolean {
  return typeof bound === 'number' && Math.abs(bound) <= Number.MAX_SAFE_INTEGER;
}

function isUnsafeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** True when a `bigint` could be admitted at this node itself (its bounds or listed values allow one). */
function admitsBigInt(node: Readonly<Record<string, unknown>>): boolean {
  const listed = Object.hasOwn(node, 'enum') || Object.hasOwn(node, 'const');
  if (listed) {
    const values = Array.isArray(node.enum) ? node.enum : [];
    return values.some(isUnsafeInteger) || isUnsafeInteger(node.const);
  }
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (!types.includes('number') && !types.includes('integer')) return false;
  const low = node.minimum ?? node.exclusiveMinimum;
  const high = node.maximum ?? node.exclusiveMaximum;
  return !isSafeBound(low) || !isSafeBound(high);
}

/** See the module comment. */
export function conversionOf(document: unknown): Conversion {
  let found: Conversion = 'never';
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'bigint') return 'always';
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
      continue;
    }
    const node = value as Readonly<Record<string, unknown>>;
    if (admitsBigInt(node)) found = 'bigint';
    for (const key of Object.keys(node)) pending.push(node[key]);
  }
  return found;
}

/**
 * True when `value` holds a `bigint` anywhere (own enumerable values of arrays and objects). Walks
 * with one stack of containers and reads keys with `for…in` (own keys alone), so that it allocates
 * no key list per object.
 */
export function holdsBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true;
  if (typeof value !== 'object' || value === null) return false;
  const pending: object[] = [value];
  while (pending.length > 0) {
    const item = pending.pop() as Record<string, unknown>;
    if (Array.isArray(item)) {
      for (let index = 0; index < item.length; index += 1) {
        const member: unknown = item[index];
        if (typeof member === 'bigint') return true;
        if (typeof member === 'object' && member !== null) pending.push(member);
      }
    } else {
      for (const key in item) {
        if (!Object.hasOwn(item, key)) continue;
        const member = item[key];
        if (typeof member === 'bigint') return true;
        if (typeof member === 'object' && member !== null) pending.push(member);
      }
    }
  }
  return false;
}
