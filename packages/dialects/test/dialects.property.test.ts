/**
 * Longer than 400 lines: the test's own spelling of each dialect (nulls for omitted optionals,
 * maps as entry lists) and the three properties that use it are read together; apart, a spelling
 * would stand far from the property it is checked by.
 *
 * Property-based guard of "a dialect narrows the description and never widens what is accepted",
 * judged with a reference 2020-12 validator the way the gate will judge: first against the
 * dialect's document, then `arguments()`, then against canonical. For random canonical documents
 * (see fixtures/generators.ts) and every dialect:
 *
 * 1. Round trip: every value canonical accepts, spelled in the dialect (openai_strict: every
 *    omitted optional filled with null), is accepted by the dialect document, and `arguments()`
 *    gives back exactly the canonical value (openai_strict: an omitted optional property where
 *    canonical admits null arrives as null, since the model cannot spell "absent" there and the
 *    inverse never removes a null canonical admits). The documents use the whole vocabulary
 *    (string lengths, patterns, formats, item counts, `uniqueItems`, exclusive bounds,
 *    `multipleOf`, both nullable spellings, a discriminated object union, a union of scalars).
 *    Maps (some with a key rule and entry bounds) are spelled as lists of `{ key, value }` entries
 *    where the dialect publishes them so (openai_strict, anthropic_strict, gemini), and the inverse
 *    must give back the map. What a dialect cannot state is left out of the values: open values
 *    outside the type a dialect narrows them to, recursion deeper than the unroll
 *    (ANTHROPIC_STRICT_UNROLL_DEPTH levels).
 *    Fails if a dialect drops something it should state, or the inverse changes a valid value.
 * 2. Soundness of the inverse: for hostile values (nulls at optional, required and undeclared
 *    names, array items, map entries and `$ref`'d positions), whenever canonical accepts
 *    `arguments(v)`, `v` differs from `arguments(v)` only by nulls removed at properties canonical
 *    declares optional and does not admit null at (a union followed to the member the value
 *    selects). Fails if the inverse removes a null anywhere else (an undeclared name, an array
 *    item, a map entry, a required property, a nullable property) or changes anything but nulls.
 * 3. Narrowing only: every value the dialect document accepts whose inverse canonical refuses is
 *    accepted by canonical with the keywords the dialect documents as dropped removed (and, for
 *    dialects that break cycles, the recursion below the break left open). Fails if a dialect
 *    admits something through a keyword it claims to keep.
 * Each property also checks idempotence and that neither the document nor the value is mutated.
 * A generated document past a vendor's budget (anthropic_strict counts the unrolled rendering) is
 * not published by that dialect; such a draw is skipped, and each property asserts it ran.
 */
import {
  discriminatorOf,
  isJsonObject,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
} from '@portcullis/schema/document';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_UNROLL_DEPTH,
  DIALECT_ERROR_CODES,
  DIALECT_NAMES,
  DIALECTS,
  DialectError,
  type DialectName,
} from '../src/index.ts';
import { deepFreeze } from './fixtures/freeze.ts';
import { documentOf, rootShapeArb, type Statable, valuesOf } from './fixtures/generators.ts';
import { admits, admitsNullAt } from './fixtures/judge.ts';

const STATABLE: Record<DialectName, Statable> = {
  canonical: { mapEntries: true, open: 'any', nodeDepth: 3 },
  openai_strict: { mapEntries: true, open: 'nonNullPrimitive', nodeDepth: 3 },
  gemini: { mapEntries: true, open: 'object', nodeDepth: 3 },
  gemini_json: { mapEntries: true, open: 'any', nodeDepth: 3 },
  nova: { mapEntries: true, open: 'any', nodeDepth: 3 },
  anthropic_strict: {
    mapEntries: true,
    open: 'primitive',
    nodeDepth: ANTHROPIC_STRICT_UNROLL_DEPTH,
  },
};

/** The depth an anthropic_strict rendering says it unrolled recursion to, if it unrolled any. */
function unrolledDepth(schema: SchemaObject): number | undefined {
  const stated = /accepted to (\d+) levels? of nesting/.exec(JSON.stringify(schema));
  return stated === null ? undefined : Number(stated[1]);
}

/** The dialect's input document, or `undefined` when the document is past the vendor's limits. */
function publishable(name: DialectName, canonical: SchemaObject): SchemaObject | undefined {
  try {
    return DIALECTS[name].publish(canonical, 'input').schema;
  } catch (error) {
    if (error instanceof DialectError && error.code === DIALECT_ERROR_CODES.LIMIT_EXCEEDED) {
      return undefined;
    }
    throw error;
  }
}

/** A keyword a dialect documents as dropped, judged where it stands. */
type Drops = (keyword: string, node: SchemaObject, atRoot: boolean) => boolean;

