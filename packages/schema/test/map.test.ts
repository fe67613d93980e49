/**
 * Guards `Map`: a string-keyed TypeBox record whose handler type is `Record<string, value>`, and the
 * key pattern the publisher recognises it by.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as vocabulary from '../src/index.ts';
import { Int64, STRING_KEY_PATTERN, Map as StringMap, Unknown } from '../src/index.ts';

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
