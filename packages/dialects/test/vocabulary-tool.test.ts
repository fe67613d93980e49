/**
 * The fixture catalog's vocabulary tool rendered whole by each dialect: the properties each keeps,
 * drops or spells its own way, openai_strict's optional properties that admit null (published and
 * read back), and the discriminated union's rendering. The decision table per construct is in
 * `vocabulary.test.ts`.
 */
import { discriminatorOf, type SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_NAMES, DIALECTS } from '../src/index.ts';
import { vocabulary } from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';

const props = (doc: SchemaObject) => doc.properties as Record<string, SchemaObject>;

describe('the vocabulary tool, rendered whole', () => {
  it('joins the words of several dropped constraints after the description, in one order', () => {
    const { schema, narrowed } = DIALECTS.anthropic_strict.publish(vocabulary, 'input');
    expect(props(schema).name).toEqual({
      type: 'string',
      description: 'Display name. At least 1 and at most 40 characters.',
    });
    expect(props(schema).tags).toEqual({
      type: 'array',
      items: { type: 'string', description: 'At most 12 characters.' },
      minItems: 1,
      description: 'At most 20 items. No two items are equal.',
    });
    expect(props(schema).step).toEqual({
      type: 'integer',
      description: 'At least 0 and at most 1000. A multiple of 5.',
    });
    // The array and its items both dropped a constraint: both places are listed, in order.
    expect(narrowed).toContain('/properties/tags');
    expect(narrowed).toContain('/properties/tags/items');
    expect(narrowed.indexOf('/properties/tags')).toBeLessThan(
      narrowed.indexOf('/properties/tags/items'),
    );
  });

  it('states dropped constraints in an output too, but lists nothing there', () => {
    for (const name of DIALECT_NAMES) {
      const { schema, narrowed } = DIALECTS[name].publish(vocabulary, 'output');
      expect(narrowed, name).toEqual([]);
      const input = DIALECTS[name].publish(vocabulary, 'input').schema;
      if (name !== 'openai_strict') {
        expect(props(schema).name, name).toEqual(props(input).name);
      }
    }
  });

  it('in gemini, spells each nullable place with `nullable` beside a type, and admits its null', () => {
    const doc = DIALECTS.gemini.publish(vocabulary, 'input').schema;
    expect(props(doc).note).toEqual({ type: 'string', maxLength: 200, nullable: true });
    expect(props(doc).unit).toEqual({
      anyOf: [{ type: 'string', enum: ['cm', 'in'], nullable: true }],
    });
    expect(props(doc).value).toEqual({
      anyOf: [
        { type: 'string', maxLength: 8, nullable: true },
        { type: 'integer', nullable: true },
      ],
    });
    expect(props((props(doc).owner!.anyOf as SchemaObject[])[0]!)).toEqual({
      name: { type: 'string' },
      email: { type: 'string', description: 'An email address (RFC 5321 mailbox).' },
    });
    expect((props(doc).owner!.anyOf as SchemaObject[])[0]!.nullable).toBe(true);
  });
});

describe('openai_strict, an optional property that admits null', () => {
  const openai = DIALECTS.openai_strict;

  it('is spelled as canonical states it (its null is already there)', () => {
    const p = props(openai.publish(vocabulary, 'input').schema);
    expect(p.unit).toEqual(props(vocabulary).unit);
    expect(p.owner).toEqual(props(vocabulary).owner);
    expect(p.value).toEqual({
      anyOf: [
        { type: 'string', description: 'At most 8 characters.' },
        { type: 'integer' },
        { type: 'null' },
      ],
    });
    // The optional non-nullable `mail` is spelled as its own type or null.
    expect(p.mail).toEqual({ type: ['string', 'null'], format: 'email' });
  });

  it('keeps the null in the inverse, and removes one where canonical does not admit null', () => {
    const base = {
      name: 'n',
      code: 'ABC-1234',
      id: '123e4567-e89b-12d3-a456-426614174000',
      tags: ['a'],
      ratio: 0.5,
      step: 10,
      note: null,
    };
    const wire = {
      ...base,
      mail: null,
      site: null,
      host: null,
      v4: null,
      v6: null,
      unit: null,
      owner: { name: 'x', email: null },
      shape: { kind: 'square', side: 2, label: null },
      value: null,
    };
    const back = openai.arguments(wire, vocabulary);
    expect(back).toEqual({
      ...base,
      unit: null,
      owner: { name: 'x' },
      shape: { kind: 'square', side: 2, label: null },
      value: null,
    });
    expect(admits(vocabulary, back)).toBe(true);
    expect(admits(openai.publish(vocabulary, 'input').schema, wire)).toBe(true);
  });
});

describe('a discriminated union, rendered', () => {
  it.each(DIALECT_NAMES)('keeps the discriminator discriminatorOf reads, in %s', (name) => {
    const shape = props(DIALECTS[name].publish(vocabulary, 'input').schema).shape!;
    const canonical = discriminatorOf(props(vocabulary).shape);
    expect(canonical).toBeDefined();
    expect(discriminatorOf(shape)).toEqual(canonical);
  });
});
