/**
 * The openai_strict inverse on the shapes a canonical document can take around an optional
 * property: which member of a union judges a value (by discriminator, by JSON type, through
 * references), when canonical admits the null a model sent (so it stays), the references that
 * lead nowhere or back to themselves (the value is returned as it came, and the call ends), and
 * that arguments needing no change come back as the very same value.
 */
import type { JsonValue } from '@portcullis/schema';
import type { SchemaNode, SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../src/index.ts';
import { SCHEMA_2020 } from './fixtures/catalog.ts';

const openai = DIALECTS.openai_strict;

const object = (
  properties: Record<string, SchemaNode>,
  required: readonly string[] = Object.keys(properties),
): SchemaObject => ({
  type: 'object',
  properties,
  required: [...required],
  additionalProperties: false,
});

/** A document whose one required property `at` is `node`, with `defs` under `$defs`. */
const holding = (node: SchemaNode, defs: Record<string, SchemaNode> = {}): SchemaObject => ({
  $schema: SCHEMA_2020,
  ...object({ at: node }),
  $defs: defs,
});

/** An object with a required `id` and an optional string `note`: the null at `note` goes. */
const noted = object({ id: { type: 'string' }, note: { type: 'string' } }, ['id']);
const sent = (): { id: string; note: null } => ({ id: 'a', note: null });

const back = (wire: JsonValue, doc: SchemaObject): JsonValue => openai.arguments(wire, doc);

describe('openai_strict arguments through unions', () => {
  const circle = object({ kind: { const: 'circle' }, radius: { type: 'number' } }, ['kind']);
  const square = object({ kind: { const: 'square' }, side: { type: 'number' } }, ['kind']);
  const shapes = holding({ anyOf: [circle, square] });
  const nullableShapes = holding({ anyOf: [circle, square, { type: 'null' }] });

  it('selects the member of a discriminated union by its literal', () => {
    expect(back({ at: { kind: 'square', side: null, radius: null } }, shapes)).toEqual({
      at: { kind: 'square', radius: null },
    });
    expect(back({ at: { kind: 'circle', side: null, radius: null } }, shapes)).toEqual({
      at: { kind: 'circle', side: null },
    });
  });

  it('selects the member of a nullable discriminated union, and keeps its null', () => {
    expect(back({ at: { kind: 'square', side: null } }, nullableShapes)).toEqual({
      at: { kind: 'square' },
    });
    const absent = { at: null };
    expect(back(absent, nullableShapes)).toBe(absent);
  });

  it('leaves a value no literal selects as it came', () => {
    for (const wire of [
      { at: { kind: 'triangle', side: null } },
      { at: { kind: 7, side: null } },
      { at: { side: null } },
      { at: [{ kind: 'square', side: null }] },
      { at: 'square' },
    ]) {
      expect(back(wire, shapes)).toBe(wire);
    }
  });

  it('selects the one member of the value JSON type among scalar, enum and const members', () => {
    for (const other of [
      { type: 'integer' },
      { type: 'number' },
      { type: 'string' },
      { type: ['string', 'number'] },
      { enum: ['a', 1, null, [1]] },
      { const: null },
      { const: 2 },
      { $ref: '#/$defs/Text' },
      // A member stating no type is not counted.
      { description: 'anything' },
      { minLength: 1 },
    ] as SchemaNode[]) {
      const doc = holding({ anyOf: [other, noted] }, { Text: { type: 'string' } });
      expect(back({ at: sent() }, doc)).toEqual({ at: { id: 'a' } });
    }
  });

  it('selects a member typed by a list, and a member reached through references', () => {
    const listed = { ...noted, type: ['object', 'null'] };
    expect(back({ at: sent() }, holding({ anyOf: [{ type: 'string' }, listed] }))).toEqual({
      at: { id: 'a' },
    });
    const chained = holding(
      { anyOf: [{ type: 'string' }, { $ref: '#/$defs/A' }] },
      { A: { $ref: '#/$defs/B' }, B: noted },
    );
    expect(back({ at: sent() }, chained)).toEqual({ at: { id: 'a' } });
  });

  it('tells an array member from an object member', () => {
    const doc = holding({ anyOf: [noted, { type: 'array', items: noted }] });
    expect(back({ at: [sent()] }, doc)).toEqual({ at: [{ id: 'a' }] });
    expect(back({ at: sent() }, doc)).toEqual({ at: { id: 'a' } });
  });

  it('selects nothing when two members admit the type of the value', () => {
    const other = object({ id: { type: 'string' }, text: { type: 'string' } }, ['id']);
    for (const doc of [
      holding({ anyOf: [noted, other] }),
      holding({ anyOf: [{ type: 'object' }, noted] }),
      // An object held by an enum or a const is a value of the object type too.
      holding({ anyOf: [{ const: { id: 'b' } }, noted] }),
      holding({ anyOf: [{ enum: ['b', { id: 'b' }] }, noted] }),
      holding({ anyOf: [{ type: ['string', 'object'] }, noted] }),
    ]) {
      const wire = { at: sent() };
      expect(back(wire, doc)).toBe(wire);
    }
  });

  it('selects past a member whose reference leads nowhere or only back to itself', () => {
    for (const ref of ['#/$defs/Missing', '#/$defs/Loop']) {
      const doc = holding({ anyOf: [{ $ref: ref }, noted] }, { Loop: { $ref: '#/$defs/Loop' } });
      expect(back({ at: sent() }, doc)).toEqual({ at: { id: 'a' } });
    }
  });

  it('selects the one branch of a nullable union even when it states no type', () => {
    const untyped = { properties: noted.properties, required: ['id'] };
    expect(back({ at: sent() }, holding({ anyOf: [untyped, { type: 'null' }] }))).toEqual({
      at: { id: 'a' },
    });
    // A null member with more than `type` is a member of its own: nothing is selected then.
    const wire = { at: sent() };
    expect(back(wire, holding({ anyOf: [untyped, { type: 'null', description: 'none' }] }))).toBe(
      wire,
    );
  });
});

describe('openai_strict arguments at an optional property', () => {
  const optional = (node: SchemaNode, defs: Record<string, SchemaNode> = {}): SchemaObject => ({
    $schema: SCHEMA_2020,
    ...object({ id: { type: 'string' }, at: node }, ['id']),
    $defs: defs,
  });

  it('keeps the null where canonical admits null', () => {
    for (const doc of [
      optional(true),
      optional({}),
      optional({ description: 'anything' }),
      optional({ type: 'null' }),
      optional({ type: ['string', 'null'] }),
      optional({ enum: ['a', null] }),
      optional({ const: null }),
      optional({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
      optional({ $ref: '#/$defs/Maybe' }, { Maybe: { type: ['string', 'null'] } }),
      optional({ $ref: '#/$defs/A' }, { A: { $ref: '#/$defs/Maybe' }, Maybe: { const: null } }),
    ]) {
      const wire = { id: 'a', at: null };
      expect(back(wire, doc)).toBe(wire);
    }
  });

  it('removes the null where canonical does not admit it', () => {
    for (const doc of [
      optional(false),
      optional({ type: 'string' }),
      optional({ enum: ['a', 'b'] }),
      optional({ const: 'a' }),
      optional({ anyOf: [{ type: 'string' }, { type: 'integer' }] }),
      optional({ $ref: '#/$defs/Text' }, { Text: { type: 'string' } }),
      optional({ $ref: '#/$defs/Missing' }),
      optional({ $ref: '#/$defs/Loop' }, { Loop: { $ref: '#/$defs/Loop' } }),
      optional({ $ref: '#/$defs/A' }, { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } }),
    ]) {
      expect(back({ id: 'a', at: null }, doc)).toEqual({ id: 'a' });
    }
  });

  it('returns a value under a reference to itself as it came', () => {
    const doc = holding({ $ref: '#/$defs/Loop' }, { Loop: { $ref: '#/$defs/Loop' } });
    const wire = { at: { note: null } };
    expect(back(wire, doc)).toBe(wire);
  });
});

describe('openai_strict arguments that need no change', () => {
  it('returns the very same value, through objects, arrays and unions', () => {
    const doc = holding({ type: 'array', items: { anyOf: [noted, { type: 'null' }] } });
    for (const wire of [{ at: [{ id: 'a' }, null, { id: 'b', note: 'x' }] }, { at: [] }]) {
      expect(back(wire, doc)).toBe(wire);
    }
    const items = { at: [{ id: 'a', note: null }] };
    expect(back(items, doc)).toEqual({ at: [{ id: 'a' }] });
    expect(items.at[0]).toEqual({ id: 'a', note: null });
  });

  it('leaves an array whose schema states no item schema as it came', () => {
    for (const node of [{ type: 'array' }, { type: 'array', items: true }] as SchemaNode[]) {
      const wire = { at: [sent()] };
      expect(back(wire, holding(node))).toBe(wire);
    }
  });
});
