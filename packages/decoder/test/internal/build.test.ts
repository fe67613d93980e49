/*
 * Invariant: the building parser (used when a document holds a big integer) produces exactly
 * JSON.parse's value for any accepted document, apart from the big integers it keeps exact.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { build } from '../../src/internal/build.ts';
import { asParsed } from '../support.ts';

describe('build', () => {
  it('matches JSON.parse on generated JSON', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 5 }), (text) => {
        expect(asParsed(build(text))).toEqual(JSON.parse(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps big integers exact and everything else as JSON.parse reads it', () => {
    const text =
      ' { "a" : [ 9007199254740993 , -0 , 1.5e3 , "x\\ny" , true , null , { } , [ ] ] } ';
    expect(build(text)).toEqual({ a: [9007199254740993n, -0, 1500, 'x\ny', true, null, {}, []] });
  });

  it('makes __proto__ an own data property', () => {
    const value = build('{"__proto__":{"x":1},"b":2}') as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.keys(value)).toEqual(['__proto__', 'b']);
  });
});
