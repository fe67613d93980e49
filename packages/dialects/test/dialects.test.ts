/**
 * Guards the dialect set itself, driven from the table: every name resolves, no dialect renders
 * the whole fixture catalog exactly as canonical does (that would be a stub), every rendering
 * obeys its dialect's rules (an exhaustive switch: a new dialect does not compile until its rules
 * are written here), renderings are valid 2020-12 documents, pure (frozen input, no aliasing),
 * deterministic (key order included) and idempotent, sharing no object with the input, with
 * themselves or with a later rendering, property names kept in order, and every narrowed path a
 * declared field of the rendering, in document order.
 */
import {
  isJsonObject,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
  walkSchema,
} from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_STRICT_FORMATS } from '../src/anthropic-strict.ts';
import { GEMINI_FIELDS } from '../src/gemini.ts';
import {
  DEFAULT_DIALECT,
  DIALECT_ERROR_CODES,
  DIALECT_NAMES,
  DIALECTS,
  type DialectName,
  isDialectName,
  type SchemaSide,
} from '../src/index.ts';
import { OPENAI_STRICT_FORMATS } from '../src/openai-strict.ts';
import { INPUT_FIXTURES, OUTPUT_FIXTURES } from './fixtures/catalog.ts';
import { deepFreeze } from './fixtures/freeze.ts';
import { isValidSchema } from './fixtures/judge.ts';

const FIXTURES = Object.entries(INPUT_FIXTURES);

function nodes(schema: SchemaNode): SchemaObject[] {
  const out: SchemaObject[] = [];
  walkSchema(schema, (node) => {
    if (typeof node !== 'boolean') out.push(node);
    return undefined;
  });
  return out;
}

/** Every object and array inside `value`, once per occurrence (an alias shows up twice). */
function containers(value: unknown, out: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return out;
  out.push(value);
  for (const item of Object.values(value)) containers(item, out);
  return out;
}

/** The property names a document declares at its root (through a root `$ref`). */
function rootNames(doc: SchemaObject): string[] {
  const root = typeof doc.$ref === 'string' ? tryResolveRef(doc, doc.$ref) : doc;
  return isJsonObject(root) && isJsonObject(root.properties) ? Object.keys(root.properties) : [];
}

/** JSON text with key order, `bigint` spelled apart from numbers. */
const stringify = (value: unknown) =>
  JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** The JSON pointer of every subschema of `schema`, in document order. */
function pointersInOrder(schema: SchemaNode): string[] {
  const out: string[] = [];
  walkSchema(schema, (_node, segments) => {
    out.push(segments.map((s) => `/${s.replaceAll('~', '~0').replaceAll('/', '~1')}`).join(''));
    return undefined;
  });
  return out;
}

const isObjectNode = (node: SchemaObject) =>
  node.type === 'object' ||
  (Array.isArray(node.type) && node.type.includes('object')) ||
  isJsonObject(node.properties);

