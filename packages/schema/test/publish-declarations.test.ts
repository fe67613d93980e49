/**
 * Declarations TypeBox builds only when misused or altered by hand (a table or a target missing, a
 * field of the wrong kind), and kinds outside the vocabulary: each is refused with its stable code,
 * the path of the declaration, and words that tell the author what to declare instead.
 */
import { type TSchema, Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  ArtifactRefs,
  publishCanonical,
  publishCanonicalOutput,
  Recursive,
  SCHEMA_ERROR_CODES,
  SchemaDefectError,
  Map as StringMap,
} from '../src/index.ts';
import { defectOf } from './fixtures/defects.ts';

const { UNSUPPORTED_CONSTRUCT, MALFORMED_SCHEMA, UNRESOLVABLE_REF } = SCHEMA_ERROR_CODES;

/** A copy of `schema` (its TypeBox kind kept) with `changes` applied; `undefined` removes a key. */
function altered(schema: TSchema, changes: Record<string, unknown>): TSchema {
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as Record<
    string,
    unknown
  >;
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete copy[key];
    else copy[key] = value;
  }
  return copy as unknown as TSchema;
}

/** A schema of TypeBox kind `kind` holding nothing else. */
function ofKind(kind: string): TSchema {
  return Object.defineProperty({}, '~kind', { value: kind, enumerable: false }) as TSchema;
}

const AT = '/properties/field';
const inObject = (field: TSchema): TSchema => Type.Object({ field });

describe('a declaration missing what its builder puts in it', () => {
  it.each([
    ['an enum without an array of values', altered(Type.Enum(['a']), { enum: 'a' }), 'Type.Enum'],
    [
      'an object without a properties table',
      altered(Type.Object({}), { properties: undefined }),
      'Type.Object',
    ],
    [
      'a record without a value schema',
      altered(StringMap(Type.String()), { patternProperties: undefined }),
      'Map(value)',
    ],
    [
      'a recursive type without definitions',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $defs: undefined }),
      'Type.Cyclic',
    ],
    [
      'a recursive type without an entry',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $ref: 1 }),
      'Type.Cyclic',
    ],
  ])('refuses %s as malformed, saying how to build it', (_name, field, words) => {
    const defect = defectOf(inObject(field));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain(words);
  });

  it('refuses a reference naming no target as malformed', () => {
    const schema = Type.Cyclic(
      { A: Type.Object({ next: altered(Type.Ref('A'), { $ref: 3 }) }) },
      'A',
    );
    const defect = defectOf(Type.Object({ field: schema }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe('/$defs/A/properties/next');
    expect(defect.message).toContain('Type.Ref(name)');
  });

  it('refuses a declaration that is no object as malformed, at the root and below', () => {
    for (const [schema, path] of [
      [null, ''],
      [Type.Object({ field: 'text' as unknown as TSchema }), AT],
    ] as const) {
      const defect = defectOf(schema);
      expect(defect.code).toBe(MALFORMED_SCHEMA);
      expect(defect.details.path).toBe(path);
      expect(defect.message).toContain('TypeBox');
    }
  });

  it('still throws these from the output publisher', () => {
    expect(() =>
      publishCanonicalOutput(inObject(altered(Type.Enum(['a']), { enum: 'a' }))),
    ).toThrow(SchemaDefectError);
  });
});

