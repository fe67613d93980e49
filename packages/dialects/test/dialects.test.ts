/**
 * Guards the dialect set itself, driven from the table: every name resolves, no dialect renders
 * the whole fixture catalog exactly as canonical does (that would be a stub), every rendering
 * obeys its dialect's rules (an exhaustive switch: a new dialect does not compile until its rules
 * are written here), renderings are valid 2020-12 documents, pure (frozen input, no aliasing),
 * deterministic and idempotent, and every narrowed path points at a node of the rendering.
 */
import {
  isJsonObject,
  type SchemaNode,
  type SchemaObject,
  tryResolveRef,
  walkSchema,
} from '@portcullis/schema';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_FORMATS,
  DEFAULT_DIALECT,
  DIALECT_NAMES,
  DIALECTS,
  type DialectName,
  GEMINI_FIELDS,
  isDialectName,
  OPENAI_STRICT_FORMATS,
  type SchemaSide,
} from '../src/index.ts';
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
        expect(node).not.toHaveProperty('default');
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
        for (const key of ['$schema', 'title', 'exclusiveMinimum', 'exclusiveMaximum']) {
          expect(node).not.toHaveProperty(key);
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
      for (const node of all) {
        expect(node).not.toHaveProperty('$ref');
        for (const key of ['minimum', 'maximum', 'minLength', 'maxLength', 'exclusiveMinimum']) {
          expect(node).not.toHaveProperty(key);
        }
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
        ([, doc]) =>
          JSON.stringify(DIALECTS[name].inputSchema(doc), (_k, v) =>
            typeof v === 'bigint' ? `${v}n` : v,
          ) !== JSON.stringify(doc, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v)),
      );
      expect(differing.length, name).toBeGreaterThan(0);
    }
  });

  it('has only openai_strict with a non-identity arguments inverse', () => {
    const wire = { a: null, b: [{ c: null }] };
    const schema = INPUT_FIXTURES.nested!;
    for (const name of DIALECT_NAMES) {
      if (name !== 'openai_strict') expect(DIALECTS[name].arguments(wire, schema)).toBe(wire);
    }
  });
});

describe.each(DIALECT_NAMES)('%s', (name) => {
  const dialect = DIALECTS[name];

  it.each(FIXTURES)('obeys its rules on %s', (_fixture, canonical) => {
    checkRules(name, canonical, dialect.inputSchema(canonical));
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
    for (const path of narrowed) expect(tryResolveRef(schema, `#${path}`), path).toBeDefined();
    expect(new Set(narrowed).size).toBe(narrowed.length);
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
