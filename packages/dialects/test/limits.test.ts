/**
 * Guards the size limits: a document is measured as if every reference were inlined,
 * which on a generated diamond catalog equals the measure of the literally inlined document, and
 * openai_strict refuses with DialectError LIMIT_EXCEEDED naming the limit when OpenAI's documented
 * limits (5000 properties, 10 levels, 120,000 characters, 1000 enum values, 15,000 characters in
 * one enum of over 250 values) would be exceeded, and publishes below them.
 */
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_LIMITS,
  ANTHROPIC_STRICT_UNROLL_DEPTH,
  DIALECT_ERROR_CODES,
  DIALECTS,
  DialectError,
  inlineRefs,
  OPENAI_STRICT_LIMITS,
} from '../src/index.ts';
import { measureSchema } from '../src/internal/measure.ts';
import { recursionSelf, SCHEMA_2020 } from './fixtures/catalog.ts';
import { diamond, diamondProperties } from './fixtures/diamond.ts';

const openai = DIALECTS.openai_strict;

function refusal(fn: () => unknown): DialectError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DialectError) return error;
    throw error;
  }
  throw new Error('expected a DialectError');
}

const tool = (properties: Record<string, unknown>): SchemaObject => ({
  $schema: SCHEMA_2020,
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
});

describe('the limit tables', () => {
  it("pin the vendors' documented figures and the unroll depth, frozen", () => {
    expect(OPENAI_STRICT_LIMITS).toEqual({
      properties: 5000,
      depth: 10,
      characters: 120_000,
      enumValues: 1000,
      largeEnumValues: 250,
      largeEnumCharacters: 15_000,
    });
    expect(ANTHROPIC_STRICT_LIMITS).toEqual({ optionalProperties: 24, unionProperties: 16 });
    expect(ANTHROPIC_STRICT_UNROLL_DEPTH).toBe(3);
    expect(Object.isFrozen(OPENAI_STRICT_LIMITS)).toBe(true);
    expect(Object.isFrozen(ANTHROPIC_STRICT_LIMITS)).toBe(true);
  });
});

describe('measuring a generated diamond catalog', () => {
  it.each([
    [2, 2],
    [3, 4],
    [4, 5],
    [5, 3],
  ])('levels %i, fan %i: the measure equals that of the inlined document', (levels, fan) => {
    const doc = diamond(levels, fan);
    const measured = measureSchema(doc);
    const inlined = measureSchema(inlineRefs(doc, 'canonical'));
    expect(measured.properties).toBe(diamondProperties(levels, fan));
    expect({ ...measured, characters: 0 }).toEqual({ ...inlined, characters: 0 });
    expect(measured.depth).toBe(levels + 2);
    const gemini = DIALECTS.gemini.publish(doc, 'input').schema;
    expect(measureSchema(gemini).properties).toBe(measured.properties);
  });

  it('counts a cycle once', () => {
    expect(measureSchema(recursionSelf)).toMatchObject({ properties: 3, depth: 2 });
  });

  it('publishes a diamond within the limits and refuses one past 5000 properties', () => {
    expect(diamondProperties(3, 8)).toBeLessThanOrEqual(OPENAI_STRICT_LIMITS.properties);
    expect(() => openai.publish(diamond(3, 8), 'input').schema).not.toThrow();
    expect(diamondProperties(4, 8)).toBeGreaterThan(OPENAI_STRICT_LIMITS.properties);
    const error = refusal(() => openai.publish(diamond(4, 8), 'input').schema);
    expect(error.code).toBe(DIALECT_ERROR_CODES.LIMIT_EXCEEDED);
    expect(error.details).toEqual({
      dialect: 'openai_strict',
      limit: 'properties',
      path: '/$defs/L4/properties/v',
    });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.message).toBe(
      "The rendering states 5001 object properties, over the vendor's documented limit of 5000 (`properties`). State fewer in the canonical document, or publish the tool in another dialect.",
    );
    expect(() => openai.publish(diamond(4, 8), 'output').schema).not.toThrow();
  });

  it('refuses a document nested past 10 levels', () => {
    let inner: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10; level++) inner = tool({ [`l${level}`]: inner });
    expect(() => openai.publish(inner as SchemaObject, 'input').schema).not.toThrow();
    expect(refusal(() => openai.publish(tool({ top: inner }), 'input').schema).details.limit).toBe(
      'depth',
    );
  });

  it('refuses more than 1000 enum values in total', () => {
    const values = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const ok = tool({
      a: { type: 'string', enum: values(500, 'a') },
      b: { type: 'string', enum: values(500, 'b') },
    });
    expect(() => openai.publish(ok, 'input').schema).not.toThrow();
    const over = tool({ ...(ok.properties as object), c: { type: 'string', enum: ['c'] } });
    expect(refusal(() => openai.publish(over, 'input').schema).details.limit).toBe('enumValues');
  });

  it('refuses a string enum of over 250 values totalling over 15,000 characters', () => {
    const long = Array.from(
      { length: 251 },
      (_, i) => `${String(i).padStart(3, '0')}${'x'.repeat(60)}`,
    );
    expect(
      refusal(() => openai.publish(tool({ e: { type: 'string', enum: long } }), 'input').schema)
        .details.limit,
    ).toBe('largestEnumCharacters');
    const short = long.map((v) => v.slice(0, 50));
    expect(
      () => openai.publish(tool({ e: { type: 'string', enum: short } }), 'input').schema,
    ).not.toThrow();
  });

  it('refuses more than 120,000 characters of names and values', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 1300 }, (_, i) => [
        `${String(i).padStart(4, '0')}${'n'.repeat(96)}`,
        { type: 'string' },
      ]),
    );
    expect(refusal(() => openai.publish(tool(properties), 'input').schema).details.limit).toBe(
      'characters',
    );
  });
});
