/**
 * Pins the openai_strict spelling (every property required, optional ones nullable, closure, no
 * siblings beside `$ref`, root references merged, the vocabulary OpenAI lacks dropped) and its
 * inverse: a null is removed exactly where canonical declares an optional property (through
 * properties, items, `$ref` and nullable unions), and nowhere else.
 */
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import { ENTRIES_SENTENCE } from '../src/internal/entries.ts';
import {
  arrays,
  enums,
  maps,
  nested,
  open,
  recursionSelf,
  refSiblings,
  rootRef,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const openai = DIALECTS.openai_strict;

const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('openai_strict input', () => {
  it('makes an optional scalar required and its own type or null', () => {
    const doc = openai.publish(scalars, 'input').schema;
    const properties = doc.properties as Record<string, Record<string, unknown>>;
    expect(doc.required).toEqual(Object.keys(scalars.properties as object));
    expect(properties.safe).toEqual({
      type: ['integer', 'null'],
      minimum: -9007199254740991,
      maximum: 9007199254740991,
    });
    expect(properties.day).toEqual({ type: ['string', 'null'], format: 'date' });
    expect(properties.name).toEqual({ type: 'string', description: 'Display name' });
    expect(properties.int64).toEqual({
      type: 'integer',
      minimum: -9223372036854775808n,
      maximum: 9223372036854775807n,
    });
    expect(doc).not.toHaveProperty('$schema');
  });

  it('gives a $ref no siblings; an optional one is anyOf with null', () => {
    expect(openai.publish(refSiblings, 'input').schema.properties).toEqual({
      home: { anyOf: [{ $ref: '#/$defs/Address' }], description: 'Home address' },
      work: { anyOf: [{ $ref: '#/$defs/Address' }, { type: 'null' }], description: 'Work address' },
    });
  });

  it('lets an optional enum admit null under 2020-12, through anyOf', () => {
    const doc = openai.publish(enums, 'input').schema;
    expect((doc.properties as Record<string, unknown>).mode).toEqual({
      anyOf: [{ type: 'string', enum: ['fast', 'slow'] }, { type: 'null' }],
    });
    const call = { unit: 'celsius', mode: null, level: 2, toggle: null };
    expect(admits(doc, call)).toBe(true);
    expect(admits(doc, { ...call, unit: null })).toBe(false);
    expect(admits(enums, openai.arguments(call, enums))).toBe(true);
  });

  it('spells a map as a list of entries, strict inside, and narrows only a map at the root', () => {
    const { schema, narrowed } = openai.publish(maps, 'input');
    const properties = schema.properties as Record<string, unknown>;
    const key = { type: 'string', description: 'The key of this entry.' };
    expect(properties.scores).toEqual({
      type: 'array',
      items: closed({ key, value: { type: 'integer' } }),
      description: `Per name. ${ENTRIES_SENTENCE}`,
    });
    expect(properties.owners).toEqual({
      type: ['array', 'null'],
      items: closed({ key, value: { $ref: '#/$defs/Person' } }),
      description: ENTRIES_SENTENCE,
    });
    expect((properties.extras as { type: unknown }).type).toEqual(['array', 'null']);
    expect(narrowed).toEqual(['/properties/extras/items/properties/value']);
    const root = openai.publish(
      { $schema: SCHEMA_2020, type: 'object', additionalProperties: { type: 'string' } },
      'input',
    );
    expect(root).toEqual({ schema: closed({}), narrowed: [''] });
  });

  it('narrows an open value to a primitive union and reports it', () => {
    const { schema, narrowed } = openai.publish(open, 'input');
    const primitives = [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
    ];
    expect(schema.properties).toEqual({
      payload: { description: 'Anything', anyOf: primitives },
      extra: { anyOf: primitives },
      bag: { type: ['array', 'null'], items: { anyOf: primitives } },
    });
    expect(narrowed).toEqual(['/properties/payload', '/properties/extra', '/properties/bag/items']);
  });

  it('keeps recursion and $defs', () => {
    expect(openai.publish(recursionSelf, 'input').schema).toEqual({
      ...closed({ tree: { $ref: '#/$defs/Node' } }),
      $defs: {
        Node: closed({
          value: { type: 'string' },
          children: { type: ['array', 'null'], items: { $ref: '#/$defs/Node' } },
        }),
      },
    });
  });

  it('merges a root reference into the root, self-references becoming #', () => {
    expect(openai.publish(rootRef, 'input').schema).toEqual(
      closed({
        name: { type: 'string' },
        sub: { type: ['array', 'null'], items: { $ref: '#' } },
        parent: { anyOf: [{ $ref: '#' }, { type: 'null' }] },
      }),
    );
  });

  it('merges a root reference however the document spells references to it', () => {
    const spelled: SchemaObject = {
      $schema: SCHEMA_2020,
      $ref: '#/%24defs/Folder',
      $defs: {
        Folder: {
          type: 'object',
          properties: {
            self: { $ref: '#/$defs/Folder' },
            name: { $ref: '#/$defs/Folder/properties/label' },
            label: { type: 'string' },
          },
          required: ['label'],
          additionalProperties: false,
        },
      },
    };
    const doc = openai.publish(spelled, 'input').schema;
    expect(doc).toEqual(
      closed({
        self: { anyOf: [{ $ref: '#' }, { type: 'null' }] },
        name: { anyOf: [{ $ref: '#/properties/label' }, { type: 'null' }] },
        label: { type: 'string' },
      }),
    );
    expect(
      admits(doc, { self: { self: null, name: null, label: 'b' }, name: 'x', label: 'a' }),
    ).toBe(true);
  });

  it('merges a root reference that names a definition through a $defs chain', () => {
    const chained: SchemaObject = {
      $schema: SCHEMA_2020,
      $ref: '#/$defs/Alias',
      $defs: {
        Alias: { $ref: '#/$defs/Folder' },
        Folder: {
          type: 'object',
          properties: { parent: { $ref: '#/$defs/Alias' }, label: { type: 'string' } },
          required: ['label'],
          additionalProperties: false,
        },
      },
    };
    const doc = openai.publish(chained, 'input').schema;
    expect(doc).toEqual({
      ...closed({
        parent: { anyOf: [{ $ref: '#/$defs/Alias' }, { type: 'null' }] },
        label: { type: 'string' },
      }),
      $defs: { Alias: { $ref: '#' } },
    });
    expect(admits(doc, { parent: { parent: null, label: 'b' }, label: 'a' })).toBe(true);
    expect(DIALECTS.gemini_json.publish(chained, 'input').schema.type).toBe('object');
  });

  it('keeps null on a required nullable map', () => {
    const doc = openai.publish(
      {
        $schema: SCHEMA_2020,
        ...closed({ tags: { type: ['object', 'null'], additionalProperties: { type: 'string' } } }),
      },
      'input',
    ).schema;
    expect((doc.properties as Record<string, { type: unknown }>).tags?.type).toEqual([
      'array',
      'null',
    ]);
    expect(admits(doc, { tags: null })).toBe(true);
    expect(admits(doc, { tags: [{ key: 'a', value: 'b' }] })).toBe(true);
  });

  it('publishes a tool with no parameters as the empty closed object', () => {
    const empty = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: {},
      required: [],
      additionalProperties: false,
    };
    expect(openai.publish(empty, 'input').schema).toEqual(closed({}));
  });

  it('drops default, uri and lookaround patterns; keeps email and plain patterns', () => {
    const foreignish: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: {
        site: { type: 'string', format: 'uri', default: 'https://example.org' },
        mail: { type: 'string', format: 'email' },
        code: { type: 'string', pattern: '^(?!x)[a-z]+$' },
        zip: { type: 'string', pattern: '^[0-9]{5}$' },
      },
      required: ['site', 'mail', 'code', 'zip'],
      additionalProperties: false,
    };
    const { schema, narrowed } = openai.publish(foreignish, 'input');
    expect(schema.properties).toEqual({
      site: { type: 'string', description: 'An absolute URI (RFC 3986).' },
      mail: { type: 'string', format: 'email' },
      code: { type: 'string', description: 'Matches the regular expression `^(?!x)[a-z]+$`.' },
      zip: { type: 'string', pattern: '^[0-9]{5}$' },
    });
    expect(narrowed).toEqual(['/properties/site', '/properties/code']);
  });
});

