/**
 * Guards maps in the dialects that cannot state `additionalProperties` with a schema
 * (openai_strict, anthropic_strict, gemini): a map below the root is published as a list of
 * `{ key, value }` entries (the key's rule as `pattern` where the dialect keeps it, else in words;
 * the entry bounds as `minItems`/`maxItems` where the dialect keeps them, else in words and listed),
 * never listed in `narrowed` as a whole; the inverse turns the list back into the map, a key given
 * twice becoming `DUPLICATE_KEY` for the canonical pass to refuse. The dialects that state maps
 * (canonical, gemini_json, nova) keep them, gemini_json stating in words the bounds it drops. An
 * output keeps its maps. OpenAI's limits count the entry shape.
 */
import { DUPLICATE_KEY, type SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_ERROR_CODES, DIALECTS, DialectError } from '../src/index.ts';
import { ENTRIES_SENTENCE } from '../src/internal/entries.ts';
import { measureSchema } from '../src/internal/measure.ts';
import { SCHEMA_2020 } from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const tags = {
  type: 'object',
  propertyNames: {
    type: 'string',
    maxLength: 8,
    pattern: '^[a-z]+$',
    description: 'A tag name.',
  },
  minProperties: 1,
  maxProperties: 20,
  additionalProperties: { type: 'string', enum: ['low', 'high'] },
  description: 'Tag to priority.',
};

const tool = (properties: Record<string, unknown>, required = Object.keys(properties)) =>
  ({
    $schema: SCHEMA_2020,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  }) as SchemaObject;

const bounded = tool({ tags });

const itemsOf = (schema: SchemaObject, name: string) =>
  ((schema.properties as Record<string, SchemaObject>)[name] as SchemaObject).items as {
    properties: Record<string, SchemaObject>;
  };

describe('a bounded map as entries', () => {
  it('in openai_strict: the key rule as pattern, the bounds as item counts, nothing listed but a length', () => {
    const { schema, narrowed } = DIALECTS.openai_strict.publish(bounded, 'input');
    const list = (schema.properties as Record<string, SchemaObject>).tags as SchemaObject;
    expect(list.type).toBe('array');
    expect(list.minItems).toBe(1);
    expect(list.maxItems).toBe(20);
    expect(list.description).toBe(`Tag to priority. ${ENTRIES_SENTENCE}`);
    expect(itemsOf(schema, 'tags').properties.key).toEqual({
      type: 'string',
      pattern: '^[a-z]+$',
      description: 'The key of this entry. A tag name. At most 8 characters.',
    });
    expect(itemsOf(schema, 'tags').properties.value).toEqual({
      type: 'string',
      enum: ['low', 'high'],
    });
    // OpenAI names no string length: the key's length is in words, and that place is listed.
    expect(narrowed).toEqual(['/properties/tags/items/properties/key']);
    expect(admits(schema, { tags: [{ key: 'a', value: 'low' }] })).toBe(true);
    expect(admits(schema, { tags: [] })).toBe(false);
    expect(admits(schema, { tags: [{ key: 'A', value: 'low' }] })).toBe(false);
    expect(admits(schema, { tags: { a: 'low' } })).toBe(false);
  });

  it('in anthropic_strict: the key rule and the maximum in words, both places listed', () => {
    const { schema, narrowed } = DIALECTS.anthropic_strict.publish(bounded, 'input');
    const list = (schema.properties as Record<string, SchemaObject>).tags as SchemaObject;
    expect(list.minItems).toBe(1);
    expect(list).not.toHaveProperty('maxItems');
    expect(list.description).toBe(`Tag to priority. ${ENTRIES_SENTENCE} At most 20 items.`);
    expect(itemsOf(schema, 'tags').properties.key).toEqual({
      type: 'string',
      description:
        'The key of this entry. A tag name. At most 8 characters. Matches the regular expression `^[a-z]+$`.',
    });
    expect(narrowed).toEqual(['/properties/tags', '/properties/tags/items/properties/key']);
  });

  it('in gemini: pattern and item counts kept, no closure (Gemini has none)', () => {
    const { schema, narrowed } = DIALECTS.gemini.publish(bounded, 'input');
    const list = (schema.properties as Record<string, SchemaObject>).tags as SchemaObject;
    expect(list.minItems).toBe(1);
    expect(list.maxItems).toBe(20);
    expect(itemsOf(schema, 'tags').properties.key).toMatchObject({ pattern: '^[a-z]+$' });
    expect(JSON.stringify(schema)).not.toContain('additionalProperties');
    expect(narrowed).toEqual([]);
  });

  it('a map without bounds or key rule has a plain string key and no item counts', () => {
    const plain = tool({ m: { type: 'object', additionalProperties: { type: 'integer' } } });
    for (const name of ['openai_strict', 'anthropic_strict', 'gemini'] as const) {
      const { schema, narrowed } = DIALECTS[name].publish(plain, 'input');
      const list = (schema.properties as Record<string, SchemaObject>).m as SchemaObject;
      expect(list).not.toHaveProperty('minItems');
      expect(list).not.toHaveProperty('maxItems');
      expect(itemsOf(schema, 'm').properties.key).toEqual({
        type: 'string',
        description: 'The key of this entry.',
      });
      expect(narrowed).toEqual([]);
    }
  });
});