/** The rules every input rendering of `name` must satisfy. */
function checkRules(name: DialectName, canonical: SchemaObject, doc: SchemaObject): void {
  const all = nodes(doc);
  switch (name) {
    case 'canonical':
      expect(doc).toEqual(canonical);
      return;
    case 'openai_strict':
      expect(doc).not.toHaveProperty('$schema');
      expect(doc.type).toBe('object');
      expect(doc).not.toHaveProperty('$ref');
      for (const node of all) {
        for (const key of ['default', 'minLength', 'maxLength', 'uniqueItems']) {
          expect(node).not.toHaveProperty(key);
        }
        if (typeof node.$ref === 'string') expect(Object.keys(node)).toEqual(['$ref']);
        if (typeof node.format === 'string') {
          expect(OPENAI_STRICT_FORMATS.has(node.format)).toBe(true);
        }
        if (isObjectNode(node)) {
          expect(node.additionalProperties).toBe(false);
          expect(node.required).toEqual(Object.keys(node.properties as object));
        }
        expect(Object.keys(node).length).toBeGreaterThan(0);
      }
      return;
    case 'gemini':
      expect(doc.type).toBe('object');
      for (const node of all) {
        for (const key of Object.keys(node)) expect(GEMINI_FIELDS.has(key)).toBe(true);
        expect(typeof (node.type ?? 'object')).toBe('string');
        if (node.type === 'integer') {
          expect(node).not.toHaveProperty('minimum');
          expect(node).not.toHaveProperty('maximum');
        }
        if (node.format !== undefined) expect(node.format).toBe('date-time');
        for (const key of ['exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'uniqueItems']) {
          expect(node).not.toHaveProperty(key);
        }
        // `nullable` only beside a type (OpenAPI's rule, and the gate's reading).
        if (node.nullable !== undefined) expect(typeof node.type).toBe('string');
        expect(node.anyOf ?? []).not.toContainEqual({ type: 'null' });
        if (Array.isArray(node.enum)) {
          expect(node.type).toBe('string');
          for (const value of node.enum) expect(typeof value).toBe('string');
        }
        if (isJsonObject(node.properties)) {
          expect(Object.keys(node.properties).length).toBeGreaterThan(0);
        }
        expect(Object.keys(node).length).toBeGreaterThan(0);
      }
      return;
    case 'gemini_json':
      expect(doc.type).toBe('object');
      for (const node of all) {
        for (const key of [
          '$schema',
          'title',
          'exclusiveMinimum',
          'exclusiveMaximum',
          'multipleOf',
          'minLength',
          'maxLength',
          'pattern',
          'uniqueItems',
          'const',
        ]) {
          expect(node).not.toHaveProperty(key);
        }
        if (typeof node.format === 'string') {
          expect(['date-time', 'date', 'time']).toContain(node.format);
        }
      }
      return;
    case 'nova':
      expect(Object.keys(doc)).toEqual(['type', 'properties', 'required']);
      expect(doc.type).toBe('object');
      for (const node of all) {
        expect(node).not.toHaveProperty('$ref');
        expect(node).not.toHaveProperty('$defs');
      }
      return;
    case 'anthropic_strict':
      expect(doc).not.toHaveProperty('$schema');
      expect(doc.type).toBe('object');
      for (const node of all) {
        expect(node).not.toHaveProperty('$ref');
        for (const key of [
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
        ]) {
          expect(node).not.toHaveProperty(key);
        }
        if (node.minItems !== undefined) expect([0, 1]).toContain(node.minItems);
        if (isObjectNode(node)) expect(node.additionalProperties).toBe(false);
        if (typeof node.format === 'string') {
          expect(ANTHROPIC_STRICT_FORMATS.has(node.format)).toBe(true);
        }
        expect(Array.isArray(node.type)).toBe(false);
      }
      return;
    default: {
      const unreachable: never = name;
      throw new Error(`no rules written for ${String(unreachable)}`);
    }
  }
}

describe('the dialect table', () => {
  it('is keyed by wire name, in the documented order', () => {
    expect(Object.keys(DIALECTS)).toEqual([...DIALECT_NAMES]);
    for (const name of DIALECT_NAMES) expect(DIALECTS[name].name).toBe(name);
    expect(DIALECT_NAMES).toEqual([
      'canonical',
      'openai_strict',
      'gemini',
      'gemini_json',
      'nova',
      'anthropic_strict',
    ]);
    expect(DEFAULT_DIALECT).toBe('canonical');
  });

  it('gives each dialect a name, an audience, publish and arguments, and nothing else', () => {
    for (const name of DIALECT_NAMES) {
      const dialect = DIALECTS[name];
      expect(Object.keys(dialect)).toEqual(['name', 'audience', 'publish', 'arguments']);
      expect(typeof dialect.audience).toBe('string');
      expect(dialect.audience.length).toBeGreaterThan(0);
      expect(Object.isFrozen(dialect)).toBe(true);
    }
    expect(Object.isFrozen(DIALECTS)).toBe(true);
    expect(Object.isFrozen(DIALECT_NAMES)).toBe(true);
    expect(Object.isFrozen(DIALECT_ERROR_CODES)).toBe(true);
    expect(DIALECT_ERROR_CODES).toEqual({
      LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
      INLINE_BUDGET_EXCEEDED: 'INLINE_BUDGET_EXCEEDED',
      ROOT_NOT_OBJECT: 'ROOT_NOT_OBJECT',
    });
  });

  it('recognises exactly its names', () => {
    for (const name of DIALECT_NAMES) expect(isDialectName(name)).toBe(true);
    for (const other of ['OPENAI_STRICT', 'openai', '', 'toString', '__proto__', 1, null]) {
      expect(isDialectName(other)).toBe(false);
    }
  });

  it('has no dialect that renders every fixture exactly as canonical does', () => {
    for (const name of DIALECT_NAMES) {
      if (name === 'canonical') continue;
      const differing = FIXTURES.filter(
        ([, doc]) => stringify(DIALECTS[name].publish(doc, 'input').schema) !== stringify(doc),
      );
      expect(differing.length, name).toBeGreaterThan(0);
    }
  });

  it('has only openai_strict with a non-identity arguments inverse', () => {
    // Nulls at optional properties: what openai_strict undoes, and nothing else touches.
    const wire = { outer: { inner: { leaf: 'x', note: null }, hint: null }, side: null };
    const schema = INPUT_FIXTURES.nested!;
    for (const name of DIALECT_NAMES) {
      const out = DIALECTS[name].arguments(wire, schema);
      if (name === 'openai_strict') expect(out).toEqual({ outer: { inner: { leaf: 'x' } } });
      else expect(out).toBe(wire);
    }
  });
});

describe('a root that is not an object schema, such as a root combinator', () => {
  it.each(DIALECT_NAMES.filter((name) => name !== 'canonical'))(
    'is refused by %s as our defect, in words of ours',
    (name) => {
      for (const root of [
        { anyOf: [{ type: 'object', properties: { secret: { type: 'string' } } }] },
        { oneOf: [{ type: 'object' }] },
        { type: 'array', items: { type: 'string' } },
      ]) {
        expect(() => DIALECTS[name].publish(root, 'input').schema).toThrow(
          expect.objectContaining({
            name: 'DialectError',
            code: DIALECT_ERROR_CODES.ROOT_NOT_OBJECT,
            details: { dialect: name, path: '' },
            message:
              'The input document has no object schema (`type: "object"`) at its root, which every vendor requires. Declare the input as an object and put any other value in one of its properties.',
          }),
        );
      }
    },
  );
});

describe.each(DIALECT_NAMES)('%s', (name) => {
  const dialect = DIALECTS[name];

  it.each(FIXTURES)('obeys its rules on %s', (_fixture, canonical) => {
    checkRules(name, canonical, dialect.publish(canonical, 'input').schema);
  });

  it.each(FIXTURES)('renders %s as a valid 2020-12 document', (_fixture, canonical) => {
    for (const side of ['input', 'output'] as SchemaSide[]) {
      expect(isValidSchema(dialect.publish(canonical, side).schema)).toBe(true);
    }
  });

  it.each(FIXTURES)('is pure, deterministic and idempotent on %s', (_fixture, canonical) => {
    const frozen = deepFreeze(structuredClone(canonical));
    for (const side of ['input', 'output'] as SchemaSide[]) {
      const once = dialect.publish(frozen, side);
      expect(frozen).toEqual(canonical);
      expect(dialect.publish(frozen, side)).toEqual(once);
      expect(dialect.publish(once.schema, side).schema).toEqual(once.schema);
      const copy = structuredClone(once.schema);
      (once.schema as Record<string, unknown>).mutated = true;
      expect(dialect.publish(frozen, side).schema).toEqual(copy);
    }
  });

  it.each(FIXTURES)('reports narrowed paths that exist in the rendering of %s', (_f, canonical) => {
    const { schema, narrowed } = dialect.publish(canonical, 'input');
    for (const path of narrowed) {
      const node = tryResolveRef(schema, `#${path}`);
      expect(node, path).toBeDefined();
      // A declared field: a schema object, never a keyword value such as `additionalProperties: false`.
      expect(isJsonObject(node), path).toBe(true);
      // A place below one that narrowed whole no longer exists (checked above); below a place
      // that only dropped a constraint (an array's `maxItems` and its items' `maxLength`) it may.
    }
    expect(new Set(narrowed).size).toBe(narrowed.length);
    const order = pointersInOrder(schema);
    expect([...narrowed].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(narrowed);
  });

  it.each(FIXTURES)(
    'keeps property names and their order on %s, keyword names included',
    (_f, canonical) => {
      const doc = dialect.publish(canonical, 'input').schema;
      expect(rootNames(doc)).toEqual(rootNames(canonical));
      // Equal documents, spelled with the same key order, on every call.
      expect(stringify(dialect.publish(canonical, 'input').schema)).toBe(stringify(doc));
    },
  );

  it.each(FIXTURES)('shares no object with its input, itself or the next call on %s', (_f, c) => {
    for (const side of ['input', 'output'] as SchemaSide[]) {
      const input = containers(c);
      const first = dialect.publish(c, side).schema;
      const seen = containers(first);
      expect(seen.length).toBe(new Set(seen).size);
      for (const container of seen) expect(input.includes(container)).toBe(false);
      const expected = stringify(dialect.publish(c, side).schema);
      for (const container of seen) {
        if (Array.isArray(container)) container.push('mutated');
        else (container as Record<string, unknown>).mutated = true;
      }
      expect(stringify(dialect.publish(c, side).schema)).toBe(expected);
    }
  });

  it.each(Object.entries(OUTPUT_FIXTURES))('keeps maps in the output of %s', (_f, canonical) => {
    const { schema } = dialect.publish(canonical, 'output');
    for (const node of nodes(schema)) expect(node).not.toHaveProperty('required', []);
    const maps = nodes(canonical).filter((n) => isJsonObject(n.additionalProperties)).length;
    const kept = nodes(schema).filter((n) => isJsonObject(n.additionalProperties)).length;
    if (name === 'gemini') expect(kept).toBe(0);
    else expect(kept).toBe(maps);
  });
});
