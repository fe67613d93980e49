/*
 * Invariant: the generated checker (the fast path) and the refusal interpreter agree on every
 * document and value: the checker admits exactly when the interpreter finds no fault. On documents
 * and values outside the gate's own additions (bigint, temporal formats, forbidden characters) both
 * also agree with Ajv 8, an implementation nobody here wrote.
 */
import { escapePointerSegment, type SchemaNode } from '@portcullis/schema/document';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { asParsed } from './support/as-parsed.ts';

const NAMES = ['a', 'b', 'c', 'toString'] as const;
/** Ajv reads `data.toString` through the prototype, so a declared `toString` is left out there. */
const PLAIN_NAMES = ['a', 'b', 'c'] as const;

interface Options {
  readonly gateOnly: boolean;
}

function schemaArbitrary({ gateOnly }: Options) {
  const names = gateOnly ? NAMES : PLAIN_NAMES;
  const bound = gateOnly
    ? fc.oneof(
        fc.integer({ min: -5, max: 5 }),
        fc.constantFrom(2 ** 53, 9223372036854775807n, -(2n ** 63n), 0.5),
      )
    : fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom(2 ** 53, 0.5));
  const scalarValue = gateOnly
    ? fc.oneof(
        fc.constantFrom<unknown>('x', 'C', 'F', '', 1, 0, -1, 1.5, true, null, 5n, 2n ** 63n),
      )
    : fc.constantFrom<unknown>('x', 'C', 'F', '', 1, 0, -1, 1.5, true, null);
  const typeName = fc.constantFrom(
    'null',
    'boolean',
    'object',
    'array',
    'number',
    'integer',
    'string',
  );
  const leaf = fc
    .record(
      {
        type: fc.oneof(typeName, fc.uniqueArray(typeName, { minLength: 1, maxLength: 3 })),
        minimum: bound,
        maximum: bound,
        exclusiveMinimum: bound,
        exclusiveMaximum: bound,
        enum: fc.array(scalarValue, { minLength: 1, maxLength: 3 }),
        const: scalarValue,
        format: fc.constantFrom('date-time', 'date', 'time', 'duration'),
        minLength: fc.integer({ min: 0, max: 3 }),
        maxLength: fc.integer({ min: 0, max: 3 }),
        pattern: fc.constantFrom('^x', 'C|F', '^.$', '\\d', '^\\p{L}*$'),
        multipleOf: gateOnly
          ? fc.oneof(fc.integer({ min: 1, max: 3 }), fc.constant(2n ** 62n))
          : fc.integer({ min: 1, max: 3 }),
        nullable: fc.boolean(),
      },
      { requiredKeys: [] },
    )
    .map((schema) => {
      const copy: Record<string, unknown> = { ...schema };
      if (!gateOnly) {
        delete copy.format;
        delete copy.nullable;
      }
      return copy;
    });
  return fc
    .letrec<{ schema: unknown }>((tie) => ({
      schema: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.boolean(),
        fc.constantFrom(
          { $ref: '#/$defs/Node' },
          { $ref: '#/$defs/Leaf' },
          { $ref: '#/$defs/Either' },
        ),
        fc.record(
          {
            type: fc.constant('object'),
            properties: fc.dictionary(fc.constantFrom(...names), tie('schema'), { maxKeys: 3 }),
            required: fc.subarray([...names]),
            additionalProperties: fc.oneof(fc.constant(false), tie('schema')),
          },
          { requiredKeys: ['properties'] },
        ),
        fc.record(
          {
            type: fc.constant('array'),
            items: tie('schema'),
            minItems: fc.integer({ min: 0, max: 2 }),
            maxItems: fc.integer({ min: 0, max: 3 }),
            uniqueItems: fc.boolean(),
          },
          { requiredKeys: [] },
        ),
        fc.constant({ $ref: '#/$defs/Pet' }),
        fc.record({ anyOf: fc.array(tie('schema'), { minLength: 1, maxLength: 3 }) }),
      ),
    }))
    .schema.map((schema) => ({
      $defs: {
        Node: {
          type: 'object',
          properties: { a: { type: 'integer', minimum: 0 }, b: { $ref: '#/$defs/Node' } },
          additionalProperties: false,
        },
        Leaf: { type: 'integer', maximum: 3 },
        Either: {
          anyOf: [{ $ref: '#/$defs/Leaf' }, { type: 'string', enum: ['C', 'F', 'x\u0000'] }],
        },
        // A discriminated object union (on `a`), nullable.
        Pet: {
          anyOf: [
            {
              type: 'object',
              properties: { a: { const: 'x' }, b: { type: 'integer' } },
              required: ['a'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { a: { const: 'C' }, b: { type: 'string', maxLength: 1 } },
              required: ['a', 'b'],
            },
            { type: 'null' },
          ],
        },
      },
      anyOf: [schema],
    }));
}

