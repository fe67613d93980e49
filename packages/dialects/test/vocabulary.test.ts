/**
 * The decision table of the extended vocabulary: for every construct the published documents may
 * hold (string lengths, `pattern`, each string format, item counts, `uniqueItems`, exclusive
 * bounds, `multipleOf`, both nullable spellings, a discriminated object union, a union of scalars)
 * and every dialect, the exact rendering of one property holding it, and whether its place is
 * listed in `narrowed`. The table is typed by construct and dialect, and checked at run time to
 * hold every construct for every dialect and every format the schema package names, so a new
 * keyword, format or dialect fails here until its decision is written. The README's vocabulary
 * table states the same decisions.
 */
import { STRING_FORMATS, type StringFormat } from '@portcullis/schema';
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS, type DialectName } from '../src/index.ts';
import { admits } from './fixtures/judge.ts';

type Construct =
  | 'minLength'
  | 'maxLength'
  | 'pattern'
  | `format:${StringFormat}`
  | 'minItems'
  | 'maxItems'
  | 'uniqueItems'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'multipleOf'
  | 'nullable type list'
  | 'nullable anyOf'
  | 'discriminated object union'
  | 'union of scalars';

const FORMAT_CONSTRUCTS = STRING_FORMATS.map((format) => `format:${format}` as const);

const CONSTRUCTS: readonly Construct[] = [
  'minLength',
  'maxLength',
  'pattern',
  ...FORMAT_CONSTRUCTS,
  'minItems',
  'maxItems',
  'uniqueItems',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'nullable type list',
  'nullable anyOf',
  'discriminated object union',
  'union of scalars',
];

const member = (kind: string, name: string) => ({
  type: 'object',
  properties: { kind: { const: kind }, [name]: { type: 'number' } },
  required: ['kind', name],
  additionalProperties: false,
});

const strings = { type: 'array', items: { type: 'string' } };

