/**
 * Guards that every canonical document the publisher produces (input and output, for every fixture)
 * is a valid JSON Schema 2020-12 document under the official meta-schema, and that a 2020-12
 * validator reads it as the gate will: closed objects, bounds, maps, open values, recursion.
 *
 * Ajv is the reference validator here and in tests only. It cannot hold a bigint, so documents go
 * through their wire form first: `stringifyCanonical` writes Int64 bounds as exact integer literals
 * and `JSON.parse` reads them back as the nearest doubles (±9223372036854775808). The meta-schema
 * only asks that a bound be a number, so validity is unaffected; the exact Int64 bounds themselves
 * are pinned in publish.test.ts, not here.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  type CanonicalDocument,
  Int8,
  Int64,
  publishCanonical,
  publishCanonicalOutput,
  Recursive,
  Map as StringMap,
  stringifyCanonical,
  Unknown,
} from '../src/index.ts';
import { PUBLISHER_FIXTURES } from './fixtures/publisher.ts';

function wire(document: CanonicalDocument): Record<string, unknown> {
  return JSON.parse(stringifyCanonical(document)) as Record<string, unknown>;
}

const metaValidator = new Ajv2020({ strict: true });

describe('the official 2020-12 meta-schema', () => {
  // Published inside each test, not while the tests are collected, so a test that publishes is
  // the one charged with what it published.
  const documents = PUBLISHER_FIXTURES.flatMap((fixture) => [
    [`${fixture.name} (input)`, () => publishCanonical(fixture.schema)] as const,
    ...(fixture.output === undefined
      ? []
      : [
          [
            `${fixture.name} (output)`,
            () => publishCanonicalOutput(fixture.schema) as CanonicalDocument,
          ] as const,
        ]),
  ]);

  it.each(documents)('accepts %s', (_name, publish) => {
    const document = publish();
    expect(document).toBeDefined();
    const valid = metaValidator.validateSchema(wire(document));
    expect(metaValidator.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('is really consulted: a document with a misspelled type is refused', () => {
    expect(
      metaValidator.validateSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'strnig',
      }),
    ).toBe(false);
    expect(
      metaValidator.validateSchema({
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        required: 'a',
      }),
    ).toBe(false);
  });
});

describe('read by a 2020-12 validator', () => {
  // Formats are annotations to Ajv unless ajv-formats is added; the gate judges them, not Ajv.
  const ajv = new Ajv2020({ strict: true, validateFormats: false });
  const compile = (document: CanonicalDocument) => ajv.compile(wire(document));

  it('closes every object and requires every non-optional property', () => {
    const validate = compile(
      publishCanonical(
        Type.Object({ a: Type.String(), inner: Type.Object({ b: Type.Optional(Type.Boolean()) }) }),
      ),
    );
    expect(validate({ a: 'x', inner: {} })).toBe(true);
    expect(validate({ a: 'x', inner: { b: true } })).toBe(true);
    expect(validate({ inner: {} })).toBe(false);
    expect(validate({ a: 'x', inner: {}, extra: 1 })).toBe(false);
    expect(validate({ a: 'x', inner: { c: 1 } })).toBe(false);
    expect(validate({ a: 'x', inner: { b: null } })).toBe(false);
  });

  it('bounds every integer by its width, in arrays at any depth and in map values', () => {
    const validate = compile(
      publishCanonical(
        Type.Object({
          one: Int8(),
          many: Type.Array(Int8()),
          plain: Type.Array(Type.Array(Type.Integer())),
          byName: StringMap(Type.Array(Int8())),
        }),
      ),
    );
    const fine = { one: 127, many: [-128, 127], plain: [[2 ** 53 - 1]], byName: { a: [1] } };
    expect(validate(fine)).toBe(true);
    expect(validate({ ...fine, one: 128 })).toBe(false);
    expect(validate({ ...fine, many: [1000] })).toBe(false);
    expect(validate({ ...fine, many: [99999999999] })).toBe(false);
    expect(validate({ ...fine, many: [1.5] })).toBe(false);
    expect(validate({ ...fine, byName: { a: [128] } })).toBe(false);
    expect(validate({ ...fine, one: '1' })).toBe(false);
    // A 30-digit integer reaches Ajv as its nearest double, far past the SafeInteger bound.
    expect(
      validate(
        JSON.parse('{"one":1,"many":[],"plain":[[123456789012345678901234567890]],"byName":{}}'),
      ),
    ).toBe(false);
  });

  it('judges map entries by the value shape and admits any JSON in an open value', () => {
    const validate = compile(
      publishCanonical(
        Type.Object({ m: StringMap(Int8()), open: StringMap(Unknown()), any: Unknown() }),
      ),
    );
    expect(validate({ m: { x: 1, y: -128 }, open: { k: [null, { z: 1 }] }, any: null })).toBe(true);
    expect(validate({ m: { x: 300 }, open: {}, any: 1 })).toBe(false);
    expect(validate({ m: { x: 'a' }, open: {}, any: 1 })).toBe(false);
  });

  it('follows recursion below the root', () => {
    const Tree = Recursive('Tree', (self) => Type.Object({ v: Int8(), kids: Type.Array(self) }));
    const validate = compile(publishCanonical(Type.Object({ tree: Tree })));
    expect(validate({ tree: { v: 1, kids: [{ v: 2, kids: [] }] } })).toBe(true);
    expect(validate({ tree: { v: 1, kids: [{ v: 200, kids: [] }] } })).toBe(false);
    expect(validate({ tree: { v: 1, kids: [{ v: 2, kids: [], x: 1 }] } })).toBe(false);
    const root = compile(publishCanonical(Tree));
    expect(root({ v: 1, kids: [] })).toBe(true);
    expect(root({ v: 1 })).toBe(false);
  });

  it('admits the Int64 extremes as the wire states them', () => {
    const document = publishCanonical(Type.Object({ id: Int64() }));
    expect(stringifyCanonical(document)).toContain('-9223372036854775808');
    const validate = compile(document);
    expect(validate({ id: 0 })).toBe(true);
    expect(validate({ id: 1.5 })).toBe(false);
  });
});
