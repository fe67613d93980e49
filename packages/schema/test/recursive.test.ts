/**
 * Guards `Recursive`: it builds a TypeBox cyclic type whose handler type is the recursive shape,
 * so self-recursive inputs are typed without a cast.
 */
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Int32, Recursive } from '../src/index.ts';

describe('Recursive', () => {
  const Tree = Recursive('Tree', (self) => Type.Object({ v: Int32(), kids: Type.Array(self) }), {
    description: 'a tree',
  });

  it('is a cyclic type entered at its own name', () => {
    expect(Tree['$ref']).toBe('Tree');
    expect(Object.keys(Tree['$defs'])).toEqual(['Tree']);
    expect((Tree as unknown as Record<string, unknown>)['description']).toBe('a tree');
  });

  it('validates and types the recursive shape', () => {
    expect(Value.Check(Tree, { v: 1, kids: [{ v: 2, kids: [] }] })).toBe(true);
    expect(Value.Check(Tree, { v: 1, kids: [{ v: 2 }] })).toBe(false);
    type TreeValue = Static<typeof Tree>;
    const value: TreeValue = { v: 1, kids: [{ v: 2, kids: [] }] };
    expectTypeOf(value.kids[0]!.kids).toEqualTypeOf<TreeValue[]>();
    expectTypeOf(value.v).toEqualTypeOf<number>();
  });
});