describe('openai_strict output', () => {
  it('applies the vocabulary rewrites alone: no all-required, no null unions, maps kept', () => {
    expect(openai.publish(maps, 'output').schema).toEqual({
      type: 'object',
      properties: {
        scores: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Per name',
        },
        states: { type: 'object', additionalProperties: { type: 'string', enum: ['on', 'off'] } },
        owners: { type: 'object', additionalProperties: { $ref: '#/$defs/Person' } },
        extras: { type: 'object', additionalProperties: true },
      },
      required: ['scores'],
      additionalProperties: false,
      $defs: maps.$defs as object,
    });
    expect(openai.publish(maps, 'output').narrowed).toEqual([]);
  });
});

describe('openai_strict arguments', () => {
  it('removes a null on an optional property and keeps one on a required property', () => {
    expect(
      openai.arguments(
        { outer: { inner: { leaf: 'x', note: null }, hint: null }, side: null },
        nested,
      ),
    ).toEqual({
      outer: { inner: { leaf: 'x' } },
    });
    const requiredNull = { outer: null };
    expect(openai.arguments(requiredNull, nested)).toBe(requiredNull);
    expect(openai.arguments({ outer: { inner: null } }, nested)).toEqual({
      outer: { inner: null },
    });
  });

  it('keeps a null under an undeclared name, in an array item and in a map entry', () => {
    const undeclared = { outer: { inner: { leaf: 'x' }, stray: null } };
    expect(openai.arguments(undeclared, nested)).toBe(undeclared);
    const item = { tags: [null], counts: null };
    expect(openai.arguments(item, arrays)).toEqual({ tags: [null] });
    const entry = { scores: { a: null }, states: null };
    expect(openai.arguments(entry, maps)).toEqual({ scores: { a: null } });
  });

  it('follows items and $ref, including a root reference', () => {
    expect(openai.arguments({ points: [{ x: 1, label: null }, { x: 2 }] }, arrays)).toEqual({
      points: [{ x: 1 }, { x: 2 }],
    });
    expect(
      openai.arguments(
        { tree: { value: 'a', children: [{ value: 'b', children: null }] } },
        recursionSelf,
      ),
    ).toEqual({ tree: { value: 'a', children: [{ value: 'b' }] } });
    expect(
      openai.arguments({ name: 'r', sub: null, parent: { name: 'p', parent: null } }, rootRef),
    ).toEqual({
      name: 'r',
      parent: { name: 'p' },
    });
  });

  it('follows a nullable union to its branch and a union of two to the member of the type', () => {
    const note = closed({ text: { type: 'string' } }, []);
    const doc: SchemaObject = {
      $schema: SCHEMA_2020,
      ...closed(
        {
          maybe: { anyOf: [{ $ref: '#/$defs/Note' }, { type: 'null' }] },
          kept: {
            type: ['array', 'null'],
            items: { anyOf: [{ $ref: '#/$defs/Note' }, { type: 'null' }] },
          },
          either: { anyOf: [{ $ref: '#/$defs/Note' }, { type: 'string' }, { type: 'null' }] },
        },
        ['kept'],
      ),
      $defs: { Note: note },
    };
    const rendered = openai.publish(doc, 'input').schema;
    const wire = { maybe: { text: null }, kept: [{ text: null }, null], either: { text: null } };
    expect(admits(rendered, wire)).toBe(true);
    const back = openai.arguments(wire, doc);
    // `either` selects its object member by type, so the null at its optional `text` goes too.
    expect(back).toEqual({ maybe: {}, kept: [{}, null], either: {} });
    expect(admits(doc, back)).toBe(true);
    // `maybe` is optional and admits null: the null stays (absent cannot be spelled there).
    expect(openai.arguments({ maybe: null, kept: null }, doc)).toEqual({ maybe: null, kept: null });
  });

  it('returns scalars and unmatched shapes as they came, never mutating', () => {
    expect(openai.arguments(null, nested)).toBe(null);
    expect(openai.arguments('x', nested)).toBe('x');
    const value = Object.freeze({
      outer: Object.freeze({ inner: Object.freeze({ leaf: 'x', note: null }) }),
    });
    expect(openai.arguments(value, nested)).toEqual({ outer: { inner: { leaf: 'x' } } });
    expect(value.outer.inner.note).toBe(null);
  });

  it('keeps a key named __proto__ as data', () => {
    const wire = JSON.parse('{"outer":{"inner":{"leaf":"x","note":null},"__proto__":{"a":1}}}');
    const out = openai.arguments(wire, nested) as Record<string, Record<string, unknown>>;
    expect(Object.hasOwn(out.outer!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(out.outer)).toBe(Object.prototype);
  });
});