describe('a declaration the vocabulary cannot state', () => {
  it.each([
    [
      'an array without one item schema',
      altered(Type.Array(Type.String()), { items: undefined }),
      'Type.Array(item)',
    ],
    [
      'an array whose items are a list',
      altered(Type.Array(Type.String()), { items: [Type.String()] }),
      'Type.Array(item)',
    ],
    [
      'a record with a second key pattern',
      altered(StringMap(Type.String()), {
        patternProperties: { '^.*$': Type.String(), '^a': Type.String() },
      }),
      'any string',
    ],
    ['a constructor', Type.Constructor([], Type.String()), 'constructor is not a JSON value'],
    ['a function', Type.Function([], Type.String()), 'function is not a JSON value'],
    ['undefined', Type.Undefined(), 'declare the property optional'],
    ['a promise', ofKind('Promise'), 'promise is not a JSON value'],
    ['an iterator', ofKind('Iterator'), 'iterator is not a JSON value; declare an array'],
    [
      'an async iterator',
      ofKind('AsyncIterator'),
      'iterator is not a JSON value; declare an array',
    ],
    ['a kind TypeBox has but the vocabulary lacks', ofKind('Date'), 'The TypeBox type `Date`'],
    ['a kind named `toString`', ofKind('toString'), 'The TypeBox type `toString`'],
    ['a kind named `constructor`', ofKind('constructor'), 'The TypeBox type `constructor`'],
    ['a kind named `__proto__`', ofKind('__proto__'), 'The TypeBox type `__proto__`'],
    ['a schema with no kind at all', ofKind(7 as unknown as string), 'not built with TypeBox'],
    ['an optional array item', Type.Array(Type.Optional(Type.String())), 'only a property'],
  ])('refuses %s, saying what to declare instead', (_name, field, words) => {
    const defect = defectOf(inObject(field));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toMatch(new RegExp(`^${AT}`));
    expect(defect.message).toContain(words);
  });

  it('publishes an object stating additionalProperties false, as any object', () => {
    expect(
      publishCanonical(
        inObject(Type.Object({ a: Type.String() }, { additionalProperties: false })),
      ),
    ).toEqual(publishCanonical(inObject(Type.Object({ a: Type.String() }))));
  });

  it('refuses a recursive root whose entry is no object, saying to declare one', () => {
    for (const root of [
      Type.Cyclic({ A: Type.String() }, 'A'),
      Type.Cyclic({ A: Type.Array(Type.Ref('A')) }, 'A'),
    ]) {
      const defect = defectOf(root);
      expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
      expect(defect.details.path).toBe('');
      expect(defect.message).toContain('is not an object');
      expect(publishCanonicalOutput(root)).toBeUndefined();
    }
  });

  it.each([
    [
      'without definitions',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $defs: 'A' }),
      MALFORMED_SCHEMA,
      '',
      'Type.Cyclic',
    ],
    [
      'without an entry',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $ref: undefined }),
      MALFORMED_SCHEMA,
      '',
      'Type.Cyclic',
    ],
    [
      'whose entry is no schema',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $defs: { A: 3 } }),
      MALFORMED_SCHEMA,
      '/$defs/A',
      'TypeBox schema object',
    ],
    [
      'whose entry names no definition',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $ref: 'B' }),
      UNRESOLVABLE_REF,
      '',
      '`B`',
    ],
    [
      'whose entry is a name an object inherits',
      altered(Type.Cyclic({ A: Type.Object({}) }, 'A'), { $ref: 'toString' }),
      UNRESOLVABLE_REF,
      '',
      '`toString`',
    ],
  ])(
    'refuses a recursive root %s as it does the same type below the root',
    (_name, root, code, path, words) => {
      for (const [schema, at] of [
        [root, path],
        [inObject(root), path === '' ? AT : path],
      ] as const) {
        const defect = defectOf(schema);
        expect(defect.code).toBe(code);
        expect(defect.details.path).toBe(at);
        expect(defect.message).toContain(words);
        expect(() => publishCanonicalOutput(schema)).toThrow(SchemaDefectError);
      }
    },
  );
});

