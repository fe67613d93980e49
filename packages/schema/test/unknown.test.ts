/**
 * Guards `Unknown`: an open value that declares no type, keeps its annotations and is `unknown` in
 * the handler.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Unknown } from '../src/index.ts';

describe('Unknown', () => {
  it('declares no type and keeps its description', () => {
    expect({ ...Unknown() }).toEqual({});
    expect({ ...Unknown({ description: 'payload' }) }).toEqual({ description: 'payload' });
    expect(Value.Check(Unknown(), { any: [null] })).toBe(true);
  });

  it('types the handler value as unknown', () => {
    const input = Type.Object({ payload: Unknown() });
    expectTypeOf<Static<typeof input>>().toEqualTypeOf<{ payload: unknown }>();
  });
});
