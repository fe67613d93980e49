/**
 * Unions in the publisher: what a nullable value, a union of members of distinct JSON types and a
 * discriminated union publish, where literals are gathered, and each refusal's code, path and the
 * words that tell the author what to declare instead.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { publishCanonical, publishCanonicalOutput, SCHEMA_ERROR_CODES } from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const { UNSUPPORTED_CONSTRUCT } = SCHEMA_ERROR_CODES;
const AT = '/properties/field';

/** The node `field` publishes as the one property of an input (or output) root. */
function published(field: TSchema, output = false): unknown {
  const root = Type.Object({ field });
  const document = output ? publishCanonicalOutput(root) : publishCanonical(root);
  return ((document as Record<string, unknown>)['properties'] as Record<string, unknown>)['field'];
}

describe('a reference among the members of a union', () => {
  it('is refused beside another member, saying to declare the member inline', () => {
    const cyclic = Type.Cyclic(
      { A: Type.Object({ next: Type.Union([Type.Ref('A'), Type.String()]) }) },
      'A',
    );
    const defect = defectOf(Type.Object({ field: cyclic }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/$defs/A/properties/next');
    expect(defect.message).toContain('recursive type as a member of a union of several');
  });

  it('is published as a nullable reference when null is its only other member', () => {
    const cyclic = Type.Cyclic(
      { A: Type.Object({ next: Type.Union([Type.Ref('A'), Type.Null()]) }) },
      'A',
    );
    expect(publishCanonical(Type.Object({ field: cyclic }))['$defs']).toEqual({
      A: {
        type: 'object',
        properties: { next: { anyOf: [{ $ref: '#/$defs/A' }, { type: 'null' }] } },
        required: ['next'],
        additionalProperties: false,
      },
    });
    expect(published(cyclic)).toEqual({ $ref: '#/$defs/A' });
  });
});

describe('a nullable value', () => {
  it.each([
    ['number', Type.Number(), { type: ['number', 'null'] }],
    [
      'integer',
      Type.Integer({ minimum: 0, maximum: 1 }),
      { type: ['integer', 'null'], minimum: 0, maximum: 1 },
    ],
    ['boolean', Type.Boolean(), { type: ['boolean', 'null'] }],
    [
      'map',
      Type.Record(Type.String(), Type.String()),
      { type: ['object', 'null'], additionalProperties: { type: 'string' } },
    ],
  ])('publishes a nullable %s as [type, "null"] on its node', (_name, value, node) => {
    expect(published(Type.Union([value, Type.Null()]))).toEqual(node);
  });

  it('publishes a union of one member as that member alone', () => {
    expect(published(Type.Union([Type.String()]))).toEqual({ type: 'string' });
  });

  it('refuses a nullable of literals of two JSON types at the enum under anyOf', () => {
    const defect = defectOf(
      Type.Object({ field: Type.Union([Type.Literal('a'), Type.Literal(1), Type.Null()]) }),
    );
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(`${AT}/anyOf/0`);
    expect(defect.message).toContain('more than one JSON type');
  });

  it('refuses a nullable Any as it does a nullable Unknown', () => {
    const defect = defectOf(Type.Object({ field: Type.Union([Type.Any(), Type.Null()]) }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('already admits null');
  });

  it('refuses a foreign keyword on its null, naming the null', () => {
    const defect = defectOf(
      Type.Object({ field: Type.Union([Type.String(), Type.Null({ 'x-hint': 'h' })]) }),
    );
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('`x-hint` on a null');
  });
});

describe('literals among other members', () => {
  it('gathers literals into one enum per JSON type, each in the place of its first', () => {
    const field = Type.Union([
      Type.Literal('a'),
      Type.Literal(1),
      Type.Literal(true),
      Type.Literal('b'),
      Type.Enum(['c']),
      Type.Object({ k: Type.String() }),
    ]);
    expect(published(field)).toEqual({
      anyOf: [
        { type: 'string', enum: ['a', 'b', 'c'] },
        { type: 'integer', enum: [1] },
        { type: 'boolean', enum: [true] },
        {
          type: 'object',
          properties: { k: { type: 'string' } },
          required: ['k'],
          additionalProperties: false,
        },
      ],
    });
  });
});

describe('a union a value could not select', () => {
  it.each([
    [
      'an open Any beside another member',
      Type.Union([Type.Any(), Type.String()]),
      'admits every value',
    ],
    [
      'a nested union as its one member',
      Type.Union([Type.Union([Type.String(), Type.Number()])]),
      'nests another union',
    ],
    [
      'a nested union of a literal and a string',
      Type.Union([Type.Union([Type.Literal('a'), Type.String()]), Type.Number()]),
      'nests another union',
    ],
    [
      'a literal-looking string member',
      Type.Union([
        Type.String({ anyOf: [Type.Literal('a')] } as Record<string, unknown>),
        Type.Number(),
      ]),
      '`anyOf` on a string',
    ],
  ])('refuses %s, saying what to declare instead', (_name, field, words) => {
    const defect = defectOf(Type.Object({ field }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toMatch(new RegExp(`^${AT}`));
    expect(defect.message).toContain(words);
  });

  it('refuses a foreign keyword on a union of other than literals, naming the union', () => {
    const field = Type.Union([Type.String(), Type.Number()], { 'x-hint': 'h' });
    const defect = defectOf(Type.Object({ field }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('`x-hint` on a union is outside the vocabulary');
  });

  it('refuses a union holding no array of members as malformed', () => {
    const field = Object.defineProperties(
      {},
      Object.getOwnPropertyDescriptors(Type.Union([Type.String()])),
    );
    (field as Record<string, unknown>)['anyOf'] = 'members';
    const defect = defectOf(Type.Object({ field: field as TSchema }));
    expect(defect.code).toBe(SCHEMA_ERROR_CODES.MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('Type.Union');
  });

  it('has no output document, as it has no input, for objects told apart only by an optional property', () => {
    const root = Type.Object({
      field: Type.Union([
        Type.Object({ tag: Type.Optional(Type.Literal('x')), v: Type.String() }),
        Type.Object({ tag: Type.Optional(Type.Literal('y')), v: Type.Number() }),
      ]),
    });
    expect(defectOf(root).message).toContain('has no discriminator');
    expect(publishCanonicalOutput(root)).toBeUndefined();
  });

  it('states in an output the required discriminator, not an optional literal before it', () => {
    const field = Type.Union([
      Type.Object({ tag: Type.Optional(Type.Literal('x')), kind: Type.Literal('a') }),
      Type.Object({ tag: Type.Optional(Type.Literal('y')), kind: Type.Literal('b') }),
    ]);
    const node = published(field, true) as { anyOf: Record<string, unknown>[] };
    expect(node.anyOf.map((member) => member['required'])).toEqual([['kind'], ['kind']]);
  });
});
