/**
 * Guards fail-fast publishing: every construct outside the vocabulary, and every malformed
 * declaration, throws a SchemaDefectError whose code is stable and whose path names the declared
 * location in the published document, so the catalog can name the tool and the field.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  ArtifactRefs,
  Int8,
  Int64,
  Recursive,
  SCHEMA_ERROR_CODES,
  Map as StringMap,
} from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const { UNSUPPORTED_CONSTRUCT, MALFORMED_SCHEMA, UNRESOLVABLE_REF, CONFLICTING_DEFINITION } =
  SCHEMA_ERROR_CODES;

/** Declares `field` under `/properties/filter/properties/mode` so every case proves the path. */
function nested(field: TSchema): TSchema {
  return Type.Object({ filter: Type.Object({ mode: field }) });
}
const MODE = '/properties/filter/properties/mode';

/** `[<hole>, 'x']`: index 0 is absent, not undefined. */
function holed(): unknown[] {
  const items: unknown[] = [];
  items[1] = 'x';
  return items;
}

function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value['self'] = value;
  return value;
}

const codec = Type.Codec(Type.String())
  .Decode((value) => value.length)
  .Encode((value) => String(value));

const Circle = Type.Object({ kind: Type.Literal('circle'), radius: Type.Number() });
const Square = Type.Object({ kind: Type.Literal('square'), side: Type.Number() });

const UNSUPPORTED: readonly (readonly [string, TSchema, string])[] = [
  [
    'an object union without a discriminator',
    Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    'no discriminator',
  ],
  [
    'an object union whose literals repeat',
    Type.Union([Circle, Type.Object({ kind: Type.Literal('circle') })]),
    'one required property of the same name',
  ],
  [
    'an object union whose discriminator is optional in a member',
    Type.Union([Circle, Type.Object({ kind: Type.Optional(Type.Literal('square')) })]),
    'no discriminator',
  ],
  [
    'an object union holding a map',
    Type.Union([Circle, StringMap(Type.String())]),
    'discriminator',
  ],
  [
    'an object union beside a string',
    Type.Union([Circle, Square, Type.String()]),
    'beside members of other types',
  ],
  [
    'two members of one JSON type',
    Type.Union([Type.Integer(), Type.Number()]),
    'two members of the JSON type `number`',
  ],
  [
    'two array members',
    Type.Union([Type.Array(Type.String()), Type.Array(Type.Integer())]),
    '`array`',
  ],
  ['a literal beside a string', Type.Union([Type.String(), Type.Literal('a')]), '`string`'],
  [
    'a nested union',
    Type.Union([Type.Union([Type.String(), Type.Integer()]), Type.Boolean()]),
    'one flat `Type.Union`',
  ],
  [
    'a nullable member of a union',
    Type.Union([Type.Union([Type.String(), Type.Null()]), Type.Boolean()]),
    '`Type.Null()` once',
  ],
  ['a nullable open value', Type.Union([Type.Unknown(), Type.Null()]), 'already admits null'],
  ['an open value in a union', Type.Union([Type.Unknown(), Type.String()]), 'admits every value'],
  [
    'a recursive member of a union',
    Type.Union([
      Recursive('Node', (self) => Type.Object({ next: Type.Optional(self) })),
      Type.String(),
    ]),
    'declare the member inline',
  ],
  ['a union of nulls alone', Type.Union([Type.Null(), Type.Null()]), 'nullable value'],
  [
    'a multiple of a number',
    Type.Number({ multipleOf: 0.5 }),
    'declare an integer in smaller units',
  ],
  ['a multiple of an integral number', Type.Number({ multipleOf: 2 }), 'smaller units'],
  ['a format outside the vocabulary', Type.String({ format: 'regex' }), '`regex`'],
  ['a format that is not a string', Type.String({ format: 3 as unknown as string }), 'uuid'],
  ['a tuple', Type.Tuple([Type.String()]), 'declare an object'],
  ['a contains on an array', Type.Array(Type.String(), { contains: Type.String() }), '`contains`'],
  ['a function', Type.Function([], Type.String()), 'function'],
  ['undefined', Type.Undefined(), 'undefined'],
  ['null alone', Type.Null(), '`Type.Union([T, Type.Null()])`'],
  ['void', Type.Void(), 'void'],
  ['never', Type.Never(), 'admits nothing'],
  ['an empty union', Type.Union([]), 'no members'],
  ['a transform (codec)', codec, 'transform'],
  ['a refinement', Type.Refine(Type.String(), (value) => value.length > 2), 'refinement'],
  ['an intersection', Type.Intersect([Type.Object({}), Type.Object({})]), 'intersection'],
  ['a symbol', Type.Symbol(), 'symbol'],
  ['an open object', Type.Object({}, { additionalProperties: true }), 'use `Map`'],
  [
    'an object with a value schema',
    Type.Object({}, { additionalProperties: Type.String() }),
    'use `Map`',
  ],
  ['a record keyed by integers', Type.Record(Type.Integer(), Type.String()), 'any string'],
  ['an enum of mixed types', Type.Enum(['a', 1]), 'one JSON type'],
  ['a union of mixed literals', Type.Union([Type.Literal('a'), Type.Literal(1)]), 'one JSON type'],
  ['a bigint literal', Type.Literal(1n), 'one JSON type'],
  ['an unknown keyword', Type.String({ 'x-hint': 'h' }), '`x-hint`'],
  [
    'a nested $schema',
    Type.String({ $schema: 'https://json-schema.org/draft/2020-12/schema' }),
    '`$schema`',
  ],
  ['a $id', Type.String({ $id: 'thing' }), '`$id`'],
  [
    'a refined member of a literal union',
    Type.Union([Type.Refine(Type.Literal('a'), (value) => value === 'a'), Type.Literal('b')]),
    'refinement',
  ],
  [
    'a transformed member of a literal union',
    Type.Union([
      Type.Codec(Type.Literal('a'))
        .Decode((value) => value)
        .Encode((value) => value),
      Type.Literal('b'),
    ]),
    'transform',
  ],
  [
    'an unknown keyword on a member of a literal union',
    Type.Union([Type.Literal('a', { 'x-hint': 'h' }), Type.Literal('b')]),
    '`x-hint`',
  ],
  [
    'an optional member of a literal union',
    Type.Union([Type.Optional(Type.Literal('a')), Type.Literal('b')]),
    'optional',
  ],
  [
    'a TypeBox type outside the vocabulary',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: TypeBox's template literal syntax
    Type.TemplateLiteral('a${string}'),
    'template literal',
  ],
];