describe('references and recursive roots', () => {
  it('names the reference that resolves nowhere and where to define it', () => {
    const defect = defectOf(Type.Object({ n: Type.Ref('Node') }));
    expect(defect.code).toBe(UNRESOLVABLE_REF);
    expect(defect.message).toContain('`Node`');
    expect(defect.message).toContain('Type.Cyclic');
  });

  it('refuses artifact_refs in a recursive input root, naming the place, and keeps it in an output', () => {
    const root = Recursive('Q', (self) =>
      Type.Object({ sub: Type.Optional(self), ...ArtifactRefs() }),
    );
    const defect = defectOf(root);
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/$defs/Q/properties/artifact_refs');
    expect(defect.message).toContain('recursive root');
    const output = publishCanonicalOutput(root) as Record<string, unknown>;
    expect(output['$ref']).toBe('#/$defs/Q');
    const defs = output['$defs'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(defs['Q']?.['properties'] as object)).toEqual(['sub', 'artifact_refs']);
  });

  it('publishes a recursive root whose entry is a map', () => {
    const root = Type.Cyclic({ M: StringMap(Type.Ref('M')) }, 'M');
    expect(publishCanonical(root)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $ref: '#/$defs/M',
      $defs: { M: { type: 'object', additionalProperties: { $ref: '#/$defs/M' } } },
    });
  });
});

describe('a keyword the vocabulary lacks', () => {
  const hint = { 'x-hint': 'h' };
  it.each([
    ['a boolean', Type.Boolean(hint)],
    ['an open value', Type.Unknown(hint)],
    ['a literal', Type.Literal('a', hint)],
    ['an enum', Type.Enum(['a', 'b'], hint)],
    ['an array', Type.Array(Type.String(), hint)],
    ['an object', Type.Object({}, hint)],
    ['a map', altered(StringMap(Type.String()), hint)],
    ['a recursive type', Type.Cyclic({ A: Type.Object({}) }, 'A', hint)],
    [
      'a union',
      Type.Union([Type.Union([Type.Literal('a'), Type.Literal('b')], hint), Type.Literal('c')]),
    ],
  ])('is refused on %s, naming the keyword and the construct', (what, field) => {
    const defect = defectOf(inObject(field));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe(AT);
    expect(defect.message).toContain(`\`x-hint\` on ${what}`);
  });

  it('is refused on a reference, naming the construct', () => {
    const schema = Type.Cyclic({ A: Type.Object({ next: altered(Type.Ref('A'), hint) }) }, 'A');
    const defect = defectOf(Type.Object({ field: schema }));
    expect(defect.code).toBe(UNSUPPORTED_CONSTRUCT);
    expect(defect.details.path).toBe('/$defs/A/properties/next');
    expect(defect.message).toContain('`x-hint` on a reference');
  });
});

describe('a recursive root', () => {
  const root = (): TSchema =>
    Recursive('Node', (self) => Type.Object({ next: Type.Optional(self) }));

  it('accepts an author-stated 2020-12 $schema, as an object root does', () => {
    const stated = altered(root(), { $schema: 'https://json-schema.org/draft/2020-12/schema' });
    expect(publishCanonical(stated)).toEqual(publishCanonical(root()));
  });

  it('names the root as the place of a malformed annotation on it', () => {
    const defect = defectOf(altered(root(), { description: 3 }));
    expect(defect.code).toBe(MALFORMED_SCHEMA);
    expect(defect.details.path).toBe('/description');
  });

  it('is malformed when its entry is null or not named by a string, whatever key spells it', () => {
    for (const [changes, path] of [
      [{ $defs: { Node: null } }, '/$defs/Node'],
      [{ $ref: 1, $defs: { 1: Type.String() } }, ''],
    ] as const) {
      const defect = defectOf(altered(root(), changes));
      expect(defect.code).toBe(MALFORMED_SCHEMA);
      expect(defect.details.path).toBe(path);
    }
  });
});

describe('a union of literal unions', () => {
  it('publishes one enum of every literal, in order', () => {
    const nested = Type.Union([
      Type.Union([Type.Literal('a'), Type.Literal('b')]),
      Type.Literal('c'),
      Type.Union([Type.Literal('d'), Type.Union([Type.Literal('e')])]),
    ]);
    expect(publishCanonical(inObject(nested))['properties']).toEqual({
      field: { type: 'string', enum: ['a', 'b', 'c', 'd', 'e'] },
    });
  });
});