/** One canonical property per construct, in the form the schema package publishes. */
const SAMPLE: Record<Construct, SchemaObject> = {
  minLength: { type: 'string', minLength: 2 },
  maxLength: { type: 'string', maxLength: 40 },
  pattern: { type: 'string', pattern: '^[a-z]+$' },
  ...(Object.fromEntries(
    STRING_FORMATS.map((format) => [`format:${format}`, { type: 'string', format }]),
  ) as unknown as Record<`format:${StringFormat}`, SchemaObject>),
  minItems: { ...strings, minItems: 2 },
  maxItems: { ...strings, maxItems: 20 },
  uniqueItems: { ...strings, uniqueItems: true },
  exclusiveMinimum: { type: 'number', exclusiveMinimum: 0 },
  exclusiveMaximum: { type: 'number', exclusiveMaximum: 1 },
  multipleOf: { type: 'integer', multipleOf: 5 },
  'nullable type list': { type: ['string', 'null'] },
  'nullable anyOf': { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
  'discriminated object union': { anyOf: [member('circle', 'r'), member('square', 'side')] },
  'union of scalars': { anyOf: [{ type: 'string' }, { type: 'integer' }] },
};

/**
 * What a dialect does with a construct: keeps it as published, renames it (the rendering given),
 * or drops it (the rendering given, the constraint stated in words), the place then listed in
 * `narrowed`.
 */
type Decision =
  | { readonly kept: true }
  | { readonly renamed: SchemaObject }
  | { readonly dropped: SchemaObject };

const KEPT: Decision = { kept: true };
const dropped = (rendering: SchemaObject): Decision => ({ dropped: rendering });
const inWords = (type: string, description: string, rest: SchemaObject = {}): Decision =>
  dropped({ type, ...rest, description });

const FORMAT_WORDS: Record<StringFormat, string> = {
  uuid: 'A UUID (RFC 9562).',
  email: 'An email address (RFC 5321 mailbox).',
  uri: 'An absolute URI (RFC 3986).',
  hostname: 'A hostname (RFC 1123).',
  ipv4: 'An IPv4 address in dotted-quad form.',
  ipv6: 'An IPv6 address (RFC 4291).',
};

const formats = (
  decide: (format: StringFormat) => Decision,
): Record<`format:${StringFormat}`, Decision> =>
  Object.fromEntries(
    STRING_FORMATS.map((format) => [`format:${format}`, decide(format)]),
  ) as Record<`format:${StringFormat}`, Decision>;

const droppedFormat = (format: StringFormat) => inWords('string', FORMAT_WORDS[format]);

const ALL_KEPT = Object.fromEntries(CONSTRUCTS.map((c) => [c, KEPT])) as Record<
  Construct,
  Decision
>;

const RULES: Record<DialectName, Record<Construct, Decision>> = {
  canonical: ALL_KEPT,
  openai_strict: {
    minLength: inWords('string', 'At least 2 characters.'),
    maxLength: inWords('string', 'At most 40 characters.'),
    pattern: KEPT,
    ...formats((format) => (format === 'uri' ? droppedFormat(format) : KEPT)),
    minItems: KEPT,
    maxItems: KEPT,
    uniqueItems: inWords('array', 'No two items are equal.', { items: { type: 'string' } }),
    exclusiveMinimum: KEPT,
    exclusiveMaximum: KEPT,
    multipleOf: KEPT,
    'nullable type list': KEPT,
    'nullable anyOf': KEPT,
    'discriminated object union': KEPT,
    'union of scalars': KEPT,
  },
  gemini: {
    minLength: KEPT,
    maxLength: KEPT,
    pattern: KEPT,
    ...formats(droppedFormat),
    minItems: KEPT,
    maxItems: KEPT,
    uniqueItems: inWords('array', 'No two items are equal.', { items: { type: 'string' } }),
    exclusiveMinimum: inWords('number', 'Greater than 0.'),
    exclusiveMaximum: inWords('number', 'Less than 1.'),
    multipleOf: inWords('integer', 'A multiple of 5.'),
    'nullable type list': { renamed: { type: 'string', nullable: true } },
    'nullable anyOf': {
      renamed: { anyOf: [{ type: 'string', enum: ['a', 'b'], nullable: true }] },
    },
    'discriminated object union': {
      renamed: {
        anyOf: ['circle', 'square'].map((kind, i) => ({
          type: 'object',
          properties: {
            kind: { enum: [kind], type: 'string' },
            [i === 0 ? 'r' : 'side']: { type: 'number' },
          },
          required: ['kind', i === 0 ? 'r' : 'side'],
        })),
      },
    },
    'union of scalars': KEPT,
  },
  gemini_json: {
    minLength: inWords('string', 'At least 2 characters.'),
    maxLength: inWords('string', 'At most 40 characters.'),
    pattern: inWords('string', 'Matches the regular expression `^[a-z]+$`.'),
    ...formats(droppedFormat),
    minItems: KEPT,
    maxItems: KEPT,
    uniqueItems: inWords('array', 'No two items are equal.', { items: { type: 'string' } }),
    exclusiveMinimum: inWords('number', 'Greater than 0.'),
    exclusiveMaximum: inWords('number', 'Less than 1.'),
    multipleOf: inWords('integer', 'A multiple of 5.'),
    'nullable type list': KEPT,
    'nullable anyOf': KEPT,
    'discriminated object union': {
      renamed: {
        anyOf: ['circle', 'square'].map((kind, i) => ({
          ...member(kind, i === 0 ? 'r' : 'side'),
          properties: { kind: { enum: [kind] }, [i === 0 ? 'r' : 'side']: { type: 'number' } },
        })),
      },
    },
    'union of scalars': KEPT,
  },
  nova: ALL_KEPT,
  anthropic_strict: {
    minLength: inWords('string', 'At least 2 characters.'),
    maxLength: inWords('string', 'At most 40 characters.'),
    pattern: inWords('string', 'Matches the regular expression `^[a-z]+$`.'),
    ...formats(() => KEPT),
    minItems: inWords('array', 'At least 2 items.', { items: { type: 'string' } }),
    maxItems: inWords('array', 'At most 20 items.', { items: { type: 'string' } }),
    uniqueItems: inWords('array', 'No two items are equal.', { items: { type: 'string' } }),
    exclusiveMinimum: inWords('number', 'Greater than 0.'),
    exclusiveMaximum: inWords('number', 'Less than 1.'),
    multipleOf: inWords('integer', 'A multiple of 5.'),
    'nullable type list': { renamed: { anyOf: [{ type: 'string' }, { type: 'null' }] } },
    'nullable anyOf': KEPT,
    'discriminated object union': KEPT,
    'union of scalars': KEPT,
  },
};

const tool = (p: SchemaObject): SchemaObject => ({
  type: 'object',
  properties: { p },
  required: ['p'],
  additionalProperties: false,
});

describe('the extended vocabulary', () => {
  it('has a decision for every construct, every string format and every dialect', () => {
    expect(Object.keys(RULES)).toEqual([...DIALECT_NAMES]);
    for (const name of DIALECT_NAMES) {
      expect(Object.keys(RULES[name]).sort(), name).toEqual([...CONSTRUCTS].sort());
    }
    expect(Object.keys(SAMPLE).sort()).toEqual([...CONSTRUCTS].sort());
    expect(FORMAT_CONSTRUCTS).toEqual(STRING_FORMATS.map((format) => `format:${format}`));
  });

  describe.each(DIALECT_NAMES)('in %s', (name) => {
    it.each(CONSTRUCTS)('renders %s as decided', (construct) => {
      const sample = SAMPLE[construct];
      const { schema, narrowed } = DIALECTS[name].publish(tool(sample), 'input');
      const rendered = (schema.properties as Record<string, unknown>).p;
      const decision = RULES[name][construct];
      if ('kept' in decision) {
        expect(rendered).toEqual(sample);
        expect(narrowed).toEqual([]);
      } else if ('renamed' in decision) {
        expect(rendered).toEqual(decision.renamed);
        expect(narrowed).toEqual([]);
      } else {
        expect(rendered).toEqual(decision.dropped);
        expect(narrowed).toEqual(['/properties/p']);
      }
    });
  });

  it('judges a nullable place in every dialect as canonical does: null admitted', () => {
    for (const construct of ['nullable type list', 'nullable anyOf'] as const) {
      for (const name of DIALECT_NAMES) {
        const doc = DIALECTS[name].publish(tool(SAMPLE[construct]), 'input').schema;
        expect(admits(doc, { p: null }), `${name} ${construct}`).toBe(true);
      }
    }
  });
});

describe('anthropic_strict budgets with unions', () => {
  const unions = (count: number, p: SchemaObject): SchemaObject => ({
    type: 'object',
    properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`u${i}`, p])),
    required: Array.from({ length: count }, (_, i) => `u${i}`),
    additionalProperties: false,
  });

  it.each([
    'nullable type list',
    'nullable anyOf',
    'discriminated object union',
    'union of scalars',
  ] as const)('counts a property holding a %s against the 16-union budget', (construct) => {
    const anthropic = DIALECTS.anthropic_strict;
    expect(() => anthropic.publish(unions(16, SAMPLE[construct]), 'input')).not.toThrow();
    expect(() => anthropic.publish(unions(17, SAMPLE[construct]), 'input')).toThrow(
      expect.objectContaining({
        code: 'LIMIT_EXCEEDED',
        details: { dialect: 'anthropic_strict', limit: 'unionProperties', path: '/properties/u16' },
      }),
    );
  });

  it("counts the optional properties of a union's members against the 24-optional budget", () => {
    const optionalMember = (kind: string) => ({
      type: 'object',
      properties: {
        kind: { const: kind },
        ...Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`o${i}`, { type: 'string' }])),
      },
      required: ['kind'],
      additionalProperties: false,
    });
    const doc = unions(1, { anyOf: [optionalMember('a'), optionalMember('b')] });
    expect(() => DIALECTS.anthropic_strict.publish(doc, 'input')).toThrow(
      expect.objectContaining({
        code: 'LIMIT_EXCEEDED',
        details: {
          dialect: 'anthropic_strict',
          limit: 'optionalProperties',
          path: '/properties/u0/anyOf/1/properties/o11',
        },
      }),
    );
  });
});
