/*
 * Invariant: on documents in the extended vocabulary (string lengths in code points, patterns with
 * the `u` flag, anchored and not, the `uuid`, `ipv4` and `ipv6` formats, item counts, `uniqueItems` over
 * objects written with their names in another order, exclusive bounds, integer `multipleOf`,
 * nullables, discriminated object unions and unions of scalars), the generated checker, the
 * interpreter and Ajv 8 (strict, with ajv-formats) admit exactly the same values, astral characters,
 * combining marks, missing and mistyped discriminators and objects valid for another member
 * included. Values past 2^53 and `bigint`s, which Ajv cannot judge exactly, are held to an exact
 * oracle of divisibility instead.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGate } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { asParsed } from './support/as-parsed.ts';

// ajv-formats is CommonJS; its plugin is the module's `default` export.
const addFormats = (addFormatsModule as unknown as { default: (ajv: Ajv2020) => Ajv2020 }).default;
const ajv = addFormats(new Ajv2020({ strict: true, allowUnionTypes: true }));

const PATTERNS = [
  '^a',
  'a$',
  'b',
  '^.$',
  '^.{2}$',
  '^\\p{L}+$',
  '^[\u{1f600}a]+$',
  '\\d',
  '^(?:ab|c)*$',
];
const STRINGS = [
  '',
  'a',
  'b',
  'ab',
  'ba',
  'abc',
  'c',
  '12',
  'x1',
  'é',
  'e\u0301',
  '\u{1f600}',
  'a\u{1f600}',
  '\u{1f600}\u{1f600}',
  '\u{10ffff}',
  '123e4567-e89b-12d3-a456-426614174000',
  '123E4567-E89B-12D3-A456-426614174000',
  '123e4567-e89b-12d3-a456-42661417400',
  '192.168.0.1',
  '256.1.1.1',
  '01.1.1.1',
  '1.1.1',
  '::1',
  '2001:db8::1',
  '::ffff:192.0.2.1',
  '1:::2',
  '1:2:3:4:5:6:7:8:9',
  '::1%eth0',
];
const NUMBERS = [0, -0, 1, -1, 6, 7, 35, 2 ** 20, 3 * 2 ** 20, 2 ** 40, 2 ** 40 + 1, 1.5, -7, 0.25];
const NAMES = ['kind', 'p', 'q'] as const;
const KINDS = ['a', 'b', 'c'] as const;

const stringLeaf = fc
  .record(
    {
      minLength: fc.integer({ min: 0, max: 3 }),
      maxLength: fc.integer({ min: 0, max: 3 }),
      pattern: fc.constantFrom(...PATTERNS),
      format: fc.constantFrom('uuid', 'ipv4', 'ipv6'),
    },
    { requiredKeys: [] },
  )
  .map((facets) => ({ type: 'string', ...facets }));

const integerLeaf = fc
  .record(
    {
      minimum: fc.integer({ min: -8, max: 8 }),
      maximum: fc.constantFrom(0, 7, 2 ** 20, 2 ** 40),
      exclusiveMinimum: fc.constantFrom(-1, 0, 1, 6),
      exclusiveMaximum: fc.constantFrom(7, 35, 2 ** 40),
      multipleOf: fc.constantFrom(1, 2, 3, 5, 7, 2 ** 20),
    },
    { requiredKeys: [] },
  )
  .map((facets) => ({ type: 'integer', ...facets }));

const numberLeaf = fc
  .record(
    {
      exclusiveMinimum: fc.constantFrom(-1, 0, 0.25, 1.5),
      exclusiveMaximum: fc.constantFrom(1, 1.5, 7),
    },
    { requiredKeys: [] },
  )
  .map((facets) => ({ type: 'number', ...facets }));

const scalarLeaf = fc.oneof(stringLeaf, integerLeaf, numberLeaf, fc.constant({ type: 'boolean' }));

/** `type: [T, "null"]`, the published nullable of a scalar. */
const nullable = scalarLeaf.map((leaf) => ({ ...leaf, type: [leaf.type, 'null'] }));

/** A union of scalars of distinct JSON types, nullable or not. */
const scalarUnion = fc
  .tuple(stringLeaf, integerLeaf, fc.boolean())
  .map(([text, count, orNull]) => ({
    anyOf: orNull ? [text, count, { type: 'null' }] : [text, count],
  }));