describe('constructs outside the vocabulary', () => {
  it.each(UNSUPPORTED)('refuses %s at its declared path', (_name, field, words) => {
    const defect = defectOf(nested(field));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(MODE);
    expect(defect.message).toContain(words);
    expect(defect.message).not.toContain(MODE);
    expect(defect.message).toMatch(/^[A-Z`].*\.$/);
  });

  it('names the path below arrays, maps and definitions', () => {
    const bad = Type.Function([], Type.String());
    expect(defectOf(Type.Object({ list: Type.Array(bad) })).details.path).toBe(
      '/properties/list/items',
    );
    expect(defectOf(Type.Object({ m: StringMap(bad) })).details.path).toBe(
      '/properties/m/additionalProperties',
    );
    const cyclic = Recursive('Node', (self) => Type.Object({ next: self, f: bad }));
    expect(defectOf(Type.Object({ n: cyclic })).details.path).toBe('/$defs/Node/properties/f');
  });

  it('escapes property names in the path', () => {
    const defect = defectOf(Type.Object({ 'a/b': Type.Object({ 'c~d': Type.Undefined() }) }));
    expect(defect.details.path).toBe('/properties/a~1b/properties/c~0d');
  });

  it('refuses an optional marker anywhere but on a property', () => {
    expect(
      defectOf(Type.Object({ l: Type.Array(Type.Optional(Type.String())) })).details.path,
    ).toBe('/properties/l/items');
    expect(defectOf(Type.Optional(Type.Object({}))).code).toBe(UNSUPPORTED_CONSTRUCT);
  });

  it.each([
    ['a string', Type.String()],
    ['an array', Type.Array(Type.Object({}))],
    ['an open value', Type.Unknown()],
    ['an enum', Type.Union([Type.Literal('a'), Type.Literal('b')])],
    ['a recursive array', Type.Cyclic({ L: Type.Array(Type.Ref('L')) }, 'L')],
  ])('refuses %s as the root of an input document', (_name, schema) => {
    const defect = defectOf(schema);
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('');
    expect(defect.message).toContain('is not an object');
  });

  it('refuses a plain object that TypeBox did not build', () => {
    const defect = defectOf(Type.Object({ raw: { type: 'string' } as unknown as TSchema }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/properties/raw');
    expect(defect.message).toContain('not built with TypeBox');
  });

  it('refuses the reserved property inside a recursive root', () => {
    const root = Recursive('Q', (self) =>
      Type.Object({ sub: Type.Optional(self), ...ArtifactRefs() }),
    );
    const defect = defectOf(root);
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/$defs/Q/properties/artifact_refs');
  });
});

describe('malformed declarations', () => {
  it.each([
    ['a fractional bound', Type.Integer({ minimum: 0.5 }), `${MODE}/minimum`],
    ['a bound beyond the safe range', Type.Integer({ maximum: 2 ** 53 }), `${MODE}/maximum`],
    [
      'a bigint bound beyond the safe range',
      Type.Integer({ maximum: 2n ** 60n }),
      `${MODE}/maximum`,
    ],
    ['crossed bounds', Type.Integer({ minimum: 5, maximum: 4 }), MODE],
    ['an Int64 bound beyond 64 bits', Type.BigInt({ maximum: 2n ** 63n }), `${MODE}/maximum`],
    ['a fractional Int64 bound', Type.BigInt({ minimum: 0.5 }), `${MODE}/minimum`],
    ['an Int64 number bound beyond 2^53 - 1', Type.BigInt({ maximum: 2 ** 60 }), `${MODE}/maximum`],
    ['crossed Int64 bounds', Type.BigInt({ minimum: 2n, maximum: 1n }), MODE],
    [
      'a description that is not a string',
      Type.String({ description: 3 as unknown as string }),
      `${MODE}/description`,
    ],
    [
      'a deprecated flag that is not boolean',
      Type.String({ deprecated: 'yes' }),
      `${MODE}/deprecated`,
    ],
    ['examples that are not an array', Type.String({ examples: 'a' }), `${MODE}/examples`],
    ['a default that is not JSON', Type.String({ default: () => 'x' }), `${MODE}/default`],
    [
      'a default holding a non-finite number',
      Type.Number({ default: { a: [Number.NaN] } }),
      `${MODE}/default/a/0`,
    ],
    ['examples with a hole', Type.String({ examples: holed() }), `${MODE}/examples/0`],
    ['a default holding a cycle', Type.String({ default: cyclic() }), `${MODE}/default/self`],
    [
      'a default whose key needs escaping',
      Type.String({ default: { 'x/y~': [() => 1] } }),
      `${MODE}/default/x~1y~0/0`,
    ],
    [
      'a default holding a class instance',
      Type.String({ default: new globalThis.Date(0) }),
      `${MODE}/default`,
    ],
  ])('refuses %s', (_name, field, path) => {
    const defect = defectOf(nested(field));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(path);
  });

  it('refuses a declaration that is not an object at all', () => {
    expect(defectOf(null).code).toBe(MALFORMED_SCHEMA);
    expect(defectOf('string').code).toBe(MALFORMED_SCHEMA);
    expect(defectOf(Type.Object({ a: 3 as unknown as TSchema })).details.path).toBe(
      '/properties/a',
    );
  });
});

describe('references and definitions', () => {
  it('refuses a reference outside any recursive type', () => {
    const defect = defectOf(Type.Object({ n: Type.Ref('Node') }));
    expect(defect.code).toBe(UNRESOLVABLE_REF);
    expect(defect.details.path).toBe('/properties/n');
  });

  it('refuses a reference to a definition its recursive type does not hold', () => {
    const defect = defectOf(
      Type.Object({ n: Type.Cyclic({ A: Type.Object({ b: Type.Ref('B') }) }, 'A') }),
    );
    expect(defect.code).toBe(UNRESOLVABLE_REF);
    expect(defect.details.path).toBe('/$defs/A/properties/b');
  });

  it('refuses two different recursive types under one name', () => {
    const one = Recursive('Node', (self) => Type.Object({ next: Type.Optional(self) }));
    const two = Recursive('Node', (self) => Type.Object({ prev: Type.Optional(self), v: Int8() }));
    const defect = defectOf(Type.Object({ one, two }));
    expect(defect.code).toBe(CONFLICTING_DEFINITION);
    expect(defect.details.path).toBe('/properties/two');
  });

  it('refuses two recursive types under one name whose integers differ only in width', () => {
    // Both publish bounds 0..5, but one is an `Int64` (bigint bounds, a bigint in the handler) and
    // the other an `Int8`: one entry would tell a reader of the document the wrong type.
    const wide = Recursive('Counter', (self) =>
      Type.Object({ n: Int64({ minimum: 0n, maximum: 5n }), next: Type.Optional(self) }),
    );
    const narrow = Recursive('Counter', (self) =>
      Type.Object({ n: Int8({ minimum: 0, maximum: 5 }), next: Type.Optional(self) }),
    );
    const defect = defectOf(Type.Object({ wide, narrow }));
    expect(defect.code).toBe(CONFLICTING_DEFINITION);
    expect(defect.details.path).toBe('/properties/narrow');
  });

  it('refuses a recursive type whose name no reference can spell', () => {
    const defect = defectOf(Type.Object({ n: Recursive('\uDC00', () => Type.Object({})) }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe('/$defs/\uDC00');
  });

  it('refuses two recursive types whose entries agree but whose other definitions differ', () => {
    const entry = Type.Object({ b: Type.Ref('B') });
    const one = Type.Cyclic({ A: entry, B: Type.Object({ x: Type.String() }) }, 'A');
    const two = Type.Cyclic(
      { A: Type.Object({ b: Type.Ref('B') }), B: Type.Object({ y: Int8() }) },
      'A',
    );
    const same = Type.Cyclic({ A: entry, B: Type.Object({ y: Int8() }) }, 'A');
    for (const other of [two, same]) {
      const defect = defectOf(Type.Object({ one, other }));
      expect(defect.code).toBe(CONFLICTING_DEFINITION);
      expect(defect.details.path).toBe('/$defs/A/properties/b');
      expect(defect.message).toContain('`B`');
    }
  });
});
