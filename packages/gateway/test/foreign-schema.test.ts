import { publishCanonical } from '@portcullis/schema';
import { describe, expect, it } from 'vitest';
import { closeForeignSchema, ForeignSchemaError } from '../src/index.ts';

const publish = (schema: unknown) => publishCanonical(closeForeignSchema(schema));

describe('closing a foreign schema', () => {
  it('closes every object with declared properties, and keeps a map a map', () => {
    const document = publish({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        inner: {
          type: 'object',
          properties: { a: { type: 'string' } },
          additionalProperties: true,
        },
        counts: { type: 'object', additionalProperties: { type: 'number' } },
        loose: { type: 'object' },
      },
      required: ['inner'],
    });
    expect(document['additionalProperties']).toBe(false);
    expect(document['required']).toEqual(['inner']);
    const properties = document['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['inner']?.['additionalProperties']).toBe(false);
    expect(properties['counts']?.['additionalProperties']).toEqual({ type: 'number' });
    expect(properties['loose']?.['additionalProperties']).toBe(true);
  });

  it("keeps the upstream's integer bounds, and states none it did not give beyond the safe range", () => {
    const document = publish({
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, maximum: 9 }, m: { type: 'integer' } },
    });
    const properties = document['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['n']).toMatchObject({ minimum: 1, maximum: 9 });
    expect(properties['m']).toMatchObject({
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
  });

  it('resolves local references, collapses an unresolvable one, and keeps a cycle under $defs', () => {
    const document = publish({
      type: 'object',
      properties: {
        point: { $ref: '#/$defs/Point' },
        missing: { $ref: '#/$defs/Nowhere' },
        tree: { $ref: '#/$defs/Node' },
      },
      $defs: {
        Point: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] },
        Node: {
          type: 'object',
          properties: { children: { type: 'array', items: { $ref: '#/$defs/Node' } } },
        },
      },
    });
    const properties = document['properties'] as Record<string, Record<string, unknown>>;
    expect(properties['point']).toMatchObject({ type: 'object', additionalProperties: false });
    expect(properties['missing']?.['type']).toBe('object');
    const children = (
      (properties['tree']?.['properties'] ?? {}) as Record<string, Record<string, unknown>>
    )['children'];
    expect(children?.['items']).toEqual({ $ref: '#/$defs/Node' });
    expect(Object.keys(document['$defs'] as object)).toEqual(['Node']);
  });

  it('refuses what it cannot state exactly, naming where', () => {
    const refused = (schema: unknown) => {
      try {
        closeForeignSchema(schema);
        return undefined;
      } catch (error) {
        expect(error).toBeInstanceOf(ForeignSchemaError);
        return (error as ForeignSchemaError).path;
      }
    };
    expect(refused({ type: 'object', properties: { a: { allOf: [{ type: 'string' }] } } })).toBe(
      '/properties/a/allOf',
    );
    expect(
      refused({
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: { type: 'number' },
      }),
    ).toBe('/additionalProperties');
    expect(refused({ type: 'object', properties: { t: { type: 'array', items: [{}] } } })).toBe(
      '/properties/t/items',
    );
    expect(refused({ type: 'object', properties: {}, required: ['ghost'] })).toBe('/required');
    expect(
      refused(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}}}')),
    ).toBe('/properties/__proto__');
  });

  it.each([
    ['a map that requires keys', { type: 'object', required: ['must'] }],
    [
      'a map of a schema that requires keys',
      { type: 'object', required: ['must'], additionalProperties: { type: 'string' } },
    ],
    ['a constant of another type than its schema states', { type: 'string', const: 1 }],
    ['an enum value of another type than its schema states', { type: 'integer', enum: [1.5, 2] }],
  ])('refuses what it cannot serve as strictly as the upstream: %s', (_, inner) => {
    expect(() =>
      closeForeignSchema({ type: 'object', properties: { m: inner }, required: ['m'] }),
    ).toThrow(ForeignSchemaError);
  });

  it('keeps a constant or an enum whose values are of the type stated', () => {
    const document = publish({
      type: 'object',
      properties: {
        c: { type: 'string', const: 'x' },
        e: { type: 'integer', enum: [1, 2] },
        n: { type: 'number', enum: [1, 2.5] },
      },
    });
    const properties = document['properties'] as Record<string, Record<string, unknown>>;
    expect(JSON.stringify(properties['c'])).toContain('"x"');
    expect(JSON.stringify(properties['n'])).toContain('2.5');
  });
});