/** The keywords each dialect documents as dropped, and whether it breaks cycles. */
const DROPPED: Record<DialectName, { drops: Drops; breaksCycles: boolean }> = {
  canonical: { drops: () => false, breaksCycles: false },
  openai_strict: {
    drops: (keyword, node) =>
      ['default', 'minLength', 'maxLength', 'uniqueItems'].includes(keyword) ||
      (keyword === 'format' && node.format === 'uri'),
    breaksCycles: false,
  },
  gemini: {
    // Closure and titles everywhere; integer bounds; every format but date-time; a non-string enum.
    drops: (keyword, node) =>
      [
        'additionalProperties',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
        'uniqueItems',
        'title',
      ].includes(keyword) ||
      ((keyword === 'minimum' || keyword === 'maximum') &&
        ([] as unknown[]).concat(node.type).includes('integer')) ||
      (keyword === 'format' && node.format !== 'date-time') ||
      (keyword === 'enum' &&
        Array.isArray(node.enum) &&
        node.enum.some((value) => typeof value !== 'string')),
    breaksCycles: true,
  },
  gemini_json: {
    drops: (keyword, node) =>
      [
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
        'minLength',
        'maxLength',
        'pattern',
        'uniqueItems',
        'title',
        'propertyNames',
        'minProperties',
        'maxProperties',
      ].includes(keyword) ||
      (keyword === 'format' && !['date-time', 'date', 'time'].includes(String(node.format))),
    breaksCycles: false,
  },
  // Closure at the root only: nested closure and map value shapes are kept.
  nova: {
    drops: (keyword, _node, atRoot) => atRoot && keyword === 'additionalProperties',
    breaksCycles: true,
  },
  anthropic_strict: {
    drops: (keyword, node) =>
      [
        'minimum',
        'maximum',
        'exclusiveMinimum',
        'exclusiveMaximum',
        'multipleOf',
        'minLength',
        'maxLength',
        'pattern',
        'maxItems',
        'uniqueItems',
        // A map's key rule and its maximum (`pattern` and `maxItems` of its entry list).
        'propertyNames',
        'maxProperties',
      ].includes(keyword) ||
      (keyword === 'minItems' && node.minItems !== 0 && node.minItems !== 1),
    breaksCycles: true,
  },
};

const RUNS = 120;

/**
 * The schema judging `value` at `node`: through references, and through a union to the member the
 * value selects (by the discriminator of an object union, else the one member of the value's type).
 */
function follow(
  root: SchemaObject,
  node: SchemaNode | undefined,
  value?: unknown,
): SchemaNode | undefined {
  let current = node;
  for (let i = 0; i < 10 && isJsonObject(current); i++) {
    if (typeof current.$ref === 'string') {
      current = tryResolveRef(root, current.$ref as string);
      continue;
    }
    if (!Array.isArray(current.anyOf)) return current;
    const members = (current.anyOf as SchemaNode[]).filter(
      (m) => !(isJsonObject(m) && m.type === 'null'),
    );
    const discriminator = discriminatorOf({ anyOf: members });
    if (discriminator !== undefined) {
      const literal = isJsonObject(value) ? value[discriminator.property] : undefined;
      const index = typeof literal === 'string' ? discriminator.members.get(literal) : undefined;
      current = index === undefined ? undefined : members[index];
      continue;
    }
    const typed = members.filter((m) => {
      const target = follow(root, m);
      if (!isJsonObject(target)) return false;
      const types = ([] as unknown[]).concat(target.type ?? []);
      if (value === null) return types.includes('null');
      if (Array.isArray(value)) return types.includes('array');
      if (typeof value === 'number') {
        return types.includes('number') || (Number.isInteger(value) && types.includes('integer'));
      }
      return types.includes(typeof value);
    });
    current = members.length === 1 ? members[0] : typed.length === 1 ? typed[0] : undefined;
  }
  return current;
}

/** The dialects that spell a map below the root as a list of `{ key, value }` entries. */
const ENTRY_DIALECTS: ReadonlySet<DialectName> = new Set([
  'openai_strict',
  'anthropic_strict',
  'gemini',
]);

/** The value shape of a map schema, or `undefined` for any other schema. */
function mapValueOf(schema: SchemaObject): SchemaNode | undefined {
  const additional = schema.additionalProperties;
  if (schema.properties !== undefined) return undefined;
  return additional === true || isJsonObject(additional) ? (additional as SchemaNode) : undefined;
}

/** `map` applied to each value of a map, when `schema` is a map and `value` an object. */
function mapValues(
  schema: SchemaObject,
  value: unknown,
  map: (item: unknown, inner: SchemaNode) => unknown,
): Record<string, unknown> | undefined {
  const inner = mapValueOf(schema);
  if (inner === undefined || !isJsonObject(value)) return undefined;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, map(item, inner)]));
}

