/**
 * Pins the nova spelling: the root holds exactly type, properties and required, references are
 * inlined and each cycle broken to an object whose description names the definition (no title),
 * and every keyword below the root is kept.
 */
import { expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import {
  maps,
  nested,
  noParams,
  recursionMutual,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const nova = DIALECTS.nova;

it('states the root as exactly {type, properties, required}; nested closure kept', () => {
  const doc = nova.publish(
    { ...nested, title: 'Tool', description: 'Does things' },
    'input',
  ).schema;
  expect(Object.keys(doc)).toEqual(['type', 'properties', 'required']);
  expect((doc.properties as Record<string, Record<string, unknown>>).outer).toEqual(
    nested.properties && (nested.properties as Record<string, unknown>).outer,
  );
});

it('publishes no parameters as empty properties and required', () => {
  expect(nova.publish(noParams, 'input').schema).toEqual({
    type: 'object',
    properties: {},
    required: [],
  });
});

it('inlines references, keeps maps below the root, breaks a cycle to a described object', () => {
  const doc = nova.publish(recursionMutual, 'input').schema;
  expect(JSON.stringify(doc)).not.toContain('$ref');
  const start = (doc.properties as Record<string, Record<string, Record<string, unknown>>>).start!;
  const b = start.properties!.b as Record<string, Record<string, unknown>>;
  expect(b.properties!.a).toEqual({
    type: 'object',
    description: 'A recursive reference to A, whose shape is not restated here.',
  });
  const owners = (nova.publish(maps, 'input').schema.properties as Record<string, unknown>).owners;
  expect(owners).toEqual({
    type: 'object',
    additionalProperties: (maps.$defs as Record<string, unknown>).Person,
  });
});

it('keeps no required and no $schema at an output root', () => {
  const doc = nova.publish(
    {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    },
    'output',
  ).schema;
  expect(doc).toEqual({ type: 'object', properties: { a: { type: 'string' } } });
});

it('keeps int64 bounds exact and every format below the root', () => {
  const p = nova.publish(scalars, 'input').schema.properties as Record<string, unknown>;
  expect(p.int64).toEqual({
    type: 'integer',
    minimum: -9223372036854775808n,
    maximum: 9223372036854775807n,
  });
  expect(p.span).toEqual({ type: 'string', format: 'duration' });
});

it('keeps null at the break of a nullable definition', () => {
  const doc = nova.publish(
    {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { head: { $ref: '#/$defs/Node' } },
      required: ['head'],
      additionalProperties: false,
      $defs: {
        Node: {
          type: ['object', 'null'],
          properties: { next: { $ref: '#/$defs/Node' } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    },
    'input',
  ).schema;
  const head = (doc.properties as Record<string, Record<string, Record<string, unknown>>>).head!;
  expect(head.properties!.next).toEqual({
    type: ['object', 'null'],
    description: 'A recursive reference to Node, whose shape is not restated here.',
  });
  expect(admits(doc, { head: { next: null } })).toBe(true);
});
