/**
 * Guards a map that is one member of a union in the dialects that publish maps as entry lists: the
 * published member is a list of entries, so the inverse must select that member for a list and turn
 * the entries back into the map, or the map can never be sent.
 */
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import { SCHEMA_2020 } from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const map = { type: 'object', additionalProperties: { type: 'string' } };

const tool = (labels: unknown) =>
  ({
    $schema: SCHEMA_2020,
    type: 'object',
    properties: { labels },
    required: ['labels'],
    additionalProperties: false,
  }) as SchemaObject;

const unionWithString = tool({ anyOf: [map, { type: 'string' }] });
const unionWithList = tool({ anyOf: [map, { type: 'array', items: { type: 'string' } }] });

describe('a map in a union, sent as entries', () => {
  for (const name of ['openai_strict', 'anthropic_strict', 'gemini'] as const) {
    it(`in ${name}: the entries become the map the canonical pass admits`, () => {
      const { schema } = DIALECTS[name].publish(unionWithString, 'input');
      const wire = { labels: [{ key: 'a', value: 'x' }] };
      expect(admits(schema, wire)).toBe(true);
      const canonical = DIALECTS[name].arguments(wire, unionWithString);
      expect(canonical).toEqual({ labels: { a: 'x' } });
      expect(admits(unionWithString, canonical)).toBe(true);
    });
  }

  for (const name of ['openai_strict', 'anthropic_strict', 'gemini'] as const) {
    it(`in ${name}: entries beside a list of strings become the map; a list stays a list`, () => {
      const { schema } = DIALECTS[name].publish(unionWithList, 'input');
      const wire = { labels: [{ key: 'a', value: 'x' }] };
      expect(admits(schema, wire)).toBe(true);
      const canonical = DIALECTS[name].arguments(wire, unionWithList);
      expect(canonical).toEqual({ labels: { a: 'x' } });
      expect(admits(unionWithList, canonical)).toBe(true);
      expect(DIALECTS[name].arguments({ labels: ['a'] }, unionWithList)).toEqual({ labels: ['a'] });
      expect(DIALECTS[name].arguments({ labels: [] }, unionWithList)).toEqual({ labels: [] });
    });
  }
});
