/**
 * Published documents carrying every keyword of the vocabulary, for the campaigns of packages that
 * judge or render documents without a catalog (the gate, the dialects, the test-kit's own tests):
 * one per construct, in the canonical forms `publishCanonical` emits and DECISIONS-15 settles (the
 * string lengths, `pattern`, the string formats, item counts, `uniqueItems`, `multipleOf`,
 * nullable places, discriminated and type-distinct unions among them).
 */
import type { SchemaObject } from '@portcullis/schema/document';

const closed = (properties: Record<string, unknown>, required = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

const int = (minimum: number | bigint, maximum: number | bigint) => ({
  type: 'integer',
  minimum,
  maximum,
});

const DOCUMENTS: Record<string, SchemaObject> = {
  'integer widths': closed({
    int8: int(-128, 127),
    uint16: int(0, 65535),
    int32: int(-2147483648, 2147483647),
    safe: int(-9007199254740991, 9007199254740991),
    int64: int(-9223372036854775808n, 9223372036854775807n),
  }),
  numbers: closed({
    ratio: { type: 'number' },
    share: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
    part: { type: 'number', minimum: 0, exclusiveMaximum: 100 },
    flag: { type: 'boolean' },
  }),
  'temporal formats': closed({
    when: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    at: { type: 'string', format: 'time' },
    span: { type: 'string', format: 'duration' },
  }),
  'enums, const, optional, nested, arrays': closed(
    {
      mode: { type: 'string', enum: ['fast', 'exact'] },
      kind: { const: 'report' },
      note: { type: 'string' },
      nested: closed({ inner: { type: 'array', items: { type: 'string' } } }),
    },
    ['mode', 'kind', 'nested'],
  ),
  'maps and open values': closed({
    labels: { type: 'object', additionalProperties: int(-128, 127) },
    extra: {},
  }),
  recursion: {
    ...closed({ tree: { $ref: '#/$defs/Node' } }),
    $defs: {
      Node: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          children: { type: 'array', items: { $ref: '#/$defs/Node' } },
        },
        required: ['name', 'children'],
        additionalProperties: false,
      },
    },
  },
  'string lengths and pattern': closed({
    code: { type: 'string', minLength: 2, maxLength: 8 },
    slug: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
  }),
  'string formats': closed({
    id: { type: 'string', format: 'uuid' },
    mail: { type: 'string', format: 'email' },
    link: { type: 'string', format: 'uri' },
    host: { type: 'string', format: 'hostname' },
    v4: { type: 'string', format: 'ipv4' },
    v6: { type: 'string', format: 'ipv6' },
  }),
  'item counts, unique items, multiples': closed({
    tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 3, uniqueItems: true },
    step: { type: 'integer', minimum: 0, maximum: 1000, multipleOf: 5 },
  }),
  'nullable places': closed({
    maybe: { type: ['integer', 'null'], minimum: 0, maximum: 10 },
    choice: { anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] },
  }),
  'discriminated union': closed({
    shape: {
      anyOf: [
        closed({ kind: { const: 'circle' }, radius: { type: 'number' } }),
        closed({ kind: { const: 'square' }, side: { type: 'number' } }),
      ],
    },
  }),
  'type-distinct union': closed({
    either: {
      anyOf: [{ type: 'string' }, int(0, 100), { type: 'array', items: { type: 'boolean' } }],
    },
  }),
};

/** One document per construct, keyed by what it shows; each a root with `$schema`. */
export const VOCABULARY_DOCUMENTS: Readonly<Record<string, SchemaObject>> = Object.freeze(
  Object.fromEntries(
    Object.entries(DOCUMENTS).map(([name, document]) => [
      name,
      { $schema: 'https://json-schema.org/draft/2020-12/schema', ...document },
    ]),
  ),
);
