/**
 * Guards the canonical publisher: every construct of the vocabulary publishes exactly the pinned
 * document (keys in order, Int64 bounds exact), outputs follow their own rules, and publishing is
 * pure (the declaration is never mutated, every call returns a fresh document).
 */
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { resolveRef } from '../src/document.ts';
import {
  ArtifactRefs,
  Int64,
  publishCanonical,
  publishCanonicalOutput,
  stringifyCanonical,
} from '../src/index.ts';
import { PUBLISHER_FIXTURES } from './fixtures/publisher.ts';

/** Exact text, so key order and bigint bounds are part of what is pinned. */
function text(value: unknown): string {
  return stringifyCanonical(value as never);
}

describe('publishCanonical', () => {
  it.each(PUBLISHER_FIXTURES.map((fixture) => [fixture.name, fixture] as const))(
    'publishes the pinned input document: %s',
    (_name, fixture) => {
      const published = publishCanonical(fixture.schema);
      expect(published).toEqual(fixture.input);
      expect(text(published)).toBe(text(fixture.input));
    },
  );

  it('keeps Int64 bounds exact as bigint in memory and on the wire', () => {
    const published = publishCanonical(Type.Object({ id: Int64() }));
    const id = (published['properties'] as Record<string, Record<string, unknown>>)['id'];
    expect(id?.['minimum']).toBe(-(2n ** 63n));
    expect(id?.['maximum']).toBe(2n ** 63n - 1n);
    expect(stringifyCanonical(published)).toContain(
      '"minimum":-9223372036854775808,"maximum":9223372036854775807',
    );
  });

  it('keeps the declared property order, not an alphabetical one', () => {
    const published = publishCanonical(
      Type.Object({ zeta: Type.String(), alpha: Type.String(), mid: Type.Optional(Type.String()) }),
    );
    expect(Object.keys(published['properties'] as object)).toEqual(['zeta', 'alpha', 'mid']);
    expect(published['required']).toEqual(['zeta', 'alpha']);
  });

  it('removes artifact_refs only from the root input object', () => {
    const nested = Type.Object({ inner: Type.Object({ ...ArtifactRefs() }), ...ArtifactRefs() });
    const published = publishCanonical(nested);
    const properties = published['properties'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toEqual(['inner']);
    expect(Object.keys(properties['inner']?.['properties'] as object)).toEqual(['artifact_refs']);
  });

  it('removes a required artifact_refs from required as well', () => {
    const published = publishCanonical(
      Type.Object({ artifact_refs: Type.Array(Type.String()), q: Type.String() }),
    );
    expect(published['required']).toEqual(['q']);
    expect(Object.keys(published['properties'] as object)).toEqual(['q']);
  });

  it('never mutates the declaration and returns a fresh document per call', () => {
    for (const fixture of PUBLISHER_FIXTURES) {
      const before = text(snapshot(fixture.schema));
      const first = publishCanonical(fixture.schema);
      const second = publishCanonical(fixture.schema);
      expect(text(snapshot(fixture.schema))).toBe(before);
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      if (typeof first['properties'] === 'object') {
        expect(second['properties']).not.toBe(first['properties']);
      }
    }
  });

  it('copies annotations instead of sharing them with the declaration', () => {
    const examples = [{ a: 1 }];
    const schema = Type.Object({ x: Type.String() }, { examples });
    const published = publishCanonical(schema);
    expect(published['examples']).toEqual(examples);
    expect(published['examples']).not.toBe(examples);
  });

  it('shares one definition between separately built but identical recursive types', () => {
    const build = () =>
      Type.Cyclic({ Node: Type.Object({ next: Type.Optional(Type.Ref('Node')) }) }, 'Node');
    const published = publishCanonical(Type.Object({ a: build(), b: build() }));
    expect(Object.keys(published['$defs'] as object)).toEqual(['Node']);
  });

  it('resolves a reference in the nearest enclosing recursive type', () => {
    const inner = Type.Cyclic(
      { Leaf: Type.Object({ up: Type.Optional(Type.Ref('Root')) }) },
      'Leaf',
    );
    const outer = Type.Cyclic({ Root: Type.Object({ leaf: inner }) }, 'Root');
    const published = publishCanonical(Type.Object({ root: outer }));
    expect(published['$defs']).toEqual({
      Root: {
        type: 'object',
        properties: { leaf: { $ref: '#/$defs/Leaf' } },
        required: ['leaf'],
        additionalProperties: false,
      },
      Leaf: {
        type: 'object',
        properties: { up: { $ref: '#/$defs/Root' } },
        required: [],
        additionalProperties: false,
      },
    });
  });

  it('escapes a definition name in its reference', () => {
    const odd = Type.Cyclic(
      { 'a/b~c': Type.Object({ self: Type.Optional(Type.Ref('a/b~c')) }) },
      'a/b~c',
    );
    const published = publishCanonical(Type.Object({ odd }));
    expect((published['properties'] as Record<string, unknown>)['odd']).toEqual({
      $ref: '#/$defs/a~1b~0c',
    });
    expect(Object.keys(published['$defs'] as object)).toEqual(['a/b~c']);
  });

  it('keeps the description given at the use site of a recursive type', () => {
    const Node = Type.Cyclic(
      {
        Node: Type.Object({
          next: Type.Optional(Type.Ref('Node', { description: 'the next one' })),
        }),
      },
      'Node',
      { description: 'the head' },
    );
    const published = publishCanonical(Type.Object({ head: Node }));
    expect((published['properties'] as Record<string, unknown>)['head']).toEqual({
      $ref: '#/$defs/Node',
      description: 'the head',
    });
    expect(published['$defs']).toEqual({
      Node: {
        type: 'object',
        properties: { next: { $ref: '#/$defs/Node', description: 'the next one' } },
        required: [],
        additionalProperties: false,
      },
    });
  });

  it('refers to a definition whose name holds URI characters by a reference that resolves', () => {
    const names = ['50%', 'a%41', 'with space', 'é#'];
    const schema = Type.Object(
      Object.fromEntries(
        names.map((name, index) => [
          `p${index}`,
          Type.Cyclic({ [name]: Type.Object({ next: Type.Optional(Type.Ref(name)) }) }, name),
        ]),
      ),
    );
    const published = publishCanonical(schema);
    const properties = published['properties'] as Record<string, { $ref: string }>;
    const defs = published['$defs'] as Record<string, unknown>;
    expect(Object.keys(defs)).toEqual(names);
    names.forEach((name, index) => {
      const ref = properties[`p${index}`]?.$ref ?? '';
      expect(resolveRef(published, ref)).toBe(defs[name]);
    });
    expect(properties['p0']).toEqual({ $ref: '#/$defs/50%25' });
  });

  it('publishes a map of an annotated open value as an annotated open schema', () => {
    const published = publishCanonical(
      Type.Object({ m: Type.Record(Type.String(), Type.Unknown({ description: 'anything' })) }),
    );
    expect((published['properties'] as Record<string, unknown>)['m']).toEqual({
      type: 'object',
      additionalProperties: { description: 'anything' },
    });
  });

  it('publishes and requires a property with the empty name', () => {
    const published = publishCanonical(
      Type.Object({ '': Type.String(), b: Type.Optional(Type.String()) }),
    );
    expect(Object.keys(published['properties'] as object)).toEqual(['', 'b']);
    expect(published['required']).toEqual(['']);
  });

  it('accepts an author-stated 2020-12 $schema at the root', () => {
    const published = publishCanonical(
      Type.Object(
        { a: Type.String() },
        { $schema: 'https://json-schema.org/draft/2020-12/schema' },
      ),
    );
    expect(Object.keys(published)[0]).toBe('$schema');
  });
});

describe('publishCanonicalOutput', () => {
  it.each(PUBLISHER_FIXTURES.map((fixture) => [fixture.name, fixture] as const))(
    'publishes the pinned output document: %s',
    (_name, fixture) => {
      const published = publishCanonicalOutput(fixture.schema);
      expect(published).toEqual(fixture.output);
      expect(text(published)).toBe(text(fixture.output));
    },
  );

  it('states required only as the discriminator of a union member, at any depth', () => {
    for (const fixture of PUBLISHER_FIXTURES) {
      const published = publishCanonicalOutput(fixture.schema);
      expect(text(published).replaceAll('"required":["kind"]', '')).not.toContain('"required"');
    }
  });

  it('publishes nothing for an output that is not an object', () => {
    expect(publishCanonicalOutput(Type.String())).toBeUndefined();
    expect(publishCanonicalOutput(Type.Array(Type.Object({})))).toBeUndefined();
    expect(publishCanonicalOutput(Type.Unknown())).toBeUndefined();
    expect(publishCanonicalOutput(Int64())).toBeUndefined();
    const list = Type.Cyclic({ List: Type.Array(Type.Ref('List')) }, 'List');
    expect(publishCanonicalOutput(list)).toBeUndefined();
  });

  it('publishes nothing for an output the vocabulary cannot describe truthfully', () => {
    const union = Type.Object({
      v: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    });
    expect(publishCanonicalOutput(union)).toBeUndefined();
    const transformed = Type.Object({
      n: Type.Codec(Type.String())
        .Decode((value) => Number(value))
        .Encode((value) => String(value)),
    });
    expect(publishCanonicalOutput(transformed)).toBeUndefined();
  });

  it('still throws for a malformed declaration', () => {
    expect(() =>
      publishCanonicalOutput(Type.Object({ n: Type.Integer({ minimum: 0.5 }) })),
    ).toThrow(
      expect.objectContaining({
        code: 'MALFORMED_SCHEMA',
        details: { path: '/properties/n/minimum' },
      }),
    );
  });
});

/** Everything a declaration holds that could change: enumerable keys and TypeBox's markers. */
function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snapshot);
  if (typeof value !== 'object' || value === null) {
    return typeof value === 'function' ? 'function' : value;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.getOwnPropertyNames(value)) {
    Object.defineProperty(out, key, {
      value: snapshot((value as Record<string, unknown>)[key]),
      enumerable: true,
    });
  }
  return out;
}
