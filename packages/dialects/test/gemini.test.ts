/**
 * Pins the gemini spelling: references inlined and each cycle broken to a typed object Gemini
 * accepts, whose description names the definition (no title, which Gemini drops), no closure,
 * integer bounds dropped, only `date-time` kept, non-string enums described (never stringified),
 * maps and open values as `{type: object}` with no empty `properties`, and reported.
 */
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import { ENTRIES_SENTENCE } from '../src/internal/entries.ts';
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

const gemini = DIALECTS.gemini;

const props = (doc: object) => (doc as { properties: Record<string, unknown> }).properties;

describe('gemini input', () => {
  it('moves a non-string enum into the description, never stringified, so integers still validate', () => {
    const doc = gemini.publish(enums, 'input').schema;
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

  it('keeps date-time, drops date, time, duration and integer bounds (int64 included)', () => {
    const { schema, narrowed } = gemini.publish(scalars, 'input');
    const p = props(schema);
    expect(p.at).toEqual({ type: 'string', format: 'date-time' });
    expect(p.day).toEqual({ type: 'string', description: 'A full date, YYYY-MM-DD (RFC 3339).' });
    expect(p.clock).toEqual({
      type: 'string',
      description: 'A time of day with its offset (RFC 3339).',
    });
    expect(p.span).toEqual({ type: 'string', description: 'An ISO 8601 duration.' });
    expect(p.int64).toEqual({
      type: 'integer',
      description: 'At least -9223372036854775808 and at most 9223372036854775807.',
    });
    expect(p.int8).toEqual({ type: 'integer', description: 'At least -128 and at most 127.' });
    expect(narrowed).toEqual(
      [
        'int8',
        'int16',
        'int32',
        'uint8',
        'uint16',
        'uint32',
        'safe',
        'int64',
        'day',
        'clock',
        'span',
      ].map((name) => `/properties/${name}`),
    );
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
    expect(admits(gemini.publish(scalars, 'input').schema, call)).toBe(true);
    expect(admits(scalars, call)).toBe(false);
    expect(admits(scalars, { ...call, day: '2024-12-01' })).toBe(true);
  });

  it('publishes a map as a list of entries (no additionalProperties), listing only an open value', () => {
    const { schema, narrowed } = gemini.publish(maps, 'input');
    const key = { type: 'string', description: 'The key of this entry.' };
    const entries = (value: unknown) => ({
      type: 'array',
      items: { type: 'object', properties: { key, value }, required: ['key', 'value'] },
    });
    expect(props(schema).scores).toEqual({
      ...entries({ type: 'integer' }),
      description: `Per name. ${ENTRIES_SENTENCE}`,
    });
    expect(narrowed).toEqual(['/properties/extras/items/properties/value']);
    expect(schema).not.toHaveProperty('$defs');
    expect(JSON.stringify(schema)).not.toContain('additionalProperties');
  });

  it('publishes an open value as a typed object (Gemini needs a type), reported', () => {
    const { schema, narrowed } = gemini.publish(open, 'input');
    expect(schema.properties).toEqual({
      payload: { type: 'object', description: 'Anything' },
      extra: { type: 'object' },
      bag: { type: 'array', items: { type: 'object' } },
    });
    expect(narrowed).toEqual(['/properties/payload', '/properties/extra', '/properties/bag/items']);
  });

  it('states each map value shape in its entries: enum, definition, open', () => {
    const p = props(gemini.publish(maps, 'input').schema);
    const value = (map: unknown) => props((map as { items: Record<string, unknown> }).items).value;
    expect(value(p.states)).toEqual({ type: 'string', enum: ['on', 'off'] });
    expect(value(p.owners)).toEqual({
      type: 'object',
      properties: { name: { type: 'string' }, email: { type: 'string' } },
      required: ['name'],
    });
    expect(value(p.extras)).toEqual({ type: 'object' });
  });

  it('keeps a map at the root as a described object, which its entries cannot stand for', () => {
    const { schema, narrowed } = gemini.publish(
      { type: 'object', additionalProperties: { type: 'integer' } },
      'input',
    );
    expect(schema).toEqual({
      type: 'object',
      description:
        'An object mapping names to values; each value is an integer. Its entries cannot be stated in this schema.',
    });
    expect(narrowed).toEqual(['']);
  });

  it('breaks self recursion one level down to an object whose description names it, no title', () => {
    expect(gemini.publish(recursionSelf, 'input').schema).toEqual({
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
                description: 'A recursive reference to Node, whose shape is not restated here.',
              },
            },
          },
          required: ['value'],
        },
      },
      required: ['tree'],
    });
  });

  it('breaks mutual recursion A -> B -> A at the second A', () => {
    const doc = gemini.publish(recursionMutual, 'input').schema;
    const b = props(props(doc).start as object).b as object;
    expect(props(b).a).toEqual({
      type: 'object',
      description: 'A recursive reference to A, whose shape is not restated here.',
    });
    expect(props(b).size).toEqual({ type: 'integer', description: 'At least 0 and at most 255.' });
  });

  it('joins a use-site description in front of the break, which still names the definition', () => {
    const doc = gemini.publish(
      {
        $schema: SCHEMA_2020,
        type: 'object',
        properties: { head: { $ref: '#/$defs/Item' } },
        required: ['head'],
        additionalProperties: false,
        $defs: {
          Item: {
            type: 'object',
            properties: { next: { $ref: '#/$defs/Item', description: 'The next item' } },
            additionalProperties: false,
          },
        },
      },
      'input',
    ).schema;
    expect(props(props(doc).head as object).next).toEqual({
      description:
        'The next item. A recursive reference to Item, whose shape is not restated here.',
      type: 'object',
    });
  });

  it('keeps null at the break of a nullable definition, also one named through a $defs chain', () => {
    const node = (properties: object) => ({
      $schema: SCHEMA_2020,
      type: 'object',
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
      $defs: {
        Link: { $ref: '#/$defs/Node' },
        Node: {
          type: ['object', 'null'],
          properties: { next: { $ref: '#/$defs/Link' } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    });
    const doc = gemini.publish(node({ head: { $ref: '#/$defs/Link' } }), 'input').schema;
    const next = props(props(doc).head as object).next;
    expect(next).toEqual({
      type: 'object',
      description: 'A recursive reference to Link, whose shape is not restated here.',
      nullable: true,
    });
    // The chain ends where canonical lets it: a null at the break.
    expect(admits(doc, { head: { next: null } })).toBe(true);
  });

  it('states the break of a recursive array with items, closed empty, as Gemini requires', () => {
    // `Recursive('Tree', (This) => Type.Array(This))` as the publisher writes it.
    const canonical = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Tree' } },
      required: ['tree'],
      additionalProperties: false,
      $defs: { Tree: { type: 'array', items: { $ref: '#/$defs/Tree' } } },
    };
    const doc = gemini.publish(canonical, 'input').schema;
    expect(props(doc).tree).toEqual({
      type: 'array',
      items: {
        type: 'array',
        description: 'A recursive reference to Tree, whose shape is not restated here.',
        maxItems: 0,
        items: { type: 'string' },
      },
    });
    // Gemini refuses an array without `items` (`items: missing field`): none is left.
    const arrays: unknown[] = [];
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      if ((node as { type?: unknown }).type === 'array') arrays.push(node);
      for (const child of Object.values(node)) walk(child);
    };
    walk(doc);
    expect(arrays.every((array) => Object.hasOwn(array as object, 'items'))).toBe(true);
    expect(admits(doc, { tree: [[], []] })).toBe(true);
    expect(admits(doc, { tree: [[[]]] })).toBe(false);
  });

  it('keeps null on a nullable map', () => {
    const doc = gemini.publish(
      {
        $schema: SCHEMA_2020,
        type: 'object',
        properties: {
          tags: { type: ['object', 'null'], additionalProperties: { type: 'string' } },
        },
        required: ['tags'],
        additionalProperties: false,
      },
      'input',
    ).schema;
    expect(props(doc).tags).toMatchObject({ type: 'array', nullable: true });
    expect(admits(doc, { tags: null })).toBe(true);
  });

  it('lets the use-site description win over the definition', () => {
    const p = props(gemini.publish(refSiblings, 'input').schema);
    expect(p.home).toEqual({
      type: 'object',
      description: 'Home address',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
      required: ['street'],
    });
  });

  it('keeps property names that are keywords', () => {
    const names = Object.keys(props(gemini.publish(keywordNames, 'input').schema));
    expect(names).toEqual(Object.keys(keywordNames.properties as object));
    expect(names).toContain('__proto__');
  });

  it('publishes no parameters as an object with no properties key', () => {
    expect(gemini.publish(noParams, 'input').schema).toEqual({ type: 'object' });
  });

  it('drops exclusive bounds and the uri and email formats', () => {
    const doc = gemini.publish(
      {
        $schema: SCHEMA_2020,
        type: 'object',
        properties: {
          n: { type: 'number', exclusiveMinimum: 0, maximum: 10 },
          u: { type: 'string', format: 'uri' },
          e: { type: 'string', format: 'email', title: 'Mail' },
        },
        required: ['n'],
        additionalProperties: false,
      },
      'input',
    ).schema;
    expect(props(doc)).toEqual({
      n: { type: 'number', maximum: 10, description: 'Greater than 0.' },
      u: { type: 'string', description: 'An absolute URI (RFC 3986).' },
      e: { type: 'string', description: 'An email address (RFC 5321 mailbox).' },
    });
  });
});

describe('gemini output: vocabulary narrowing alone', () => {
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

describe('gemini patterns', () => {
  it('keeps a plain pattern and drops one with lookaround or a backreference, in words', () => {
    const { schema, narrowed } = gemini.publish(
      {
        $schema: SCHEMA_2020,
        type: 'object',
        properties: {
          plain: { type: 'string', pattern: '^[a-z]{2,8}$' },
          ahead: { type: 'string', pattern: '^(?!x)[a-z]+$' },
          again: { type: 'string', pattern: '^(a)\\1$' },
        },
        required: ['plain', 'ahead', 'again'],
        additionalProperties: false,
      },
      'input',
    );
    expect(props(schema)).toEqual({
      plain: { type: 'string', pattern: '^[a-z]{2,8}$' },
      ahead: { type: 'string', description: 'Matches the regular expression `^(?!x)[a-z]+$`.' },
      again: { type: 'string', description: 'Matches the regular expression `^(a)\\1$`.' },
    });
    expect(narrowed).toEqual(['/properties/ahead', '/properties/again']);
  });
});