function documentArbitrary() {
  return fc.letrec<{ node: unknown }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalarLeaf,
      nullable,
      scalarUnion,
      fc
        .record(
          {
            items: tie('node'),
            minItems: fc.integer({ min: 0, max: 2 }),
            maxItems: fc.integer({ min: 1, max: 4 }),
            uniqueItems: fc.constant(true),
          },
          { requiredKeys: ['items'] },
        )
        .map((array) => ({ type: 'array', ...array })),
      fc
        .tuple(
          fc.uniqueArray(fc.constantFrom(...KINDS), { minLength: 2, maxLength: 3 }),
          fc.array(fc.tuple(tie('node'), fc.boolean(), fc.boolean()), {
            minLength: 3,
            maxLength: 3,
          }),
          fc.boolean(),
        )
        .map(([kinds, shapes, orNull]) => {
          const members: unknown[] = kinds.map((kind, index) => {
            const [shape, required, closed] = shapes[index] as [unknown, boolean, boolean];
            return {
              type: 'object',
              properties: { kind: { const: kind }, [index === 0 ? 'p' : 'q']: shape },
              required: required ? ['kind', index === 0 ? 'p' : 'q'] : ['kind'],
              ...(closed ? { additionalProperties: false } : {}),
            };
          });
          return { anyOf: orNull ? [...members, { type: 'null' }] : members };
        }),
    ),
  })).node;
}

/** Values near the documents: their strings and numbers, and objects that pick a member or none. */
function valueArbitrary() {
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.constantFrom<unknown>(...STRINGS),
      fc.constantFrom<unknown>(...NUMBERS),
      fc.constantFrom<unknown>(true, false, null),
      fc
        .tuple(fc.array(tie('value'), { maxLength: 4 }), fc.nat(), fc.boolean())
        .map(([items, pick, repeat]) =>
          // Often an item again, deep-copied with every object's names reversed: equal as JSON.
          repeat && items.length > 0 ? [...items, reversed(items[pick % items.length])] : items,
        ),
      fc.dictionary(fc.constantFrom<string>(...NAMES), tie('value'), { maxKeys: 3 }),
      fc
        .tuple(
          fc.constantFrom<unknown>(...KINDS, 'd', 1, null, true),
          fc.dictionary(fc.constantFrom('p', 'q'), tie('value'), { maxKeys: 2 }),
        )
        .map(([kind, rest]) => ({ ...rest, kind })),
    ),
  })).value;
}

/** A deep copy with the names of every object in reverse order. */
function reversed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversed);
  if (typeof value !== 'object' || value === null) return value;
  const names = Object.keys(value).reverse();
  return Object.fromEntries(
    names.map((name) => [name, reversed((value as Record<string, unknown>)[name])]),
  );
}

function interpreterAdmits(document: SchemaNode, value: unknown): boolean {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return sink.issues.length === 0;
}

describe('the extended vocabulary against Ajv 8', () => {
  it('admits exactly what Ajv admits, on the checker and the interpreter alike', () => {
    let admitted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        documentArbitrary(),
        fc.array(valueArbitrary(), { minLength: 1, maxLength: 12 }),
        (document, values) => {
          const validate = ajv.compile(document as object);
          const gate = compileGate(document as SchemaNode);
          for (const value of values) {
            const expected = validate(asParsed(value));
            expect(gate.admits(value)).toBe(expected);
            expect(interpreterAdmits(document as SchemaNode, value)).toBe(expected);
            if (expected) admitted++;
            else refused++;
          }
        },
      ),
      { numRuns: 800 },
    );
    expect(admitted).toBeGreaterThan(150);
    expect(refused).toBeGreaterThan(1500);
  });
});

describe('multipleOf past 2^53, against an exact oracle', () => {
  const divisors = [3n, 7n, 10n, 2n ** 20n, 3n ** 30n, 2n ** 62n];
  const values = fc.oneof(
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
    fc.bigInt({ min: 0n, max: 2n ** 20n }).map((k) => k * 3n ** 30n),
    fc.integer({ min: 54, max: 1000 }).map((shift) => 2 ** shift),
    fc.integer({ min: 0, max: 1000 }).map((k) => (2 ** 53 + 2 * k) * 3),
  );

  it('admits a value exactly when the divisor divides its mathematical value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...divisors),
        fc.boolean(),
        values,
        (divisor, asNumber, value) => {
          const declared = asNumber && divisor <= 2n ** 53n ? Number(divisor) : divisor;
          const document = { type: 'integer', multipleOf: declared } as SchemaNode;
          const exact = BigInt(value) % divisor === 0n;
          expect(compileGate(document).admits(value)).toBe(exact);
          expect(interpreterAdmits(document, value)).toBe(exact);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
