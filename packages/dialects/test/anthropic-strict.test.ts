/**
 * Pins the anthropic_strict spelling: closure everywhere, optional properties left optional
 * (identity inverse), bounds and lengths dropped, cycles broken and reported, nullable spelled
 * with anyOf, uri and email kept (H20), and Anthropic's per-tool budgets (H25).
 */
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_LIMITS,
  anthropicStrictDialect as anthropic,
  DIALECT_ERROR_CODES,
  DialectError,
} from '../src/index.ts';
import {
  maps,
  noParams,
  open,
  recursionMap,
  recursionSelf,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';

const tool = (properties: Record<string, unknown>, required: string[] = []) => ({
  $schema: SCHEMA_2020,
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('anthropic_strict input', () => {
  it('drops bounds, keeps optional properties optional and formats it supports', () => {
    const doc = anthropic.inputSchema(scalars);
    expect(doc.required).toEqual(scalars.required);
    const p = doc.properties as Record<string, unknown>;
    expect(p.int64).toEqual({ type: 'integer' });
    expect(p.span).toEqual({ type: 'string', format: 'duration' });
    const formats = anthropic.inputSchema(
      tool({ u: { type: 'string', format: 'uri' }, e: { type: 'string', format: 'email' } }),
    );
    expect(formats.properties).toEqual({
      u: { type: 'string', format: 'uri' },
      e: { type: 'string', format: 'email' },
    });
  });

  it('H8/H9: narrows maps to the empty closed object and reports the broken cycle', () => {
    expect(anthropic.publish(maps, 'input').narrowed).toEqual([
      '/properties/scores',
      '/properties/states',
      '/properties/owners',
      '/properties/extras',
    ]);
    const { schema, narrowed } = anthropic.publish(recursionSelf, 'input');
    expect(narrowed).toEqual(['/properties/tree/properties/children/items']);
    expect(JSON.stringify(schema)).not.toContain('$ref');
  });

  it('H8/H14/H15: a map is the empty closed object, an open value a primitive union', () => {
    const p = anthropic.inputSchema(maps).properties as Record<string, unknown>;
    expect(p.scores).toEqual({
      description: 'Per name',
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
    expect(p.extras).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    const { schema, narrowed } = anthropic.publish(open, 'input');
    const primitives = [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
    ];
    expect(schema.properties).toEqual({
      payload: { description: 'Anything', anyOf: primitives },
      extra: { anyOf: primitives },
      bag: { type: 'array', items: { anyOf: primitives } },
    });
    expect(narrowed).toEqual(['/properties/payload', '/properties/extra', '/properties/bag/items']);
    expect(anthropic.inputSchema(noParams)).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('H8/H9: reports a cycle broken inside a map only as the map, in document order', () => {
    const { schema, narrowed } = anthropic.publish(recursionMap, 'input');
    expect(narrowed).toEqual(['/properties/t/properties/kids', '/properties/t/properties/next']);
    expect(schema.properties).toEqual({
      t: {
        type: 'object',
        properties: {
          kids: { type: 'object', properties: {}, additionalProperties: false },
          name: { type: 'string' },
          next: {
            type: 'object',
            title: 'Tree',
            description: 'A Tree: a recursive reference whose shape is not restated here.',
            additionalProperties: false,
          },
        },
        required: ['kids'],
        additionalProperties: false,
      },
    });
  });

  it('H17: drops exclusive bounds and multipleOf', () => {
    const doc = anthropic.inputSchema(
      tool({ n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 9, multipleOf: 3 } }),
    );
    expect(doc.properties).toEqual({ n: { type: 'number' } });
  });

  it('spells a nullable type array with anyOf, the object branch closed', () => {
    const doc = anthropic.inputSchema(tool({ n: { type: ['string', 'null'], description: 'N' } }));
    expect(doc.properties).toEqual({
      n: { description: 'N', anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
    const object = anthropic.inputSchema(
      tool({ o: { type: ['object', 'null'], properties: { a: { type: 'string' } } } }),
    );
    expect(object.properties).toEqual({
      o: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
          { type: 'null' },
        ],
      },
    });
  });

  it('H25: refuses one tool over the optional-property budget, naming the limit', () => {
    const many = Object.fromEntries(
      Array.from({ length: ANTHROPIC_STRICT_LIMITS.optionalProperties + 1 }, (_, i) => [
        `p${i}`,
        { type: 'string' },
      ]),
    );
    expect(() => anthropic.inputSchema(tool(many))).toThrow(
      expect.objectContaining({
        code: DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        limit: 'optionalProperties',
        dialect: 'anthropic_strict',
      }),
    );
    expect(() => anthropic.inputSchema(tool(many, Object.keys(many)))).not.toThrow();
    expect(() => anthropic.outputSchema(tool(many))).not.toThrow();
  });

  it('H25: refuses one tool over the union budget', () => {
    const unions = Object.fromEntries(
      Array.from({ length: ANTHROPIC_STRICT_LIMITS.unionProperties + 1 }, (_, i) => [`p${i}`, {}]),
    );
    let caught: unknown;
    try {
      anthropic.inputSchema(tool(unions, Object.keys(unions)));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DialectError);
    expect((caught as DialectError).limit).toBe('unionProperties');
    expect((caught as DialectError).message).toContain('unionProperties');
  });
});

it('output keeps maps and adds no closure to them', () => {
  const p = anthropic.outputSchema(maps).properties as Record<string, unknown>;
  expect(p.scores).toEqual({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Per name',
  });
});