describe('the dialects that state maps', () => {
  it('keep them; gemini_json states in words the key rule and bounds it does not document', () => {
    expect(DIALECTS.canonical.publish(bounded, 'input').schema).toEqual(bounded);
    const nova = DIALECTS.nova.publish(bounded, 'input').schema;
    expect((nova.properties as Record<string, unknown>).tags).toEqual(tags);
    const { schema, narrowed } = DIALECTS.gemini_json.publish(bounded, 'input');
    expect((schema.properties as Record<string, unknown>).tags).toEqual({
      type: 'object',
      additionalProperties: { type: 'string', enum: ['low', 'high'] },
      description:
        'Tag to priority. Every key: A tag name. At most 8 characters. Matches the regular expression `^[a-z]+$`. At least 1 and at most 20 entries.',
    });
    expect(narrowed).toEqual(['/properties/tags']);
  });

  it('an output keeps its maps in every dialect', () => {
    for (const name of ['openai_strict', 'anthropic_strict', 'gemini'] as const) {
      const output = DIALECTS[name].publish(bounded, 'output').schema;
      const map = (output.properties as Record<string, SchemaObject>).tags as SchemaObject;
      expect(map.type, name).not.toBe('array');
    }
  });
});

describe('the inverse', () => {
  const nested = tool(
    {
      tags,
      deep: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          properties: {
            inner: { type: 'object', additionalProperties: { type: 'integer' } },
            note: { type: 'string' },
          },
          required: ['inner'],
          additionalProperties: false,
        },
      },
    },
    ['tags'],
  );

  it('turns entries back into the map, at every depth', () => {
    const wire = {
      tags: [
        { key: 'a', value: 'low' },
        { key: 'b', value: 'high' },
      ],
      deep: [{ key: 'x', value: { inner: [{ key: 'y', value: 1 }] } }],
    };
    const expected = { tags: { a: 'low', b: 'high' }, deep: { x: { inner: { y: 1 } } } };
    expect(DIALECTS.anthropic_strict.arguments(wire, nested)).toEqual(expected);
    expect(DIALECTS.gemini.arguments(wire, nested)).toEqual(expected);
    // openai_strict also takes out the nulls of optional properties inside a map's values.
    const strictWire = {
      ...wire,
      deep: [{ key: 'x', value: { inner: [{ key: 'y', value: 1 }], note: null } }],
    };
    expect(DIALECTS.openai_strict.arguments(strictWire, nested)).toEqual(expected);
  });

  it('marks a key given twice, keeps `__proto__` a key, and leaves what is no entry list', () => {
    const twice = DIALECTS.openai_strict.arguments(
      {
        tags: [
          { key: 'a', value: 'low' },
          { key: 'a', value: 'high' },
          { key: 'b', value: 'low' },
        ],
        deep: null,
      },
      nested,
    ) as { tags: Record<string, unknown> };
    expect(twice.tags.a).toBe(DUPLICATE_KEY);
    expect(twice.tags.b).toBe('low');
    const proto = DIALECTS.anthropic_strict.arguments(
      { tags: [{ key: '__proto__', value: 'low' }] },
      nested,
    ) as { tags: Record<string, unknown> };
    expect(Object.hasOwn(proto.tags, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(proto.tags)).toBe(Object.prototype);
    const odd = { tags: [{ key: 'a', value: 'low', extra: 1 }] };
    expect(DIALECTS.gemini.arguments(odd, nested)).toBe(odd);
    const object = { tags: { a: 'low' } };
    expect(DIALECTS.anthropic_strict.arguments(object, nested)).toBe(object);
  });

  it('is the identity where a dialect states maps', () => {
    const wire = { tags: [{ key: 'a', value: 'low' }] };
    for (const name of ['canonical', 'gemini_json', 'nova'] as const)
      expect(DIALECTS[name].arguments(wire, nested)).toBe(wire);
  });
});

describe("OpenAI's limits", () => {
  it('count the two properties of every entry', () => {
    const maps = Object.fromEntries(
      Array.from({ length: 1700 }, (_, i) => [
        `m${i}`,
        { type: 'object', additionalProperties: { type: 'integer' } },
      ]),
    );
    const many = tool(maps);
    expect(measureSchema(many).properties).toBe(1700);
    let error: unknown;
    try {
      DIALECTS.openai_strict.publish(many, 'input');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DialectError);
    expect((error as DialectError).code).toBe(DIALECT_ERROR_CODES.LIMIT_EXCEEDED);
    expect((error as DialectError).details.limit).toBe('properties');
    const fewer = tool(Object.fromEntries(Object.entries(maps).slice(0, 1600)));
    const rendered = DIALECTS.openai_strict.publish(fewer, 'input').schema;
    expect(measureSchema(rendered).properties).toBe(1600 * 3);
  });
});
