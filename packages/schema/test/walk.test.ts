/**
 * Guards the keyword-position walker: only values at subschema keywords are schemas, so a property
 * NAMED like a keyword is data and survives; copies keep key order and never mutate the input.
 */
import { describe, expect, it } from 'vitest';
import {
  isArraySubschemaKeyword,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  type SchemaNode,
  SUBSCHEMA_KEYWORDS,
  walkSchema,
} from '../src/document.ts';

/** The subschema keywords of the 2020-12 vocabularies (applicator, unevaluated, content, core). */
const SUBSCHEMA_KEYWORDS_2020_12 = {
  single: [
    'items',
    'additionalProperties',
    'unevaluatedItems',
    'unevaluatedProperties',
    'propertyNames',
    'contains',
    'contentSchema',
    'not',
    'if',
    'then',
    'else',
  ],
  array: ['allOf', 'anyOf', 'oneOf', 'prefixItems'],
  map: ['properties', 'patternProperties', '$defs', 'dependentSchemas'],
} as const;

const schema = {
  type: 'object',
  title: 'root',
  properties: {
    title: { type: 'string', title: 'a property named title' },
    $ref: { type: 'boolean' },
    properties: { type: 'object', additionalProperties: { type: 'integer' } },
  },
  $defs: { Node: { anyOf: [{ type: 'string' }, false] } },
  items: [{ type: 'string' }],
  not: true,
  enum: [{ type: 'not a schema' }],
  const: { properties: { x: {} } },
};

describe('SUBSCHEMA_KEYWORDS', () => {
  it('classifies keywords', () => {
    expect(SUBSCHEMA_KEYWORDS.single).toContain('additionalProperties');
    expect(isSingleSubschemaKeyword('items')).toBe(true);
    expect(isArraySubschemaKeyword('anyOf')).toBe(true);
    expect(isMapSubschemaKeyword('$defs')).toBe(true);
    expect(isSingleSubschemaKeyword('enum')).toBe(false);
    expect(isMapSubschemaKeyword('required')).toBe(false);
    expect(isArraySubschemaKeyword('type')).toBe(false);
  });

  it('is frozen, so no package can widen or narrow what the walkers read', () => {
    expect(Object.isFrozen(SUBSCHEMA_KEYWORDS)).toBe(true);
    for (const list of Object.values(SUBSCHEMA_KEYWORDS)) expect(Object.isFrozen(list)).toBe(true);
  });
});

describe('walkSchema', () => {
  it('knows every subschema keyword of 2020-12, so a $ref anywhere is reached', () => {
    const everywhere = Object.fromEntries(
      [
        ...SUBSCHEMA_KEYWORDS_2020_12.single.map((keyword) => [keyword, { $ref: '#' }]),
        ...SUBSCHEMA_KEYWORDS_2020_12.array.map((keyword) => [keyword, [{ $ref: '#' }]]),
        ...SUBSCHEMA_KEYWORDS_2020_12.map.map((keyword) => [keyword, { x: { $ref: '#' } }]),
      ].map(([keyword, value]) => [keyword as string, value]),
    );
    const refs: string[] = [];
    walkSchema(everywhere, (node, segments) => {
      if (typeof node !== 'boolean' && node['$ref'] === '#') refs.push(segments[0] ?? '');
      return undefined;
    });
    expect(refs.sort()).toEqual(
      [
        ...SUBSCHEMA_KEYWORDS_2020_12.single,
        ...SUBSCHEMA_KEYWORDS_2020_12.array,
        ...SUBSCHEMA_KEYWORDS_2020_12.map,
      ].sort(),
    );
  });

  it('visits subschemas in keyword position only, parents first', () => {
    const seen: string[] = [];
    walkSchema(schema, (_node, segments) => {
      seen.push(`/${segments.join('/')}`);
      return undefined;
    });
    expect(seen).toEqual([
      '/',
      '/properties/title',
      '/properties/$ref',
      '/properties/properties',
      '/properties/properties/additionalProperties',
      '/$defs/Node',
      '/$defs/Node/anyOf/0',
      '/$defs/Node/anyOf/1',
      '/items/0',
      '/not',
    ]);
  });

  it('does not descend below a skipped node', () => {
    const seen: string[] = [];
    walkSchema(schema, (_node, segments) => {
      seen.push(segments.join('/'));
      return segments[0] === '$defs' ? 'skip' : undefined;
    });
    expect(seen).toContain('$defs/Node');
    expect(seen).not.toContain('$defs/Node/anyOf/0');
  });
});

describe('mapSubschemas', () => {
  it('replaces direct subschemas, keeps key order and data, and does not mutate', () => {
    const before = JSON.stringify(schema);
    const seen: string[] = [];
    const mapped = mapSubschemas(schema, (child: SchemaNode, segments) => {
      seen.push(segments.join('/'));
      return typeof child === 'boolean' ? child : { ...child, marked: true };
    });
    expect(JSON.stringify(schema)).toBe(before);
    expect(Object.keys(mapped)).toEqual(Object.keys(schema));
    expect(seen).toEqual([
      'properties/title',
      'properties/$ref',
      'properties/properties',
      '$defs/Node',
      'items/0',
      'not',
    ]);
    const properties = mapped['properties'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['title', '$ref', 'properties']);
    expect(properties['title']).toEqual({
      type: 'string',
      title: 'a property named title',
      marked: true,
    });
    expect(mapped['not']).toBe(true);
    expect(mapped['enum']).toBe(schema.enum);
    expect(mapped['const']).toBe(schema.const);
    expect(mapped).not.toBe(schema);
  });

  it('keeps a property named __proto__ as an own data property, never a prototype', () => {
    const properties = JSON.parse('{"__proto__":{"type":"string"},"safe":{"type":"integer"}}');
    const node = { type: 'object', properties };
    const mapped = mapSubschemas(node, (child) => child);
    const out = mapped['properties'] as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__', 'safe']);
    expect(Object.getOwnPropertyDescriptor(out, '__proto__')?.value).toEqual({ type: 'string' });
  });
});
