/*
 * Guards the wire form of exact bounds: an Int64 place publishes bigint bounds, which
 * `JSON.stringify` cannot write, so every rendering that leaves a process is written by the schema
 * package's bigint-aware writer, exactly and never rounded, in every dialect.
 */
import { INT64_MAX, INT64_MIN, stringifyCanonical } from '@portcullis/schema';
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS } from '../src/index.ts';

const canonical: SchemaObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    account: { type: 'integer', minimum: INT64_MIN, maximum: INT64_MAX },
    ledger: {
      type: 'array',
      items: { type: 'integer', minimum: INT64_MIN, maximum: INT64_MAX },
    },
  },
  required: ['account', 'ledger'],
  additionalProperties: false,
};

describe.each(DIALECT_NAMES)('an Int64 tool in %s', (name) => {
  it('is written exactly by stringifyCanonical, which JSON.stringify cannot do', () => {
    const { schema } = DIALECTS[name].publish(canonical, 'input');
    const text = stringifyCanonical(schema);
    const bounds = JSON.stringify(schema, (_key, value) =>
      typeof value === 'bigint' ? `bigint:${value}` : value,
    ).includes('bigint:');
    if (bounds) {
      expect(() => JSON.stringify(schema)).toThrow(TypeError);
      expect(text).toContain('"minimum":-9223372036854775808,"maximum":9223372036854775807');
      expect(text).not.toMatch(/e\+?18/);
    }
    // Whatever a dialect kept, the text is JSON a vendor can read.
    expect(() => JSON.parse(text)).not.toThrow();
  });
});

describe('the dialects that keep integer bounds', () => {
  it('are at least canonical, openai_strict, gemini_json and nova', () => {
    const kept = DIALECT_NAMES.filter((name) =>
      stringifyCanonical(DIALECTS[name].publish(canonical, 'input').schema).includes(
        '9223372036854775807',
      ),
    );
    expect(kept).toEqual(
      expect.arrayContaining(['canonical', 'openai_strict', 'gemini_json', 'nova']),
    );
  });
});