function valueArbitrary({ gateOnly }: Options) {
  const strings = gateOnly
    ? fc.constantFrom(
        'x',
        'C',
        'F',
        '',
        '2024-02-29',
        '2023-02-29',
        '2024-05-01T13:45:00Z',
        '23:59:60Z',
        'P1D',
        'PT',
        'a\u0000',
        '\ud800',
        'k\u001f',
        '\u{1f600}',
        'x\u{1f600}9',
        'xx',
      )
    : fc.constantFrom('x', 'C', 'F', '', 'a b', '2024-02-29', '\u{1f600}', 'x\u{1f600}9', 'xx');
  const numbers = gateOnly
    ? fc.constantFrom<unknown>(
        0,
        1,
        -1,
        1.5,
        2 ** 53,
        2 ** 63,
        -0,
        Number.NaN,
        Number.POSITIVE_INFINITY,
        5n,
        2n ** 63n,
        -(2n ** 63n) - 1n,
        2n ** 1024n,
        -(10n ** 400n),
      )
    : fc.constantFrom<unknown>(0, 1, -1, 1.5, 2 ** 53, 3, 0.5, 6);
  const key = gateOnly
    ? fc.constantFrom<string>(...NAMES, 'z', 'k\u0001')
    : fc.constantFrom<string>(...PLAIN_NAMES, 'z');
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      strings,
      numbers,
      fc.constantFrom<unknown>(true, false, null),
      fc.array(tie('value'), { maxLength: 3 }),
      fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    ),
  })).value;
}

/** The interpreter's answer, walking the whole value (no limit, so no early stop). */
function interpreterAdmits(document: SchemaNode, value: unknown): boolean {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return sink.issues.length === 0;
}

describe('the fast path and the interpreter', () => {
  it('agree on generated documents and values (accept iff accept)', () => {
    let admitted = 0;
    let refused = 0;
    fc.assert(
      fc.property(
        schemaArbitrary({ gateOnly: true }),
        fc.array(valueArbitrary({ gateOnly: true }), { minLength: 1, maxLength: 8 }),
        (document, values) => {
          const gate = compileGate(document as SchemaNode);
          for (const value of values) {
            const fast = gate.admits(value);
            expect(interpreterAdmits(document as SchemaNode, value)).toBe(fast);
            const judgement = gate.judge(value);
            expect(judgement.ok).toBe(fast);
            if (fast) admitted++;
            else refused++;
          }
        },
      ),
      { numRuns: 2000 },
    );
    // Neither answer may dominate so much that the agreement says nothing.
    expect(admitted).toBeGreaterThan(500);
    expect(refused).toBeGreaterThan(500);
  });

  it('agree with Ajv 8 on documents and values that stay inside plain JSON Schema', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    fc.assert(
      fc.property(
        schemaArbitrary({ gateOnly: false }),
        valueArbitrary({ gateOnly: false }),
        (document, value) => {
          // The gate is given the value as generated (a prototype-less object among them); Ajv a
          // copy as the decoder would build it (see support/as-parsed.ts).
          const ajvAdmits = ajv.validate(document as object, asParsed(value));
          expect(compileGate(document as SchemaNode).admits(value)).toBe(ajvAdmits);
          expect(interpreterAdmits(document as SchemaNode, value)).toBe(ajvAdmits);
        },
      ),
      { numRuns: 600 },
    );
  });
});

/** Builds an object with own data properties, `__proto__` included (as the decoder does). */
function own(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

describe('property names in the generated source', () => {
  const HOSTILE = [
    '"',
    '\\',
    "'",
    '`',
    '\u0024{x}',
    '*/',
    '\u2028',
    '\u2029',
    'a\nb',
    '"]); throw new Error("injected"); //',
    "'); throw 1; //",
    '__proto__',
    'constructor',
    'hasOwnProperty',
    'valueOf',
    'x\u0000',
    '\ud800',
    'return',
    'k',
    'x',
  ] as const;
  const name = fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', maxLength: 4 }));

  it('are data, never code: each is judged as its own declared property', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (names, closed) => {
          const document = {
            type: 'object',
            properties: own(
              names.map((key, i) => [key, { type: i % 2 === 0 ? 'integer' : 'string' }]),
            ),
            required: names.slice(0, 3),
            additionalProperties: closed ? false : { type: 'boolean' },
          } as SchemaNode;
          const valid = own(names.map((key, i) => [key, i % 2 === 0 ? 1 : 's']));
          expect(judge(valid, document)).toEqual({ ok: true });
          const wrong = own(names.map((key, i) => [key, i % 2 === 0 ? 's' : 1]));
          const judgement = judge(wrong, document);
          expect(judgement.ok).toBe(false);
          if (judgement.ok) return;
          expect(judgement.refusal.issues.map((issue) => `${issue.path} ${issue.code}`)).toEqual(
            names.map((key) => `/${escapePointerSegment(key)} TYPE_MISMATCH`),
          );
          const missing = judge({}, document);
          expect(missing.ok).toBe(false);
          if (missing.ok) return;
          expect(missing.refusal.issues.map((issue) => issue.path)).toEqual(
            names.slice(0, 3).map((key) => `/${escapePointerSegment(key)}`),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('agree between the fast path and the interpreter for caller keys of any spelling', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.array(fc.tuple(name, fc.constantFrom<unknown>(1, 's', true, null, 2n)), {
          maxLength: 6,
        }),
        (names, closed, entries) => {
          const document = {
            type: 'object',
            properties: own(names.map((key) => [key, { type: 'integer' }])),
            additionalProperties: closed ? false : { type: 'boolean' },
          } as SchemaNode;
          const value = own(entries);
          expect(interpreterAdmits(document, value)).toBe(compileGate(document).admits(value));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
