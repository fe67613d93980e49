/**
 * The smallest valid value of a place in a published document, with every free string filled by a
 * canary: the body a hostile case is spliced into. A hostile case that were wrongly admitted would
 * then bring its canaries back in an echo, so even a case whose own hostile value cannot hold a
 * canary (a missing property, `1.5`, `null`) is caught when it gets through.
 */
import {
  isJsonObject,
  resolveRef,
  type SchemaNode,
  type SchemaObject,
} from '@portcullis/schema/document';
import fc from 'fast-check';

/** A value as the boundary holds it: JSON with bigints. */
export type Value =
  | null
  | boolean
  | number
  | bigint
  | string
  | readonly Value[]
  | { readonly [key: string]: Value };

/** A valid example of each format the gate asserts. */
export const FORMAT_EXAMPLES: Readonly<Record<string, string>> = Object.freeze({
  'date-time': '2024-05-01T12:30:00Z',
  date: '2024-05-01',
  time: '12:30:00Z',
  duration: 'P1DT2H',
  uuid: '123e4567-e89b-42d3-a456-426614174000',
  email: 'someone@example.com',
  uri: 'https://example.com/path',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
});

/** The node a `$ref` (or a node without one) stands for. */
export function resolved(node: SchemaNode, root: SchemaObject): SchemaObject {
  let current = node;
  for (let hops = 0; hops < 64; hops += 1) {
    if (typeof current === 'boolean') return current ? {} : { not: {} };
    const ref = current['$ref'];
    if (typeof ref !== 'string') return current;
    current = resolveRef(root, ref);
  }
  throw new Error('A chain of references does not end.');
}

/** The declared JSON types of a node (`type` as a list), `undefined` when it declares none. */
export function typesOf(node: SchemaObject): string[] | undefined {
  const type = node['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((t): t is string => typeof t === 'string');
  return undefined;
}

/** True when `null` is admitted by the node's own type keywords (`[T, "null"]`, `nullable: true`). */
export function admitsNull(node: SchemaObject): boolean {
  return (typesOf(node) ?? []).includes('null') || node['nullable'] === true;
}

function bound(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.ceil(value));
  return undefined;
}

/** The larger of two optional bounds (the smaller with `min`). */
function tighter(a: bigint | undefined, b: bigint | undefined, min = false): bigint | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return (min ? a < b : a > b) ? a : b;
}

function integer(node: SchemaObject): Value {
  // Both bounds of a side may be published (an integer width beside an exclusive bound).
  const exclusiveLow = bound(node['exclusiveMinimum']);
  const exclusiveHigh = node['exclusiveMaximum'];
  const low = tighter(
    bound(node['minimum']),
    exclusiveLow === undefined ? undefined : exclusiveLow + 1n,
  );
  const high = tighter(
    bound(node['maximum']),
    typeof exclusiveHigh === 'bigint'
      ? exclusiveHigh - 1n
      : typeof exclusiveHigh === 'number' && Number.isFinite(exclusiveHigh)
        ? BigInt(Math.floor(exclusiveHigh)) - (Number.isInteger(exclusiveHigh) ? 1n : 0n)
        : undefined,
    true,
  );
  let value = low !== undefined && low > 0n ? low : 0n;
  if (high !== undefined && value > high) value = high;
  const step = bound(node['multipleOf']);
  if (step !== undefined && step > 0n && value % step !== 0n) value += step - (value % step);
  return Number.isSafeInteger(Number(value)) && BigInt(Number(value)) === value
    ? Number(value)
    : value;
}