/** The test's own spelling of every map below the root as its list of entries. */
function toEntries(value: unknown, node: SchemaNode | undefined, root: SchemaObject): unknown {
  const schema = follow(root, node, value);
  if (!isJsonObject(schema)) return value;
  if (Array.isArray(value))
    return value.map((item) => toEntries(item, schema.items as SchemaNode, root));
  const inner = mapValueOf(schema);
  if (inner !== undefined && isJsonObject(value) && node !== root) {
    return Object.entries(value).map(([key, item]) => ({
      key,
      value: toEntries(item, inner, root),
    }));
  }
  const properties = schema.properties;
  if (!isJsonObject(value) || !isJsonObject(properties)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [
      name,
      Object.hasOwn(properties, name)
        ? toEntries(item, properties[name] as SchemaNode, root)
        : item,
    ]),
  );
}

/** A value canonical accepts, spelled as the dialect's document asks (nulls, entries). */
function spelled(name: DialectName, value: unknown, canonical: SchemaObject): unknown {
  const filled = name === 'openai_strict' ? fillNulls(value, canonical, canonical) : value;
  return ENTRY_DIALECTS.has(name) ? toEntries(filled, canonical, canonical) : filled;
}

/** The test's own null-filling spelling of openai_strict (independent of the implementation). */
function fillNulls(value: unknown, node: SchemaNode | undefined, root: SchemaObject): unknown {
  const schema = follow(root, node, value);
  if (!isJsonObject(schema)) return value;
  if (Array.isArray(value))
    return value.map((item) => fillNulls(item, schema.items as SchemaNode, root));
  const map = mapValues(schema, value, (item, inner) => fillNulls(item, inner, root));
  if (map !== undefined) return map;
  const properties = schema.properties;
  if (!isJsonObject(value) || !isJsonObject(properties)) return value;
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(properties)) {
    out[name] = Object.hasOwn(value, name)
      ? fillNulls(value[name], properties[name] as SchemaNode, root)
      : null;
  }
  for (const [name, item] of Object.entries(value)) if (!Object.hasOwn(out, name)) out[name] = item;
  return out;
}

/**
 * What openai_strict's inverse gives for a value canonical accepts, spelled with every omitted
 * property null: the value itself, but an absent optional property where canonical admits null
 * arrives as null (the model cannot spell "absent" there, and the inverse keeps a null canonical
 * admits).
 */
function nullsWhereAdmitted(
  value: unknown,
  node: SchemaNode | undefined,
  root: SchemaObject,
): unknown {
  const schema = follow(root, node, value);
  if (!isJsonObject(schema)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => nullsWhereAdmitted(item, schema.items as SchemaNode, root));
  }
  const map = mapValues(schema, value, (item, inner) => nullsWhereAdmitted(item, inner, root));
  if (map !== undefined) return map;
  const properties = schema.properties;
  if (!isJsonObject(value) || !isJsonObject(properties)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, declared] of Object.entries(properties)) {
    if (Object.hasOwn(value, name)) {
      out[name] = nullsWhereAdmitted(value[name], declared as SchemaNode, root);
    } else if (admitsNullAt(root, declared as SchemaNode)) {
      out[name] = null;
    }
  }
  for (const [name, item] of Object.entries(value)) if (!Object.hasOwn(out, name)) out[name] = item;
  return out;
}

/** True when `after` is `before` with nulls removed only at properties declared optional. */
function onlyOptionalNullsRemoved(
  before: unknown,
  after: unknown,
  node: SchemaNode | undefined,
  root: SchemaObject,
): boolean {
  const schema = follow(root, node, before);
  if (Array.isArray(before)) {
    if (!Array.isArray(after) || after.length !== before.length) return false;
    const items = isJsonObject(schema) ? (schema.items as SchemaNode) : undefined;
    return before.every((item, i) => onlyOptionalNullsRemoved(item, after[i], items, root));
  }
  if (isJsonObject(before)) {
    if (!isJsonObject(after)) return false;
    const properties =
      isJsonObject(schema) && isJsonObject(schema.properties) ? schema.properties : {};
    const required = isJsonObject(schema) && Array.isArray(schema.required) ? schema.required : [];
    const additional = isJsonObject(schema) ? schema.additionalProperties : undefined;
    for (const name of Object.keys(after)) if (!Object.hasOwn(before, name)) return false;
    for (const [name, item] of Object.entries(before)) {
      if (!Object.hasOwn(after, name)) {
        if (item !== null || !Object.hasOwn(properties, name) || required.includes(name))
          return false;
        // A null canonical admits at that property is never removed.
        if (admitsNullAt(root, properties[name] as SchemaNode)) return false;
        continue;
      }
      const child = Object.hasOwn(properties, name)
        ? (properties[name] as SchemaNode)
        : isJsonObject(additional)
          ? (additional as SchemaNode)
          : undefined;
      if (!onlyOptionalNullsRemoved(item, after[name], child, root)) return false;
    }
    return true;
  }
  return Object.is(before, after);
}

