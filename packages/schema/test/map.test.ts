/**
 * Guards `Map`: a string-keyed TypeBox record whose handler type is `Record<string, value>`, the
 * key pattern the publisher recognises it by, and its options (entry bounds and the key rule),
 * published canonically and refused when they admit no map or are no string rule.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as vocabulary from '../src/index.ts';
import {
  Int64,
  publishCanonical,
  SchemaDefectError,
  STRING_KEY_PATTERN,
  Map as StringMap,
  Unknown,
} from '../src/index.ts';

describe('Map', () => {
  it('is a record over any string key', () => {
    const map = StringMap(Type.Number(), { description: 'scores' });
    expect({ ...map }).toEqual({
      type: 'object',
      patternProperties: { [STRING_KEY_PATTERN]: { type: 'number' } },
      description: 'scores',
    });
    expect(STRING_KEY_PATTERN).toBe('^.*$');
    expect(Value.Check(map, { a: 1, '': 2 })).toBe(true);
    expect(Value.Check(map, { a: 'x' })).toBe(false);
  });

  it('exports Map under that one name, apart from the global Map', () => {
    expect(vocabulary.Map).toBe(StringMap);
    expect(vocabulary.Map).not.toBe(globalThis.Map);
    expect(Object.keys(vocabulary)).not.toContain('StringMap');
  });

  it('types the handler value as a string-keyed record', () => {
    const input = Type.Object({ ids: vocabulary.Map(Int64()), open: StringMap(Unknown()) });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{
      ids: Record<string, bigint>;
      open: Record<string, unknown>;
    }>();
  });
});

describe('Map options', () => {
  const keys = Type.String({
    pattern: '^[a-z]+$',
    maxLength: 8,
    description: 'A lower-case name.',
  });
  const map = StringMap(Type.Number(), {
    minProperties: 1,
    maxProperties: 3,
    keys,
    description: 'scores',
  });

  it('publishes the key rule as `propertyNames` and the bounds before the value shape', () => {
    const published = publishCanonical(Type.Object({ m: map }));
    expect(JSON.stringify((published['properties'] as Record<string, unknown>)['m'])).toBe(
      JSON.stringify({
        type: 'object',
        propertyNames: {
          type: 'string',
          maxLength: 8,
          pattern: '^[a-z]+$',
          description: 'A lower-case name.',
        },
        minProperties: 1,
        maxProperties: 3,
        additionalProperties: { type: 'number' },
        description: 'scores',
      }),
    );
  });

  it('is checked by TypeBox as it is published', () => {
    expect(Value.Check(map, {})).toBe(false);
    expect(Value.Check(map, { a: 1 })).toBe(true);
    expect(Value.Check(map, { A: 1 })).toBe(false);
    expect(Value.Check(map, { a: 1, b: 2, c: 3, d: 4 })).toBe(false);
  });

  it('refuses bounds that admit no map, a bound that is no count, and a key rule that is no string', () => {
    const defect = (schema: unknown) => {
      try {
        publishCanonical(Type.Object({ m: schema as never }));
      } catch (error) {
        if (error instanceof SchemaDefectError) return error;
        throw error;
      }
      throw new Error('published');
    };
    expect(
      defect(StringMap(Type.Number(), { minProperties: 2, maxProperties: 1 })).details.path,
    ).toBe('/properties/m');
    expect(defect(StringMap(Type.Number(), { maxProperties: -1 })).details.path).toBe(
      '/properties/m/maxProperties',
    );
    const wrongKeys = defect(StringMap(Type.Number(), { keys: Type.Integer() as never }));
    expect(wrongKeys.details.path).toBe('/properties/m/propertyNames');
    expect(wrongKeys.code).toBe('UNSUPPORTED_CONSTRUCT');
    expect(defect(StringMap(Type.Number(), { keys: Type.String({ pattern: '(' }) })).code).toBe(
      'INVALID_PATTERN',
    );
  });

  it('leaves a map without options as it was', () => {
    const published = publishCanonical(Type.Object({ m: StringMap(Type.Number()) }));
    expect((published['properties'] as Record<string, unknown>)['m']).toEqual({
      type: 'object',
      additionalProperties: { type: 'number' },
    });
  });
});
