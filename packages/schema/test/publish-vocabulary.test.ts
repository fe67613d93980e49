/**
 * Guards the constructs the vocabulary gained (bounds, patterns, formats, nullables, unions) beyond
 * the exact documents pinned in the fixtures: where a member's defect is reported, how the
 * discriminator is found and restated in an output document, and that no refusal message carries
 * a value from the declaration (a pattern, a literal, a bound, a default): messages speak of the
 * author's declaration by keyword and path.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { discriminatorOf } from '../src/document.ts';
import {
  Int8,
  publishCanonical,
  publishCanonicalOutput,
  SCHEMA_ERROR_CODES,
  STRING_FORMATS,
} from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const CANARY = 'CANARY-91d2';
const NUMBER = 987654321;

describe('refusal messages carry no declared value', () => {
  const cases: readonly (readonly [string, TSchema])[] = [
    ['a pattern that does not compile', Type.String({ pattern: `${CANARY}(` })],
    ['crossed lengths', Type.String({ minLength: NUMBER, maxLength: 1, default: CANARY })],
    ['crossed item counts', Type.Array(Type.String(), { minItems: NUMBER, maxItems: 3 })],
    ['crossed number bounds', Type.Number({ exclusiveMinimum: NUMBER, maximum: 5 })],
    ['no multiple in range', Type.Integer({ minimum: 1, maximum: 4, multipleOf: NUMBER })],
    ['a number multiple', Type.Number({ multipleOf: NUMBER, description: CANARY })],
    [
      'an undiscriminated union',
      Type.Union([
        Type.Object({ kind: Type.Literal(CANARY) }),
        Type.Object({ kind: Type.Literal(CANARY) }),
      ]),
    ],
    ['two string members', Type.Union([Type.Literal(CANARY), Type.String({ pattern: CANARY })])],
    ['literals of mixed types', Type.Union([Type.Literal(CANARY), Type.Literal(NUMBER)])],
    ['a nullable open value', Type.Union([Type.Unknown({ default: CANARY }), Type.Null()])],
    ['a tuple', Type.Tuple([Type.Literal(CANARY)])],
  ];
  it.each(cases)('for %s', (_name, field) => {
    const defect = defectOf(Type.Object({ field }));
    expect(defect.message).not.toContain(CANARY);
    expect(defect.message).not.toContain(String(NUMBER));
    expect(defect.message).toMatch(/^[A-Z`].*\.$/);
    expect(defect.details.path).toBe('/properties/field');
  });
});

/** Declares `field` under `/properties/filter/properties/mode` so every case proves the path. */
function nested(field: TSchema): TSchema {
  return Type.Object({ filter: Type.Object({ mode: field }) });
}
const MODE = '/properties/filter/properties/mode';

