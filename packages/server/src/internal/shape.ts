/**
 * What the server's log may say about values from outside: their shape. A shape counts keys and
 * JSON types; it never holds a key, a string or a number that came in.
 */

/** The shape of a value: its JSON type, and for an object or array how many of each type it holds. */
export interface ValueShape {
  readonly type: string;
  readonly keys?: number;
  readonly types?: Readonly<Record<string, number>>;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'bigint') return 'integer';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The shape of `value` one level deep. */
export function shapeOf(value: unknown): ValueShape {
  const type = typeOf(value);
  if (type !== 'object' && type !== 'array') return { type };
  const items = type === 'array' ? (value as unknown[]) : Object.values(value as object);
  const types: Record<string, number> = {};
  for (const item of items) {
    const itemType = typeOf(item);
    types[itemType] = (types[itemType] ?? 0) + 1;
  }
  return { type, keys: items.length, types };
}

/** The name and code of an error, for a log line: no message, which may quote data. */
export function errorFacts(error: unknown): { readonly error: string; readonly code?: string } {
  const name =
    error instanceof Error ? error.name : error === null ? 'null' : `thrown ${typeof error}`;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? { error: name, code } : { error: name };
}
