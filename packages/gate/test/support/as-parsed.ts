/*
 * A deep copy of a generated value in the shape the decoder hands the gate: every object an
 * ordinary one (its prototype `Object.prototype`), every member an own data property, `__proto__`
 * included. fast-check's `dictionary` sometimes builds objects without a prototype, and Ajv's deep
 * equality (`uniqueItems`, `const`, `enum`) compares constructors, so `{}` and a prototype-less `{}`
 * are unequal to it though they are the same JSON. The gate compares JSON, so the reference must
 * be given JSON-shaped values for the two answers to mean the same thing.
 */

export function asParsed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asParsed);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const name of Object.keys(value)) {
    Object.defineProperty(copy, name, {
      value: asParsed((value as Record<string, unknown>)[name]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return copy;
}