describe('bounds that are malformed or admit nothing', () => {
  it.each([
    ['a negative minLength', Type.String({ minLength: -1 }), `${MODE}/minLength`],
    ['a fractional maxLength', Type.String({ maxLength: 1.5 }), `${MODE}/maxLength`],
    ['crossed lengths', Type.String({ minLength: 3, maxLength: 2 }), MODE],
    [
      'a pattern that is not a string',
      Type.String({ pattern: /a/ as unknown as string }),
      `${MODE}/pattern`,
    ],
    ['a negative minItems', Type.Array(Type.String(), { minItems: -1 }), `${MODE}/minItems`],
    [
      'a maxItems beyond the safe range',
      Type.Array(Type.String(), { maxItems: 2 ** 53 }),
      `${MODE}/maxItems`,
    ],
    ['crossed item counts', Type.Array(Type.String(), { minItems: 3, maxItems: 2 }), MODE],
    [
      'a uniqueItems that is not boolean',
      Type.Array(Type.String(), { uniqueItems: 1 as unknown as boolean }),
      `${MODE}/uniqueItems`,
    ],
    [
      'a non-finite exclusive bound',
      Type.Number({ exclusiveMinimum: Number.NaN }),
      `${MODE}/exclusiveMinimum`,
    ],
    ['an exclusive bound at the maximum', Type.Number({ exclusiveMinimum: 1, maximum: 1 }), MODE],
    ['exclusive bounds that meet', Type.Number({ exclusiveMinimum: 1, exclusiveMaximum: 1 }), MODE],
    ['a minimum at an exclusive maximum', Type.Number({ minimum: 1, exclusiveMaximum: 1 }), MODE],
    [
      'an integer between adjacent exclusive bounds',
      Type.Integer({ exclusiveMinimum: 1, exclusiveMaximum: 2 }),
      MODE,
    ],
    ['an exclusive bound beyond the width', Int8({ maximum: 5, exclusiveMinimum: 5 }), MODE],
    [
      'a fractional exclusive integer bound',
      Type.Integer({ exclusiveMaximum: 0.5 }),
      `${MODE}/exclusiveMaximum`,
    ],
    ['a zero multipleOf', Type.Integer({ multipleOf: 0 }), `${MODE}/multipleOf`],
    ['a negative multipleOf', Type.Integer({ multipleOf: -2 }), `${MODE}/multipleOf`],
    ['a fractional multipleOf', Type.Integer({ multipleOf: 0.5 }), `${MODE}/multipleOf`],
    [
      'no multiple within the bounds',
      Type.Integer({ minimum: 1, maximum: 4, multipleOf: 5 }),
      MODE,
    ],
    [
      'no negative multiple within the bounds',
      Type.Integer({ minimum: -4, maximum: -1, multipleOf: 5 }),
      MODE,
    ],
    [
      'an Int64 multipleOf beyond 64 bits',
      Type.BigInt({ multipleOf: 2n ** 63n }),
      `${MODE}/multipleOf`,
    ],
    ['a non-positive Int64 multipleOf', Type.BigInt({ multipleOf: -3n }), `${MODE}/multipleOf`],
    [
      'no Int64 multiple within the bounds',
      Type.BigInt({ minimum: 1n, maximum: 9n, multipleOf: 10n }),
      MODE,
    ],
  ])('refuses %s', (_name, field, path) => {
    const defect = defectOf(nested(field));
    expect(defect.code).toBe(SCHEMA_ERROR_CODES.MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(path);
    expect(defect.message).toMatch(/^[A-Z`].*\.$/);
  });
});

describe('patterns', () => {
  it.each([
    ['an unclosed group', '(a'],
    ['an escape Unicode mode forbids', '\\-'],
    ['a class range out of order', '[z-a]'],
    ['a lone quantifier', '*a'],
  ])('refuses %s with INVALID_PATTERN at the string', (_name, pattern) => {
    const defect = defectOf(nested(Type.String({ pattern })));
    expect(defect.code).toBe(SCHEMA_ERROR_CODES.INVALID_PATTERN);
    expect(defect.details.path).toBe(MODE);
    expect(defect.message).toContain('`u` flag');
    expect(defect.message).not.toContain(pattern);
    expect(defect.cause).toBeInstanceOf(SyntaxError);
  });

  it('accepts a pattern Unicode mode reads, property escapes included', () => {
    expect(() => publishCanonical(nested(Type.String({ pattern: '^\\p{L}+$' })))).not.toThrow();
  });
});

describe('where a union reports its defects', () => {
  it('names the member under anyOf, counting literals gathered in one member', () => {
    const defect = defectOf(
      Type.Object({
        u: Type.Union([
          Type.Literal('auto'),
          Type.Literal('none'),
          Type.Array(Type.Integer({ minimum: 3, maximum: 2 })),
        ]),
      }),
    );
    expect(defect.details.path).toBe('/properties/u/anyOf/1/items');
  });

  it('names the place itself for a nullable value of one type', () => {
    const defect = defectOf(
      Type.Object({ n: Type.Union([Type.Null(), Type.String({ pattern: '(' })]) }),
    );
    expect(defect.code).toBe('INVALID_PATTERN');
    expect(defect.details.path).toBe('/properties/n');
  });

  it('tells the author of a tuple to declare an object', () => {
    expect(defectOf(Type.Object({ t: Type.Tuple([Type.String()]) })).message).toContain(
      'declare an object with one named property per position',
    );
  });
});

describe('discriminated unions', () => {
  const union = Type.Union([
    Type.Object({ type: Type.Literal('a'), kind: Type.Literal('x'), n: Int8() }),
    Type.Object({ kind: Type.Literal('y'), type: Type.Literal('b') }),
  ]);

  it('find the first qualifying property in the first member, as discriminatorOf reads it', () => {
    const published = publishCanonical(Type.Object({ u: union }));
    const node = (published['properties'] as Record<string, unknown>)['u'];
    expect(discriminatorOf(node)?.property).toBe('type');
    expect([...(discriminatorOf(node)?.members ?? [])]).toEqual([
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('state the discriminator as the one required property of each output member', () => {
    const published = publishCanonicalOutput(Type.Object({ u: union })) ?? {};
    const node = (published['properties'] as Record<string, unknown>)['u'];
    const members = (node as { anyOf: Record<string, unknown>[] }).anyOf;
    expect(members.map((member) => member['required'])).toEqual([['type'], ['type']]);
    expect(members.map((member) => Object.keys(member))).toEqual([
      ['type', 'properties', 'required', 'additionalProperties'],
      ['type', 'properties', 'required', 'additionalProperties'],
    ]);
    expect(discriminatorOf(node)?.property).toBe('type');
  });

  it('accept a member with the discriminator optional elsewhere only when a required one exists', () => {
    const loose = Type.Union([
      Type.Object({ tag: Type.Optional(Type.Literal('a')), kind: Type.Literal('x') }),
      Type.Object({ tag: Type.Literal('b'), kind: Type.Literal('y') }),
    ]);
    const published = publishCanonical(Type.Object({ u: loose }));
    expect(
      discriminatorOf((published['properties'] as Record<string, unknown>)['u'])?.property,
    ).toBe('kind');
  });
});

describe('formats and annotations', () => {
  it('publishes every string format, and names them all when refusing another', () => {
    for (const format of STRING_FORMATS) {
      expect(() => publishCanonical(Type.Object({ s: Type.String({ format }) }))).not.toThrow();
    }
    const defect = defectOf(Type.Object({ s: Type.String({ format: 'regex' }) }));
    for (const format of ['date-time', ...STRING_FORMATS]) expect(defect.message).toContain(format);
  });

  it("puts a nullable union's annotations beside its member's keywords", () => {
    const published = publishCanonical(
      Type.Object({
        s: Type.Union([Type.String({ title: 'Name' }), Type.Null()], { description: 'or none' }),
      }),
    );
    expect((published['properties'] as Record<string, unknown>)['s']).toEqual({
      type: ['string', 'null'],
      title: 'Name',
      description: 'or none',
    });
  });
});
