/**
 * Property-based guard of the dialects on recursive documents, judged with Ajv (2020-12): for
 * generated documents with self and mutual recursion, `$defs` chains, a recursive root, nullable
 * definitions, nullable places of both spellings and nullable maps (see
 * fixtures/recursive-generators.ts):
 *
 * 1. Every value canonical admits within what a dialect states (each definition entered at most
 *    ANTHROPIC_STRICT_UNROLL_DEPTH times for anthropic_strict, once before the break for gemini and
 *    nova; open values primitive where a dialect narrows them) is admitted by the rendering,
 *    spelled in the dialect (openai_strict: every omitted optional filled with null, at every
 *    depth, under nullable places and in map values too; openai_strict, anthropic_strict and
 *    gemini: every map below the root as its list of `{ key, value }` entries), and the inverse
 *    gives back the canonical value
 *    (openai_strict: with the nulls at optional properties removed where canonical does not admit
 *    null, and an absent optional property that admits null arriving as null). Fails if a break, a closed
 *    last level or a narrowed map loses the `null` canonical admits there, or if the inverse
 *    leaves a null it filled.
 * 2. What the openai_strict, gemini_json, anthropic_strict and canonical renderings admit,
 *    canonical admits after the inverse (the documents use only keywords those dialects keep, so
 *    nothing is excused but what anthropic_strict documents: an empty object at its closed last
 *    level passes on to canonical, which judges it). Fails if a rendering widens.
 */
import { isJsonObject, type SchemaNode, type SchemaObject } from '@portcullis/schema/document';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_UNROLL_DEPTH,
  DIALECT_ERROR_CODES,
  DIALECTS,
  DialectError,
  type DialectName,
} from '../src/index.ts';
import { deepFreeze } from './fixtures/freeze.ts';
import { admits, admitsNullAt } from './fixtures/judge.ts';
import {
  drawValue,
  mutated,
  type Reach,
  recursiveDocumentArb,
  recursiveDocumentOf,
  seeded,
} from './fixtures/recursive-generators.ts';

const RUNS = 150;
const VALUES_PER_DOCUMENT = 4;
const PRIMITIVES = ['s', 1, true];

const REACH: Record<DialectName, Reach> = {
  canonical: { depth: 4, mapEntries: true, open: [...PRIMITIVES, null, [1], { k: 'v' }] },
  openai_strict: { depth: 4, mapEntries: true, open: PRIMITIVES },
  gemini: { depth: 1, mapEntries: true, open: [{ k: 'v' }] },
  gemini_json: { depth: 4, mapEntries: true, open: [...PRIMITIVES, null, [1], { k: 'v' }] },
  nova: { depth: 1, mapEntries: true, open: [...PRIMITIVES, null, [1], { k: 'v' }] },
  anthropic_strict: {
    depth: ANTHROPIC_STRICT_UNROLL_DEPTH,
    mapEntries: true,
    open: [...PRIMITIVES, null],
  },
};

/** The dialect's input document, or `undefined` when it is past a vendor's or the inliner's limit. */
function publishable(name: DialectName, canonical: SchemaObject): SchemaObject | undefined {
  try {
    return DIALECTS[name].publish(canonical, 'input').schema;
  } catch (error) {
    if (
      error instanceof DialectError &&
      (error.code === DIALECT_ERROR_CODES.LIMIT_EXCEEDED ||
        error.code === DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED)
    ) {
      return undefined;
    }
    throw error;
  }
}

/** The schema a non-null value at `node` is judged by: through references and nullable unions. */
function judgedBy(root: SchemaObject, node: SchemaNode | undefined): SchemaNode | undefined {
  let current = node;
  for (let i = 0; i < 20 && isJsonObject(current); i++) {
    if (typeof current.$ref === 'string') {
      let target: unknown = root;
      for (const segment of current.$ref.slice(2).split('/')) {
        target = (target as Record<string, unknown>)[segment];
      }
      current = target as SchemaNode;
      continue;
    }
    const branches = Array.isArray(current.anyOf) ? (current.anyOf as SchemaNode[]) : undefined;
    const others = branches?.filter((b) => !(isJsonObject(b) && b.type === 'null'));
    if (others?.length !== 1) return current;
    current = others[0];
  }
  return current;
}

