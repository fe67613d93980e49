/**
 * Pins the gemini_json spelling: JSON Schema kept (maps, `$defs`, recursion, bounds), with
 * `$schema`, `title` and exclusive bounds removed, `const` as a one-value enum, and a root
 * reference merged into the root.
 */
import { expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import { enums, maps, recursionSelf, rootRef, SCHEMA_2020, scalars } from './fixtures/catalog.ts';

const geminiJson = DIALECTS.gemini_json;

it('keeps maps, $defs, recursion, native enums and exact int64 bounds', () => {
  const { $schema: _, ...rest } = maps;
  expect(geminiJson.publish(maps, 'input')).toEqual({ schema: rest, narrowed: [] });
  expect(geminiJson.publish(recursionSelf, 'input').schema.$defs).toEqual(recursionSelf.$defs);
  expect(
    (geminiJson.publish(enums, 'input').schema.properties as Record<string, unknown>).level,
  ).toEqual({
    type: 'integer',
    enum: [1, 2, 3],
  });
  expect(
    (geminiJson.publish(scalars, 'input').schema.properties as Record<string, unknown>).int64,
  ).toEqual({
    type: 'integer',
    minimum: -9223372036854775808n,
    maximum: 9223372036854775807n,
  });
});

it('removes title and exclusive bounds; const becomes a one-value enum', () => {
  const doc = geminiJson.publish(
    {
      $schema: SCHEMA_2020,
      title: 'Tool',
      type: 'object',
      properties: {
        title: { type: 'number', exclusiveMinimum: 0, title: 'T' },
        kind: { const: 'fixed' },
      },
      required: ['title'],
      additionalProperties: false,
    },
    'input',
  ).schema;
  expect(doc).toEqual({
    type: 'object',
    properties: {
      title: { type: 'number', description: 'Greater than 0.' },
      kind: { enum: ['fixed'] },
    },
    required: ['title'],
    additionalProperties: false,
  });
});

it('merges a root reference into the root (Gemini refuses a root $ref)', () => {
  const doc = geminiJson.publish(rootRef, 'input').schema;
  expect(doc.type).toBe('object');
  expect(doc).not.toHaveProperty('$ref');
  expect(doc.properties).toEqual({
    name: { type: 'string' },
    sub: { type: 'array', items: { $ref: '#' } },
    parent: { $ref: '#' },
  });
});

it('references into the merged definition, however spelled, follow it to the root', () => {
  const doc = geminiJson.publish(
    {
      $schema: SCHEMA_2020,
      $ref: '#/$defs/Folder',
      $defs: {
        Folder: {
          type: 'object',
          properties: {
            self: { $ref: '#/%24defs/Folder' },
            name: { $ref: '#/$defs/Folder/properties/label' },
            label: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
    },
    'input',
  ).schema;
  expect(doc).toEqual({
    type: 'object',
    properties: {
      self: { $ref: '#' },
      name: { $ref: '#/properties/label' },
      label: { type: 'string' },
    },
    additionalProperties: false,
  });
});
