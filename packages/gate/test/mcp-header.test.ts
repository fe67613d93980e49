/**
 * Guards the gate's reading of `x-mcp-header` (SEP-2243) as an annotation: a document carrying it
 * compiles, and every value is judged exactly as it is without it (the annotation admits nothing
 * more and refuses nothing more), whatever the annotation holds.
 */
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';

const plain = {
  type: 'object',
  properties: {
    region: { type: 'string', minLength: 2 },
    options: {
      type: 'object',
      properties: { limit: { type: 'integer', minimum: 0, maximum: 9 } },
      required: ['limit'],
      additionalProperties: false,
    },
  },
  required: ['region'],
  additionalProperties: false,
};

const annotated = {
  ...plain,
  properties: {
    region: { ...plain.properties.region, 'x-mcp-header': 'Region' },
    options: {
      ...plain.properties.options,
      properties: { limit: { ...plain.properties.options.properties.limit, 'x-mcp-header': 7 } },
    },
  },
};

const VALUES: readonly unknown[] = [
  { region: 'eu' },
  { region: 'eu', options: { limit: 3 } },
  { region: 'e' },
  { region: 5 },
  {},
  { region: 'eu', options: { limit: 10 } },
  { region: 'eu', options: {} },
  { region: 'eu', 'x-mcp-header': 'Region' },
  'Region',
  null,
];

describe('x-mcp-header in the gate', () => {
  it('compiles as an annotation', () => {
    expect(() => compileGate(annotated)).not.toThrow();
  });

  it.each(VALUES.map((value) => [JSON.stringify(value), value]))(
    'judges %s as the document without it',
    (_, value) => {
      expect(judge(value, annotated)).toEqual(judge(value, plain));
    },
  );
});
