/**
 * Guards publishEveryDialect, the start-up check: over a fixture catalog that includes a tool past
 * OpenAI's limits, a recursive tool past Anthropic's budget once unrolled and a tool whose root is
 * not an object, every dialect answers with its rendering (equal to what `publish` gives) or the
 * DialectError a later `tools/list` would meet, keyed by every wire name in order; any other
 * error is a defect and is rethrown as it came.
 */

import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import {
  DIALECT_ERROR_CODES,
  DIALECT_NAMES,
  DIALECTS,
  DialectError,
  publishEveryDialect,
  type SchemaSide,
} from '../src/index.ts';
import { INPUT_FIXTURES, OUTPUT_FIXTURES, SCHEMA_2020 } from './fixtures/catalog.ts';
import { diamond } from './fixtures/diamond.ts';
import { optionalChain } from './fixtures/optional-chain.ts';

/** A recursive tool of 9 optional properties per level: 27 once anthropic_strict unrolls it. */
const deepOptional = optionalChain(25);

const CATALOG: Readonly<Record<string, SchemaObject>> = {
  ...INPUT_FIXTURES,
  pastOpenAiLimits: diamond(4, 8),
  pastAnthropicBudget: deepOptional,
  arrayRoot: { $schema: SCHEMA_2020, type: 'array', items: { type: 'string' } },
};

/** The dialects each catalog tool cannot be published in, with the code and limit of the error. */
const REFUSED: Readonly<Record<string, Readonly<Record<string, readonly [string, string?]>>>> = {
  pastOpenAiLimits: { openai_strict: [DIALECT_ERROR_CODES.LIMIT_EXCEEDED, 'properties'] },
  pastAnthropicBudget: {
    anthropic_strict: [DIALECT_ERROR_CODES.LIMIT_EXCEEDED, 'optionalProperties'],
  },
  arrayRoot: Object.fromEntries(
    DIALECT_NAMES.filter((name) => name !== 'canonical').map((name) => [
      name,
      [DIALECT_ERROR_CODES.ROOT_NOT_OBJECT],
    ]),
  ),
};

describe('publishEveryDialect over a fixture catalog', () => {
  it.each(Object.entries(CATALOG))('answers for every dialect on %s', (tool, canonical) => {
    const results = publishEveryDialect(canonical, 'input');
    expect(Object.keys(results)).toEqual([...DIALECT_NAMES]);
    expect(Object.isFrozen(results)).toBe(true);
    for (const name of DIALECT_NAMES) {
      const result = results[name];
      const refused = REFUSED[tool]?.[name];
      if (refused === undefined) {
        expect(result, name).toEqual({
          ok: true,
          value: DIALECTS[name].publish(canonical, 'input'),
        });
        continue;
      }
      expect(result.ok, name).toBe(false);
      if (result.ok) continue;
      expect(result.error).toBeInstanceOf(DialectError);
      expect(result.error.code).toBe(refused[0]);
      expect(result.error.details.dialect).toBe(name);
      expect(result.error.details.limit).toBe(refused[1]);
      expect(() => DIALECTS[name].publish(canonical, 'input')).toThrow(DialectError);
    }
  });

  it('publishes every output document in every dialect, a tool past the input limits included', () => {
    for (const canonical of [...Object.values(OUTPUT_FIXTURES), diamond(4, 8), deepOptional]) {
      const results = publishEveryDialect(canonical, 'output' satisfies SchemaSide);
      for (const name of DIALECT_NAMES) {
        expect(results[name], name).toEqual({
          ok: true,
          value: DIALECTS[name].publish(canonical, 'output'),
        });
      }
    }
  });

  it('finds a dialect past its inliner budget at start', () => {
    const defs: Record<string, object> = {};
    for (let i = 0; i < 20; i++) {
      defs[`D${i}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/D${i + 1}` }, b: { $ref: `#/$defs/D${i + 1}` } },
        required: ['a', 'b'],
        additionalProperties: false,
      };
    }
    defs.D20 = { type: 'string' };
    const wide: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { x: { $ref: '#/$defs/D0' } },
      required: ['x'],
      additionalProperties: false,
      $defs: defs,
    };
    const results = publishEveryDialect(wide, 'input');
    for (const name of ['gemini', 'nova', 'anthropic_strict'] as const) {
      const result = results[name];
      expect(result.ok ? undefined : result.error.code, name).toBe(
        DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED,
      );
      expect(result.ok ? undefined : result.error.details.dialect).toBe(name);
    }
    expect(results.canonical.ok).toBe(true);
    expect(results.gemini_json.ok).toBe(true);
  });

  it('rethrows an error that is no DialectError as it came', () => {
    const unresolvable: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { a: { $ref: '#/$defs/Missing' } },
      additionalProperties: false,
    };
    expect(() => publishEveryDialect(unresolvable, 'input')).toThrow(
      expect.objectContaining({ code: SCHEMA_ERROR_CODES.UNRESOLVABLE_REF }),
    );
    expect(() => publishEveryDialect(unresolvable, 'input')).toThrow(SchemaDefectError);
    const failure = new TypeError('unreadable');
    const hostile = {
      type: 'object',
      get properties(): never {
        throw failure;
      },
    } as unknown as SchemaObject;
    let caught: unknown;
    try {
      publishEveryDialect(hostile, 'input');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(failure);
  });
});