function number(node: SchemaObject): number {
  const of = (keyword: string) =>
    typeof node[keyword] === 'number' && Number.isFinite(node[keyword])
      ? (node[keyword] as number)
      : undefined;
  const [minimum, exclusiveMin, maximum, exclusiveMax] = [
    of('minimum'),
    of('exclusiveMinimum'),
    of('maximum'),
    of('exclusiveMaximum'),
  ];
  const fits = (v: number) =>
    (minimum === undefined || v >= minimum) &&
    (exclusiveMin === undefined || v > exclusiveMin) &&
    (maximum === undefined || v <= maximum) &&
    (exclusiveMax === undefined || v < exclusiveMax);
  const low = Math.max(minimum ?? -Infinity, exclusiveMin ?? -Infinity);
  const high = Math.min(maximum ?? Infinity, exclusiveMax ?? Infinity);
  const candidates = [
    0,
    ...(minimum === undefined ? [] : [minimum]),
    ...(exclusiveMin === undefined ? [] : [exclusiveMin + 1]),
    ...(maximum === undefined ? [] : [maximum]),
    ...(exclusiveMax === undefined ? [] : [exclusiveMax - 1]),
    // Exclusive bounds closer than 1 apart: their middle.
    ...(Number.isFinite(low) && Number.isFinite(high) ? [low + (high - low) / 2] : []),
  ];
  return candidates.find(fits) ?? 0;
}

/** A string for a place: the format's example, a pattern's match, or the canary within the lengths. */
export function stringFor(node: SchemaObject, canary: string): string {
  const format = node['format'];
  if (typeof format === 'string' && FORMAT_EXAMPLES[format] !== undefined)
    return FORMAT_EXAMPLES[format];
  const min = typeof node['minLength'] === 'number' ? node['minLength'] : 0;
  const max = typeof node['maxLength'] === 'number' ? node['maxLength'] : Number.POSITIVE_INFINITY;
  const pattern = node['pattern'];
  if (typeof pattern === 'string') {
    const re = new RegExp(pattern, 'u');
    if (re.test(canary) && [...canary].length >= min && [...canary].length <= max) return canary;
    const [found] = fc.sample(
      fc
        .stringMatching(re)
        .filter((s) => [...s].length >= min && [...s].length <= max && re.test(s)),
      { numRuns: 1, seed: 7 },
    );
    return found ?? '';
  }
  let text = canary;
  while ([...text].length < min) text += 'x';
  if ([...text].length > max) text = 'x'.repeat(min);
  return text;
}

/**
 * The smallest valid value of `node`: required properties only, `minItems` items, the first enum
 * value, the first member of a union, a recursive type at its smallest. Plain strings are `canary`.
 */
export function baseline(node: SchemaNode, root: SchemaObject, canary: string): Value {
  const n = resolved(node, root);
  if ('const' in n) return n['const'] as Value;
  if (Array.isArray(n['enum'])) return n['enum'][0] as Value;
  if (Array.isArray(n['anyOf'])) {
    const members = n['anyOf'] as SchemaNode[];
    const first = members.find((m) => !(isJsonObject(m) && m['type'] === 'null')) ?? members[0];
    return baseline(first as SchemaNode, root, canary);
  }
  const types = (typesOf(n) ?? []).filter((t) => t !== 'null');
  switch (types[0]) {
    case undefined:
      return typesOf(n)?.includes('null') ? null : canary;
    case 'string':
      return stringFor(n, canary);
    case 'integer':
      return integer(n);
    case 'number':
      return number(n);
    case 'boolean':
      return false;
    case 'array': {
      const count = typeof n['minItems'] === 'number' ? n['minItems'] : 0;
      const items = (n['items'] ?? {}) as SchemaNode;
      return Array.from({ length: count }, (_, index) =>
        baseline(items, root, `${canary}${index === 0 ? '' : `-${index}`}`),
      );
    }
    case 'object': {
      const properties = isJsonObject(n['properties']) ? n['properties'] : {};
      const required = Array.isArray(n['required']) ? (n['required'] as string[]) : [];
      const out: Record<string, Value> = {};
      for (const name of required) {
        const child = (properties[name] ?? {}) as SchemaNode;
        Object.defineProperty(out, name, {
          value: baseline(child, root, canary),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return out;
    }
    default:
      return null;
  }
}
