/**
 * The leaves of the publisher (strings, numbers, integers, enums, annotations, the keyword check):
 * what each publishes, and each refusal's code, path and the words that tell the author what to
 * declare instead.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  Int64,
  publishCanonical,
  SCHEMA_ERROR_CODES,
  STRING_FORMATS,
  TEMPORAL_FORMATS,
} from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const { UNSUPPORTED_CONSTRUCT, MALFORMED_SCHEMA } = SCHEMA_ERROR_CODES;
const AT = '/properties/field';

/** The node `field` publishes as the one property of an input root. */
function published(field: TSchema): unknown {
  const properties = publishCanonical(Type.Object({ field }))['properties'] as Record<
    string,
    unknown
  >;
  return properties['field'];
}

describe('a string format', () => {
  it('refuses a format that is no string, listing the formats to use', () => {
    const defect = defectOf(
      Type.Object({ field: Type.String({ format: 3 as unknown as string }) }),
    );
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toMatch(/^The format given is outside the vocabulary; use one of /);
    for (const format of [...TEMPORAL_FORMATS, ...STRING_FORMATS]) {
      expect(defect.message).toContain(format);
    }
  });

  it('refuses a format the gate does not judge, naming it', () => {
    const defect = defectOf(Type.Object({ field: Type.String({ format: 'regex' }) }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.message).toMatch(/^The format `regex` is outside the vocabulary; use one of /);
    expect(defect.message).toContain(`${TEMPORAL_FORMATS[0]}, `);
  });
});

describe('an integer multipleOf', () => {
  it.each([
    ['zero', Type.Integer({ multipleOf: 0 })],
    ['negative', Type.Integer({ multipleOf: -2 })],
    ['a zero Int64', Int64({ multipleOf: 0n })],
  ])('refuses one that is %s, at the keyword', (_name, field) => {
    const defect = defectOf(Type.Object({ field }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(`${AT}/multipleOf`);
    expect(defect.message).toContain('not positive');
  });

  it('publishes a multipleOf of one', () => {
    expect(published(Type.Integer({ minimum: 0, maximum: 3, multipleOf: 1 }))).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 3,
      multipleOf: 1,
    });
  });
});

describe('an enum', () => {
  it('refuses one with no values, since it admits nothing', () => {
    const defect = defectOf(Type.Object({ field: Type.Enum([]) }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('no values');
  });
});

describe('annotations', () => {
  it.each(['title', 'description', '$comment'])(
    'refuses a %s that is no string, at the annotation',
    (keyword) => {
      const defect = defectOf(Type.Object({ field: Type.String({ [keyword]: 3 }) }));
      expect(defect.code).toBe(MALFORMED_SCHEMA);
      expect(defect.details.path).toBe(`${AT}/${keyword}`);
      expect(defect.message).toBe(`The annotation \`${keyword}\` is not a string; give a string.`);
    },
  );

  it.each(['deprecated', 'readOnly', 'writeOnly'])(
    'refuses a %s that is no boolean, at the annotation',
    (keyword) => {
      const defect = defectOf(Type.Object({ field: Type.String({ [keyword]: 'yes' }) }));
      expect(defect.code).toBe(MALFORMED_SCHEMA);
      expect(defect.details.path).toBe(`${AT}/${keyword}`);
      expect(defect.message).toBe(
        `The annotation \`${keyword}\` is not a boolean; give true or false.`,
      );
    },
  );

  it('refuses examples that are no array, saying to give an array', () => {
    const defect = defectOf(Type.Object({ field: Type.String({ examples: 'a' }) }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(`${AT}/examples`);
    expect(defect.message).toContain('`examples` is not an array');
  });

  it('publishes every annotation of the right kind', () => {
    const annotations = {
      title: 't',
      description: 'd',
      $comment: 'c',
      deprecated: true,
      readOnly: false,
      writeOnly: true,
      examples: ['e'],
      default: 'x',
    };
    expect(published(Type.String(annotations))).toEqual({ type: 'string', ...annotations });
  });

  it('publishes neither an annotation left undefined nor one the declaration inherits', () => {
    const inherited = Object.assign(Object.create({ description: 'inherited' }), {
      ...Type.String(),
      title: undefined,
    });
    Object.defineProperty(inherited, '~kind', { value: 'String', enumerable: false });
    const node = published(inherited as TSchema) as Record<string, unknown>;
    expect(Object.keys(node)).toEqual(['type']);
  });
});

describe('the keywords a declaration may hold', () => {
  const hint = { 'x-hint': 'h' };
  it.each([
    ['a string', Type.String(hint)],
    ['a number', Type.Number(hint)],
    ['an integer', Type.Integer(hint)],
    ['an `Int64`', Int64(hint as unknown as Parameters<typeof Int64>[0])],
  ])('refuses a foreign keyword on %s, naming the construct', (what, field) => {
    const defect = defectOf(Type.Object({ field }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain(`\`x-hint\` on ${what} is outside the vocabulary`);
  });

  it('refuses a foreign keyword on a recursive definition, where only $id is allowed', () => {
    const schema = Type.Cyclic({ A: Type.Object({}, hint) }, 'A');
    const defect = defectOf(Type.Object({ field: schema }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/$defs/A');
    expect(defect.message).toContain('`x-hint` on an object');
  });

  it('refuses a root $schema other than 2020-12, and a foreign keyword holding its address', () => {
    for (const [keyword, value] of [
      ['$schema', 'http://json-schema.org/draft-07/schema#'],
      ['x-hint', 'https://json-schema.org/draft/2020-12/schema'],
    ] as const) {
      const defect = defectOf(Type.Object({}, { [keyword]: value }));
      expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
      expect(defect.details.path).toBe('');
      expect(defect.message).toContain(`\`${keyword}\` on an object`);
    }
  });
});

describe('lengths and item counts', () => {
  it('publishes only the bounds declared, equal bounds and a bound of 0', () => {
    expect(Object.keys(published(Type.String()) as object)).toEqual(['type']);
    expect(Object.keys(published(Type.Array(Type.String())) as object)).toEqual(['type', 'items']);
    expect(published(Type.String({ minLength: 0, maxLength: 0 }))).toEqual({
      type: 'string',
      minLength: 0,
      maxLength: 0,
    });
    expect(published(Type.String({ minLength: 3, maxLength: 3 }))).toEqual({
      type: 'string',
      minLength: 3,
      maxLength: 3,
    });
    expect(published(Type.Array(Type.String(), { minItems: 2, maxItems: 2 }))).toEqual({
      type: 'array',
      items: { type: 'string' },
      minItems: 2,
      maxItems: 2,
    });
  });
});

describe('number bounds', () => {
  it.each([
    [
      'an inclusive lower bound tighter than an exclusive one',
      { minimum: 5, exclusiveMinimum: 1, maximum: 4 },
    ],
    [
      'an exclusive lower bound tighter than an inclusive one',
      { exclusiveMinimum: 4, minimum: 1, maximum: 4 },
    ],
    [
      'an exclusive lower bound equal to an inclusive one',
      { minimum: 3, exclusiveMinimum: 3, maximum: 3 },
    ],
    [
      'an exclusive upper bound equal to an inclusive one',
      { minimum: 3, maximum: 3, exclusiveMaximum: 3 },
    ],
    [
      'an exclusive upper bound tighter than an inclusive one',
      { minimum: 4, maximum: 5, exclusiveMaximum: 4 },
    ],
  ])('refuses bounds that admit nothing: %s', (_name, bounds) => {
    const defect = defectOf(Type.Object({ field: Type.Number(bounds) }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('lower bound exceeds the upper bound');
  });

  it.each([
    ['equal inclusive bounds', { minimum: 3, maximum: 3 }],
    ['an upper bound alone', { maximum: 5 }],
    ['a lower bound alone', { exclusiveMinimum: 5 }],
    ['an inclusive bound meeting the other side', { minimum: 4, exclusiveMinimum: 1, maximum: 4 }],
    [
      'an exclusive bound looser than the inclusive one',
      { minimum: 1, maximum: 4, exclusiveMaximum: 9 },
    ],
  ])('publishes bounds that admit a value: %s, as declared', (_name, bounds) => {
    expect(published(Type.Number(bounds))).toEqual({ type: 'number', ...bounds });
  });
});

describe('integer bounds', () => {
  it.each([
    [
      'an inclusive lower bound tighter than an exclusive one',
      { minimum: 5, exclusiveMinimum: 1, maximum: 4 },
    ],
    ['an exclusive lower bound meeting the upper bound', { exclusiveMinimum: 3, maximum: 3 }],
    ['an exclusive upper bound meeting the lower bound', { minimum: 3, exclusiveMaximum: 3 }],
    [
      'an inclusive upper bound tighter than an exclusive one',
      { minimum: 5, maximum: 4, exclusiveMaximum: 9 },
    ],
    [
      'an exclusive lower bound equal to both inclusive bounds',
      { minimum: 3, exclusiveMinimum: 3, maximum: 3 },
    ],
    [
      'an exclusive upper bound equal to both inclusive bounds',
      { minimum: 3, maximum: 3, exclusiveMaximum: 3 },
    ],
  ])('refuses bounds that admit no integer: %s', (_name, bounds) => {
    const defect = defectOf(Type.Object({ field: Type.Integer(bounds) }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('lower bound exceeds the upper bound');
  });

  it('refuses a multiple that lies beyond the upper bound', () => {
    const defect = defectOf(
      Type.Object({ field: Type.Integer({ minimum: 5, maximum: 5, multipleOf: 2 }) }),
    );
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.message).toContain('No multiple of the `multipleOf` lies within the bounds');
  });

  it.each([
    ['equal bounds', { minimum: 3, maximum: 3 }],
    ['exclusive bounds around one integer', { exclusiveMinimum: 2, exclusiveMaximum: 4 }],
    ['a multiple at the lower bound only', { minimum: 4, maximum: 4, multipleOf: 2 }],
    ['a negative multiple at both bounds', { minimum: -4, maximum: -4, multipleOf: 2 }],
    ['a multiple above a negative lower bound', { minimum: -3, maximum: -2, multipleOf: 2 }],
  ])('publishes bounds that admit an integer: %s', (_name, bounds) => {
    const node = published(Type.Integer(bounds)) as Record<string, unknown>;
    expect(node).toMatchObject(bounds);
  });

  it('publishes bigint bounds of a safe integer as numbers, up to ±(2^53 - 1)', () => {
    const low = BigInt(Number.MIN_SAFE_INTEGER);
    const high = BigInt(Number.MAX_SAFE_INTEGER);
    const field = Type.Integer({ minimum: low, maximum: high } as Record<string, unknown>);
    expect(published(field)).toEqual({
      type: 'integer',
      minimum: Number.MIN_SAFE_INTEGER,
      maximum: Number.MAX_SAFE_INTEGER,
    });
    for (const [keyword, bound] of [
      ['minimum', low - 1n],
      ['maximum', high + 1n],
    ] as const) {
      const defect = defectOf(
        Type.Object({ field: Type.Integer({ [keyword]: bound } as Record<string, unknown>) }),
      );
      expect(defect.code).toBe(MALFORMED_SCHEMA);
      expect(defect.details.path).toBe(`${AT}/${keyword}`);
      expect(defect.message).toContain('not a safe integer');
    }
  });

  it('publishes a safe number bound of a plain BigInt exactly, and refuses one beyond 64 bits', () => {
    expect(published(Type.BigInt({ minimum: -5, maximum: 7 } as Record<string, unknown>))).toEqual({
      type: 'integer',
      minimum: -5n,
      maximum: 7n,
    });
    const defect = defectOf(
      Type.Object({
        field: Type.BigInt({ minimum: -(2n ** 63n) - 1n } as Record<string, unknown>),
      }),
    );
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(`${AT}/minimum`);
    expect(defect.message).toContain('-2^63 to 2^63 - 1');
  });
});

describe('enum values', () => {
  it('publishes each distinct value once', () => {
    expect(
      published(Type.Union([Type.Literal('a'), Type.Literal('b'), Type.Literal('a')])),
    ).toEqual({ type: 'string', enum: ['a', 'b'] });
  });

  it('publishes fractions as numbers', () => {
    expect(published(Type.Union([Type.Literal(1.5), Type.Literal(2)]))).toEqual({
      type: 'number',
      enum: [1.5, 2],
    });
  });

  it('refuses booleans beside numbers, as values of more than one JSON type', () => {
    const defect = defectOf(
      Type.Object({ field: Type.Union([Type.Literal(true), Type.Literal(1)]) }),
    );
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain('more than one JSON type');
  });
});
