/**
 * Pins the gemini spelling (hard cases H4-H9, H12, H15, H17, H20): references inlined and cycles
 * broken to a typed object Gemini accepts, no closure, integer bounds dropped, only `date-time`
 * kept, non-string enums described (never stringified), maps and open values as `{type: object}`
 * with no empty `properties`, and reported.
 */
import { describe, expect, it } from 'vitest';
import { geminiDialect as gemini } from '../src/index.ts';
import {
  enums,
  keywordNames,
  maps,
  noParams,
  open,
  recursionMutual,
  recursionSelf,
  refSiblings,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const props = (doc: object) => (doc as { properties: Record<string, unknown> }).properties;

describe('gemini input', () => {
  it('H4: a non-string enum moves into the description and integers still validate', () => {
    const doc = gemini.inputSchema(enums);
    expect(props(doc).level).toEqual({
      type: 'integer',
      description: 'Allowed values: 1, 2, 3.',
    });
    expect(props(doc).toggle).toEqual({
      type: 'boolean',
      description: 'Allowed values: true, false.',
    });
    expect(props(doc).unit).toEqual({
      type: 'string',
      enum: ['celsius', 'fahrenheit'],
      description: 'Unit',
    });
    expect(admits(doc, { unit: 'celsius', level: 2 })).toBe(true);
  });

  it('H5/H6: date-time kept, date/time/duration and integer bounds dropped', () => {
    const p = props(gemini.inputSchema(scalars));
    expect(p.at).toEqual({ type: 'string', format: 'date-time' });
    expect(p.day).toEqual({ type: 'string' });
    expect(p.clock).toEqual({ type: 'string' });
    expect(p.span).toEqual({ type: 'string' });
    expect(p.int64).toEqual({ type: 'integer' });
    expect(p.int8).toEqual({ type: 'integer' });
    const call = {
      name: 'n',
      int8: 1,
      int16: 1,
      int32: 1,
      uint8: 1,
      uint16: 1,
      uint32: 1,
      int64: 1,
      at: '2024-01-01T00:00:00Z',
      day: '2024-13-01',
    };
    expect(admits(gemini.inputSchema(scalars), call)).toBe(true);
    expect(admits(scalars, call)).toBe(false);
    expect(admits(scalars, { ...call, day: '2024-12-01' })).toBe(true);
  });

  it('H8: a map is {type: object} with a description and no properties, reported', () => {
    const { schema, narrowed } = gemini.publish(maps, 'input');
    expect(props(schema).scores).toEqual({
      type: 'object',
      description:
        'Per name. An object mapping names to values; each value is an integer. Its entries cannot be stated in this schema.',
    });
    expect(narrowed).toEqual([
      '/properties/scores',
      '/properties/states',
      '/properties/owners',
      '/properties/extras',
    ]);
    expect(schema).not.toHaveProperty('$defs');
    expect(schema).not.toHaveProperty('additionalProperties');
  });

  it('H14: an open value is a typed object (Gemini needs a type), reported', () => {
    const { schema, narrowed } = gemini.publish(open, 'input');
    expect(schema.properties).toEqual({
      payload: { type: 'object', description: 'Anything' },
      extra: { type: 'object' },
      bag: { type: 'array', items: { type: 'object' } },
    });
    expect(narrowed).toEqual(['/properties/payload', '/properties/extra', '/properties/bag/items']);
  });

  it('H8: describes each map value shape: enum, definition, open', () => {
    const p = props(gemini.inputSchema(maps));
    const tail = ' Its entries cannot be stated in this schema.';
    expect(p.states).toEqual({
      type: 'object',
      description: `An object mapping names to values; each value is one of "on", "off".${tail}`,
    });
    expect(p.owners).toEqual({
      type: 'object',
      description: `An object mapping names to values; each value is an object.${tail}`,
    });
    expect(p.extras).toEqual({
      type: 'object',
      description: `An object mapping names to values; each value is any JSON value.${tail}`,
    });
  });

  it('H9: self recursion is broken one level down to a described object', () => {
    expect(gemini.inputSchema(recursionSelf)).toEqual({
      type: 'object',
      properties: {
        tree: {
          type: 'object',
          properties: {
            value: { type: 'string' },
            children: {
              type: 'array',
              items: {
                type: 'object',
                description: 'A Node: a recursive reference whose shape is not restated here.',
              },
            },
          },
          required: ['value'],
        },
      },
      required: ['tree'],
    });
  });

  it('H9: mutual recursion A -> B -> A breaks at the second A', () => {
    const doc = gemini.inputSchema(recursionMutual);
    const b = props(props(doc).start as object).b as object;
    expect(props(b).a).toEqual({
      type: 'object',
      description: 'A A: a recursive reference whose shape is not restated here.',
    });
    expect(props(b).size).toEqual({ type: 'integer' });
  });

  it('H11: the use-site description wins over the definition', () => {
    const p = props(gemini.inputSchema(refSiblings));
    expect(p.home).toEqual({
      type: 'object',
      description: 'Home address',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
      required: ['street'],
    });
  });

  it('H12: property names that are keywords survive', () => {
    const names = Object.keys(props(gemini.inputSchema(keywordNames)));
    expect(names).toEqual(Object.keys(keywordNames.properties as object));
    expect(names).toContain('__proto__');
  });

  it('H15: no parameters is an object with no properties key', () => {
    expect(gemini.inputSchema(noParams)).toEqual({ type: 'object' });
  });

  it('H17/H20: exclusive bounds, uri and email dropped', () => {
    const doc = gemini.inputSchema({
      $schema: SCHEMA_2020,
      type: 'object',
      properties: {
        n: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
        u: { type: 'string', format: 'uri' },
        e: { type: 'string', format: 'email', title: 'Mail' },
      },
      required: ['n'],
      additionalProperties: false,
    });
    expect(props(doc)).toEqual({
      n: { type: 'number', maximum: 10 },
      u: { type: 'string' },
      e: { type: 'string' },
    });
  });
});

describe('gemini output (H24)', () => {
  it('keeps an open value open and states a map as an object', () => {
    const out = gemini.publish(
      {
        $schema: SCHEMA_2020,
        type: 'object',
        properties: { any: {}, m: { type: 'object', additionalProperties: { type: 'string' } } },
        additionalProperties: false,
      },
      'output',
    );
    expect(props(out.schema).any).toEqual({});
    expect(out.narrowed).toEqual(['/properties/m']);
    expect(out.schema).not.toHaveProperty('required');
  });
});
