/**
 * Guards the publisher over generated declarations (property-based): every generated declaration
 * publishes a document that is valid 2020-12, admits every value the declaration describes (read by
 * a reference 2020-12 validator), never admits a value the TypeBox declaration refuses, and is
 * published the same way every time without touching the declaration.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { type TSchema, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import {
  INTEGER_WIDTHS,
  Int8,
  Int16,
  Int32,
  publishCanonical,
  SafeInteger,
  Map as StringMap,
  stringifyCanonical,
  Uint8,
  Uint16,
  Uint32,
  Unknown,
} from '../src/index.ts';

type Width = 'Int8' | 'Int16' | 'Int32' | 'Uint8' | 'Uint16' | 'Uint32' | 'SafeInteger';
type Spec =
  | { readonly k: 'int'; readonly width: Width }
  | { readonly k: 'string' }
  | { readonly k: 'number' }
  | { readonly k: 'boolean' }
  | { readonly k: 'enum'; readonly values: readonly string[] }
  | { readonly k: 'unknown' }
  | { readonly k: 'array'; readonly item: Spec }
  | { readonly k: 'map'; readonly value: Spec }
  | {
      readonly k: 'object';
      readonly props: readonly { name: string; spec: Spec; optional: boolean }[];
    };

const BUILD = { Int8, Int16, Int32, Uint8, Uint16, Uint32, SafeInteger } as const;
// `__proto__` and the empty name are left out here only because Ajv 8 mishandles them (it reports a
// declared `__proto__` as additional and never enforces `required: [""]`); publish.test.ts pins
// that the publisher keeps both as data.
const NAMES = fc
  .oneof(
    fc.constantFrom('type', 'properties', '$ref', 'title', 'constructor', 'a/b', '~'),
    fc.string({ maxLength: 6 }),
  )
  .filter((name) => name !== '__proto__' && name !== '');

const specs = fc.letrec<{ spec: Spec; object: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      k: fc.constant('int' as const),
      width: fc.constantFrom(...(Object.keys(BUILD) as Width[])),
    }),
    fc.constant({ k: 'string' as const }),
    fc.constant({ k: 'number' as const }),
    fc.constant({ k: 'boolean' as const }),
    fc.record({
      k: fc.constant('enum' as const),
      values: fc.uniqueArray(fc.string({ maxLength: 4 }), { minLength: 1, maxLength: 4 }),
    }),
    fc.constant({ k: 'unknown' as const }),
    fc.record({ k: fc.constant('array' as const), item: tie('spec') }),
    fc.record({ k: fc.constant('map' as const), value: tie('spec') }),
    tie('object'),
  ),
  object: fc.record({
    k: fc.constant('object' as const),
    props: fc.uniqueArray(fc.record({ name: NAMES, spec: tie('spec'), optional: fc.boolean() }), {
      maxLength: 4,
      selector: (prop) => prop.name,
    }),
  }),
})).object;

function declare(spec: Spec): TSchema {
  switch (spec.k) {
    case 'int':
      return BUILD[spec.width]();
    case 'string':
      return Type.String();
    case 'number':
      return Type.Number();
    case 'boolean':
      return Type.Boolean();
    case 'enum':
      return Type.Union(spec.values.map((value) => Type.Literal(value)));
    case 'unknown':
      return Unknown();
    case 'array':
      return Type.Array(declare(spec.item));
    case 'map':
      return StringMap(declare(spec.value));
    case 'object': {
      const properties: Record<string, TSchema> = {};
      for (const { name, spec: child, optional } of spec.props) {
        const declared = declare(child);
        Object.defineProperty(properties, name, {
          value: optional ? Type.Optional(declared) : declared,
          enumerable: true,
        });
      }
      return Type.Object(properties);
    }
  }
}

/**
 * Values the declaration describes, with no key it does not declare; with `wide`, every integer lies
 * just outside its width or far beyond it, wherever it sits (so at any depth of arrays and maps).
 */
function values(spec: Spec, wide = false): fc.Arbitrary<unknown> {
  switch (spec.k) {
    case 'int': {
      const { minimum, maximum } = INTEGER_WIDTHS[spec.width];
      return wide
        ? fc.constantFrom(minimum - 1, maximum + 1, 99999999999, -(2 ** 60))
        : fc.integer({ min: minimum, max: maximum });
    }
    case 'string':
      return fc.string();
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...spec.values);
    case 'unknown':
      return fc.jsonValue();
    case 'array':
      return fc.array(values(spec.item, wide), { minLength: wide ? 1 : 0, maxLength: 3 });
    case 'map':
      return fc.dictionary(fc.string({ maxLength: 4 }), values(spec.value, wide), {
        minKeys: wide ? 1 : 0,
        maxKeys: 3,
      });
    case 'object':
      return fc
        .tuple(
          ...spec.props.map((prop) =>
            prop.optional
              ? fc.option(values(prop.spec, wide), { nil: undefined })
              : values(prop.spec, wide),
          ),
        )
        .map((entries) => {
          const out: Record<string, unknown> = {};
          spec.props.forEach((prop, index) => {
            if (entries[index] !== undefined) {
              Object.defineProperty(out, prop.name, {
                value: entries[index],
                enumerable: true,
                writable: true,
                configurable: true,
              });
            }
          });
          return out;
        });
  }
}

// ownProperties: Ajv otherwise reads an optional property named `constructor` from the prototype.
const ajv = new Ajv2020({ strict: true, ownProperties: true });
const compile = (document: object) =>
  ajv.compile(JSON.parse(stringifyCanonical(document as never)) as object);

describe('publishCanonical over generated declarations', () => {
  it('publishes valid 2020-12 that admits every value the declaration describes', () => {
    fc.assert(
      fc.property(
        specs.chain((spec) =>
          fc.tuple(fc.constant(spec), fc.array(values(spec), { maxLength: 4 })),
        ),
        ([spec, samples]) => {
          const document = publishCanonical(declare(spec));
          expect(ajv.validateSchema(JSON.parse(stringifyCanonical(document)) as object)).toBe(true);
          const validate = compile(document);
          for (const sample of samples) expect(validate(sample)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never admits a value the declaration refuses', () => {
    fc.assert(
      fc.property(
        specs.chain((spec) =>
          fc.tuple(
            fc.constant(spec),
            fc.oneof(values(spec), values(spec, true), fc.jsonValue(), fc.object()),
          ),
        ),
        ([spec, candidate]) => {
          const declared = declare(spec);
          if (compile(publishCanonical(declared))(candidate)) {
            expect(Value.Check(declared, candidate)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('is deterministic and leaves the declaration untouched', () => {
    fc.assert(
      fc.property(specs, (spec) => {
        const declared = declare(spec);
        const before = JSON.stringify(declared);
        const first = stringifyCanonical(publishCanonical(declared));
        expect(stringifyCanonical(publishCanonical(declared))).toBe(first);
        expect(JSON.stringify(declared)).toBe(before);
      }),
      { numRuns: 200 },
    );
  });
});
