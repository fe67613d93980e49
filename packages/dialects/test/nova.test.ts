/**
 * Pins the nova spelling (H9, H15, H16): the root holds exactly type, properties and required,
 * references are inlined and cycles broken, and every keyword below the root is kept.
 */
import { expect, it } from 'vitest';
import { novaDialect as nova } from '../src/index.ts';
import {
  maps,
  nested,
  noParams,
  recursionMutual,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';

it('H16: the root is exactly {type, properties, required}; nested closure kept', () => {
  const doc = nova.inputSchema({ ...nested, title: 'Tool', description: 'Does things' });
  expect(Object.keys(doc)).toEqual(['type', 'properties', 'required']);
  expect((doc.properties as Record<string, Record<string, unknown>>).outer).toEqual(
    nested.properties && (nested.properties as Record<string, unknown>).outer,
  );
});

it('H15: no parameters', () => {
  expect(nova.inputSchema(noParams)).toEqual({ type: 'object', properties: {}, required: [] });
});

it('H9: inlines references, keeps maps below the root, breaks cycles to a titled object', () => {
  const doc = nova.inputSchema(recursionMutual);
  expect(JSON.stringify(doc)).not.toContain('$ref');
  const start = (doc.properties as Record<string, Record<string, Record<string, unknown>>>).start!;
  const b = start.properties!.b as Record<string, Record<string, unknown>>;
  expect(b.properties!.a).toEqual({
    type: 'object',
    title: 'A',
    description: 'A A: a recursive reference whose shape is not restated here.',
  });
  const owners = (nova.inputSchema(maps).properties as Record<string, unknown>).owners;
  expect(owners).toEqual({
    type: 'object',
    additionalProperties: (maps.$defs as Record<string, unknown>).Person,
  });
});

it('H24: an output root keeps no required and no $schema', () => {
  const doc = nova.outputSchema({
    $schema: SCHEMA_2020,
    type: 'object',
    properties: { a: { type: 'string' } },
    additionalProperties: false,
  });
  expect(doc).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
});

it('H6: keeps int64 bounds exact and every format below the root', () => {
  const p = nova.inputSchema(scalars).properties as Record<string, unknown>;
  expect(p.int64).toEqual({
    type: 'integer',
    minimum: -9223372036854775808n,
    maximum: 9223372036854775807n,
  });
  expect(p.span).toEqual({ type: 'string', format: 'duration' });
});
