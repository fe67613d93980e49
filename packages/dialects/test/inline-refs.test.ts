/**
 * Guards the shared inliner: keyword positions only, use-site keywords win, a cycle is detected on
 * the current expansion path (a shared definition is not a cycle), broken to an object whose
 * description names the definition (no title) or kept under $defs per policy, the canonical policy throws on an unresolvable reference and the
 * foreign policy collapses it, the input is never mutated, and growth is bounded.
 */
import { SCHEMA_ERROR_CODES, SchemaDefectError } from '@portcullis/schema';
import { type SchemaNode, tryResolveRef } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { DIALECT_ERROR_CODES, DialectError, inlineRefs } from '../src/index.ts';
import { keywordNames, recursionMutual, recursionSelf, shared } from './fixtures/catalog.ts';
import { deepFreeze } from './fixtures/freeze.ts';

const at = (doc: SchemaNode, pointer: string) => tryResolveRef(doc, `#${pointer}`);

/** Every object and array inside `value`, once per occurrence (an alias shows up twice). */
function containers(value: unknown, out: object[] = []): object[] {
  if (typeof value !== 'object' || value === null) return out;
  out.push(value);
  for (const item of Object.values(value)) containers(item, out);
  return out;
}

describe('inlineRefs', () => {
  it('inlines a shared definition at every use, without calling it a cycle', () => {
    const leaf = {
      type: 'object',
      properties: { v: { type: 'integer', minimum: 0, maximum: 65535 } },
      required: ['v'],
      additionalProperties: false,
    };
    const pair = {
      type: 'object',
      properties: { a: leaf, b: leaf },
      required: ['a'],
      additionalProperties: false,
    };
    expect(inlineRefs(deepFreeze(structuredClone(shared)), 'canonical')).toEqual({
      $schema: shared.$schema,
      type: 'object',
      properties: { left: pair, right: pair },
      required: ['left', 'right'],
      additionalProperties: false,
    });
  });

  it('hands out fresh copies: output never aliases the input or itself', () => {
    const out = inlineRefs(shared, 'canonical') as Record<string, Record<string, object>>;
    expect(out.properties!.left).not.toBe(out.properties!.right);
    // Down to the `required` and `enum` arrays of every inlined copy.
    const input = containers(shared);
    for (const policy of ['canonical', 'foreign'] as const) {
      const found = containers(inlineRefs(shared, policy));
      expect(found.length).toBe(new Set(found).size);
      for (const container of found) expect(input.includes(container)).toBe(false);
    }
    const kept = containers(inlineRefs(recursionMutual, 'foreign'));
    expect(kept.length).toBe(new Set(kept).size);
  });

  it('lets use-site keywords win and keeps keyword-named properties as data', () => {
    const doc = {
      type: 'object',
      properties: {
        $ref: { $ref: '#/$defs/T', description: 'use site', default: 'x' },
        title: { type: 'string' },
      },
      $defs: { T: { type: 'string', description: 'definition', minLength: 1 } },
    };
    expect(inlineRefs(doc, 'canonical')).toEqual({
      type: 'object',
      properties: {
        $ref: { type: 'string', minLength: 1, description: 'use site', default: 'x' },
        title: { type: 'string' },
      },
    });
    const names = inlineRefs(keywordNames, 'canonical') as Record<string, object>;
    expect(Object.keys(names.properties!)).toEqual(Object.keys(keywordNames.properties as object));
  });

  it('breaks a cycle on the expansion path to an object whose description names it, no title', () => {
    const out = inlineRefs(recursionSelf, 'canonical');
    expect(at(out, '/properties/tree/properties/children/items')).toEqual({
      type: 'object',
      description: 'A recursive reference to Node, whose shape is not restated here.',
    });
    const mutual = inlineRefs(recursionMutual, 'canonical');
    expect(at(mutual, '/properties/start/properties/b/properties/a')).toEqual({
      type: 'object',
      description: 'A recursive reference to A, whose shape is not restated here.',
    });
    expect(at(mutual, '/properties/start/properties/b/properties/size')).toEqual({
      type: 'integer',
      minimum: 0,
      maximum: 255,
    });
  });

  it('keeps a cycle under $defs for foreign schemas', () => {
    const out = inlineRefs(recursionMutual, 'foreign');
    expect(at(out, '/properties/start/properties/b/properties/a')).toEqual({ $ref: '#/$defs/A' });
    expect(Object.keys(at(out, '/$defs') as object)).toEqual(['A']);
    expect(at(out, '/$defs/A/properties/b/properties/a')).toEqual({ $ref: '#/$defs/A' });
    const root = inlineRefs({ type: 'object', properties: { self: { $ref: '#' } } }, 'foreign');
    expect(root).toEqual({ type: 'object', properties: { self: { $ref: '#' } } });
  });

  it('reads ~0, ~1 and percent escapes in references', () => {
    const doc = {
      type: 'object',
      properties: { a: { $ref: '#/$defs/a~1b~0c' }, b: { $ref: '#/$defs/sp%20ace' } },
      $defs: { 'a/b~c': { type: 'string' }, 'sp ace': { type: 'integer' } },
    };
    expect(inlineRefs(doc, 'canonical')).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer' } },
    });
  });

  it('throws on an unresolvable reference under the canonical policy', () => {
    const doc = { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } };
    expect(() => inlineRefs(doc, 'canonical')).toThrow(SchemaDefectError);
    expect(() => inlineRefs(doc, 'canonical')).toThrow(
      expect.objectContaining({ code: SCHEMA_ERROR_CODES.UNRESOLVABLE_REF }),
    );
    const remote = { type: 'object', properties: { a: { $ref: 'https://x.test/s.json' } } };
    expect(() => inlineRefs(remote, 'canonical')).toThrow(
      expect.objectContaining({ code: SCHEMA_ERROR_CODES.NON_LOCAL_REF }),
    );
  });

  it('collapses an unresolvable or non-local reference to a bare object under the foreign policy', () => {
    const doc = {
      type: 'object',
      properties: {
        a: { $ref: '#/$defs/Missing', description: 'kept' },
        b: { $ref: 'https://x.test/s.json' },
      },
    };
    expect(inlineRefs(doc, 'foreign')).toEqual({
      type: 'object',
      properties: { a: { type: 'object', description: 'kept' }, b: { type: 'object' } },
    });
  });

  it('refuses to grow past its node budget', () => {
    const defs: Record<string, object> = {};
    for (let i = 0; i < 30; i++) {
      defs[`D${i}`] = { anyOf: [{ $ref: `#/$defs/D${i + 1}` }, { $ref: `#/$defs/D${i + 1}` }] };
    }
    defs.D30 = { type: 'string' };
    const doc = { type: 'object', properties: { x: { $ref: '#/$defs/D0' } }, $defs: defs };
    expect(() => inlineRefs(doc, 'canonical')).toThrow(DialectError);
    expect(() =>
      inlineRefs(doc, { references: 'canonical', cycles: 'break', maxNodes: 10 }),
    ).toThrow(
      expect.objectContaining({
        code: DIALECT_ERROR_CODES.INLINE_BUDGET_EXCEEDED,
        details: { limit: 'maxNodes', path: expect.stringMatching(/^\/properties\/x/) },
        message:
          'Inlining the references would produce more than 10 subschemas (`maxNodes`). Share fewer definitions or nest them less deeply, or publish the tool in a dialect that keeps `$defs`.',
      }),
    );
  });
});