/** Canonical with the dropped keywords removed (and recursion inside definitions left open). */
function relaxed(canonical: SchemaObject, dialect: DialectName): SchemaObject {
  const { drops, breaksCycles } = DROPPED[dialect];
  const walk = (node: unknown, inDef: string | undefined, isSchema: boolean): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, inDef, isSchema));
    if (!isJsonObject(node)) return node;
    if (!isSchema) return node;
    if (breaksCycles && inDef !== undefined && node.$ref === `#/$defs/${inDef}`) return {};
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (drops(key, node, node === canonical)) continue;
      if (key === 'properties' || key === '$defs') {
        out[key] = Object.fromEntries(
          Object.entries(value as object).map(([name, child]) => [
            name,
            walk(child, key === '$defs' ? name : inDef, true),
          ]),
        );
      } else if (['items', 'additionalProperties', 'anyOf'].includes(key)) {
        out[key] = walk(value, inDef, true);
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  return walk(canonical, undefined, true) as SchemaObject;
}

describe.each(DIALECT_NAMES)('%s, on generated documents', (name) => {
  const dialect = DIALECTS[name];

  it('round-trips every value canonical accepts', () => {
    const arb = rootShapeArb.chain((shape) =>
      fc.tuple(
        fc.constant(documentOf(shape)),
        valuesOf(shape, { ...STATABLE[name], hostile: false }),
      ),
    );
    let published = 0;
    fc.assert(
      fc.property(arb, ([canonical, value]) => {
        deepFreeze(canonical);
        deepFreeze(value);
        expect(admits(canonical, value)).toBe(true);
        const doc = publishable(name, canonical);
        fc.pre(doc !== undefined);
        // A rendering unrolled shallower to fit the budget states fewer levels than the values
        // are generated to (its own depth is pinned in anthropic-strict.test.ts).
        fc.pre(unrolledDepth(doc) === undefined || unrolledDepth(doc) === STATABLE[name].nodeDepth);
        published += 1;
        expect(dialect.publish(doc, 'input').schema).toEqual(doc);
        const wire = spelled(name, value, canonical);
        expect(admits(doc, wire)).toBe(true);
        const expected =
          name === 'openai_strict' ? nullsWhereAdmitted(value, canonical, canonical) : value;
        expect(dialect.arguments(wire as never, canonical)).toEqual(expected);
        expect(admits(canonical, expected)).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(published).toBeGreaterThan(RUNS / 2);
  });

  it('removes nothing but nulls at optional properties when canonical admits the result', () => {
    const arb = rootShapeArb.chain((shape) =>
      fc.tuple(
        fc.constant(documentOf(shape)),
        valuesOf(shape, { ...STATABLE.canonical, hostile: true }),
      ),
    );
    let admitted = 0;
    fc.assert(
      fc.property(arb, ([canonical, hostile]) => {
        deepFreeze(canonical);
        deepFreeze(hostile);
        const after = dialect.arguments(hostile as never, canonical);
        if (admits(canonical, after)) {
          admitted += 1;
          expect(onlyOptionalNullsRemoved(hostile, after, canonical, canonical)).toBe(true);
        }
      }),
      { numRuns: RUNS * 2 },
    );
    expect(admitted).toBeGreaterThan(0);
  });

  it('admits past canonical only through keywords it documents as dropped', () => {
    const arb = rootShapeArb.chain((shape) =>
      fc.tuple(
        fc.constant(documentOf(shape)),
        valuesOf(shape, { ...STATABLE[name], hostile: true }),
        valuesOf(shape, { ...STATABLE[name], hostile: false }),
      ),
    );
    let dialectAdmitted = 0;
    fc.assert(
      fc.property(arb, ([canonical, hostile, valid]) => {
        deepFreeze(canonical);
        const doc = publishable(name, canonical);
        fc.pre(doc !== undefined);
        for (const wire of [hostile, spelled(name, valid, canonical)]) {
          if (!admits(doc, wire)) continue;
          dialectAdmitted += 1;
          const after = dialect.arguments(wire as never, canonical);
          if (!admits(canonical, after)) expect(admits(relaxed(canonical, name), after)).toBe(true);
        }
      }),
      { numRuns: RUNS },
    );
    expect(dialectAdmitted).toBeGreaterThan(0);
  });
});