/** The value shape of a map schema, or `undefined` for any other schema. */
function mapValueOf(schema: SchemaObject): SchemaNode | undefined {
  const additional = schema.additionalProperties;
  if (schema.properties !== undefined) return undefined;
  return additional === true || isJsonObject(additional) ? (additional as SchemaNode) : undefined;
}

/** The dialects that spell a map below the root as a list of `{ key, value }` entries. */
const ENTRY_DIALECTS: ReadonlySet<DialectName> = new Set([
  'openai_strict',
  'anthropic_strict',
  'gemini',
]);

/** The test's own spelling of every map below the root as its list of entries. */
function toEntries(value: unknown, node: SchemaNode | undefined, root: SchemaObject): unknown {
  if (value === null) return value;
  const schema = judgedBy(root, node);
  if (!isJsonObject(schema)) return value;
  if (Array.isArray(value))
    return value.map((item) => toEntries(item, schema.items as SchemaNode, root));
  const inner = mapValueOf(schema);
  if (inner !== undefined && isJsonObject(value) && schema !== root) {
    return Object.entries(value).map(([key, item]) => ({
      key,
      value: toEntries(item, inner, root),
    }));
  }
  const properties = schema.properties;
  if (!isJsonObject(value) || !isJsonObject(properties)) return value;
  const out: Record<string, unknown> = {};
  for (const [name, item] of Object.entries(value)) {
    const next = Object.hasOwn(properties, name)
      ? toEntries(item, properties[name] as SchemaNode, root)
      : item;
    Object.defineProperty(out, name, { value: next, enumerable: true });
  }
  return out;
}

/** Rebuilds `value` along `node`, letting `entry` decide each declared property's fate. */
function along(
  value: unknown,
  node: SchemaNode | undefined,
  root: SchemaObject,
  entry: (
    name: string,
    item: unknown,
    present: boolean,
    optional: boolean,
    declared: SchemaNode,
  ) => unknown,
): unknown {
  if (value === null) return value;
  const schema = judgedBy(root, node);
  if (!isJsonObject(schema)) return value;
  if (Array.isArray(value)) {
    return value.map((item) => along(item, schema.items as SchemaNode, root, entry));
  }
  const inner = mapValueOf(schema);
  if (inner !== undefined && isJsonObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, along(item, inner, root, entry)]),
    );
  }
  const properties = schema.properties;
  if (!isJsonObject(value) || !isJsonObject(properties)) return value;
  const required = Array.isArray(schema.required) ? schema.required : [];
  const out: Record<string, unknown> = {};
  const names = [...Object.keys(properties), ...Object.keys(value)];
  for (const name of new Set(names)) {
    const present = Object.hasOwn(value, name);
    if (!Object.hasOwn(properties, name)) {
      out[name] = value[name];
      continue;
    }
    const item = present
      ? along(value[name], properties[name] as SchemaNode, root, entry)
      : undefined;
    const declared = properties[name] as SchemaNode;
    const next = entry(name, item, present, !required.includes(name), declared);
    if (next !== undefined) Object.defineProperty(out, name, { value: next, enumerable: true });
  }
  return out;
}

/** The test's own openai_strict spelling: every omitted property filled with null. */
const fillNulls = (value: unknown, root: SchemaObject) =>
  along(value, root, root, (_name, item, present) => (present ? item : null));

/**
 * What the openai_strict inverse must give: every null at an optional property that canonical
 * does not admit null at removed; one it admits null at arrives as null (the model cannot spell
 * "absent" there).
 */
const withoutOptionalNulls = (value: unknown, root: SchemaObject) =>
  along(value, root, root, (_name, item, present, optional, declared) => {
    if (optional && (!present || item === null)) {
      return admitsNullAt(root, declared) ? null : undefined;
    }
    return present ? item : undefined;
  });

/**
 * Canonical with every reference expanded and each definition's level past `depth` on a path left
 * open: the test's own statement of what anthropic_strict documents, that its closed last level
 * passes an empty object on to the canonical pass.
 */
function openPast(canonical: SchemaObject, depth: number): SchemaNode {
  const expand = (node: SchemaNode, entered: ReadonlyMap<string, number>): SchemaNode => {
    if (!isJsonObject(node)) return node;
    if (typeof node.$ref === 'string') {
      const count = (entered.get(node.$ref) ?? 0) + 1;
      if (count > depth) return {};
      const target = judgedBy(canonical, { $ref: node.$ref }) as SchemaNode;
      return expand(target, new Map(entered).set(node.$ref, count));
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$defs') continue;
      if (key === 'properties' && isJsonObject(value)) {
        const properties: Record<string, unknown> = {};
        for (const [name, child] of Object.entries(value)) {
          Object.defineProperty(properties, name, {
            value: expand(child as SchemaNode, entered),
            enumerable: true,
          });
        }
        out[key] = properties;
      } else if (key === 'items' || key === 'additionalProperties') {
        out[key] = expand(value as SchemaNode, entered);
      } else if (key === 'anyOf' && Array.isArray(value)) {
        out[key] = value.map((branch) => expand(branch as SchemaNode, entered));
      } else {
        out[key] = value;
      }
    }
    return out;
  };
  return expand(canonical, new Map());
}

const sample = fc.tuple(recursiveDocumentArb, fc.integer());

/**
 * How deep a rendering states recursion: anthropic_strict unrolls 3 levels, or fewer when the
 * vendor's budgets force it, and says so in the closed level's description.
 */
function statedDepth(name: DialectName, doc: SchemaObject): number {
  if (name !== 'anthropic_strict') return REACH[name].depth;
  const stated = /accepted to (\d+) levels? of nesting/.exec(JSON.stringify(doc));
  return stated === null ? ANTHROPIC_STRICT_UNROLL_DEPTH : Number(stated[1]);
}

describe.each(Object.keys(REACH) as DialectName[])('%s, on recursive documents', (name) => {
  const dialect = DIALECTS[name];

  it('admits every value canonical admits within what it states, and the inverse restores it', () => {
    let checked = 0;
    fc.assert(
      fc.property(sample, ([description, seed]) => {
        const canonical = deepFreeze(recursiveDocumentOf(description));
        const doc = publishable(name, canonical);
        if (doc === undefined) return;
        const random = seeded(seed);
        const reach = { ...REACH[name], depth: statedDepth(name, doc) };
        for (let i = 0; i < VALUES_PER_DOCUMENT; i++) {
          const value = drawValue(canonical, reach, random);
          if (value === undefined) continue;
          deepFreeze(value);
          expect(admits(canonical, value)).toBe(true);
          const filled = name === 'openai_strict' ? fillNulls(value, canonical) : value;
          const wire = ENTRY_DIALECTS.has(name) ? toEntries(filled, canonical, canonical) : filled;
          expect(admits(doc, wire)).toBe(true);
          const back = dialect.arguments(wire as never, canonical);
          const expected =
            name === 'openai_strict' ? withoutOptionalNulls(value, canonical) : value;
          expect(back).toEqual(expected);
          expect(admits(canonical, back)).toBe(true);
          checked += 1;
        }
      }),
      { numRuns: RUNS },
    );
    expect(checked).toBeGreaterThan(RUNS);
  });
});

describe.each(['canonical', 'openai_strict', 'gemini_json', 'anthropic_strict'] as const)(
  '%s, on recursive documents',
  (name) => {
    const dialect = DIALECTS[name];

    it('admits nothing that canonical refuses after the inverse', () => {
      let admitted = 0;
      fc.assert(
        fc.property(sample, ([description, seed]) => {
          const canonical = deepFreeze(recursiveDocumentOf(description));
          const doc = publishable(name, canonical);
          if (doc === undefined) return;
          const random = seeded(seed);
          for (let i = 0; i < VALUES_PER_DOCUMENT * 2; i++) {
            const value = drawValue(canonical, REACH.canonical, random);
            if (value === undefined) continue;
            const spelled =
              name === 'openai_strict' && i % 2 === 0 ? fillNulls(value, canonical) : value;
            const wire = mutated(spelled, random);
            if (!admits(doc, wire)) continue;
            admitted += 1;
            const back = dialect.arguments(wire as never, canonical);
            if (name === 'anthropic_strict' && !admits(canonical, back)) {
              expect(admits(openPast(canonical, statedDepth(name, doc)), back)).toBe(true);
            } else {
              expect(admits(canonical, back)).toBe(true);
            }
          }
        }),
        { numRuns: RUNS },
      );
      expect(admitted).toBeGreaterThan(RUNS);
    });
  },
);
