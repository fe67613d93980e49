/*
 * Invariant: the work of the generated checker grows with the document and the value, never with
 * the number of paths through the document. A place that several places or alternatives refer to
 * is written once, as a function they call, so the checker's source stays linear in the document
 * (inlined, alternatives that share their members would be written once per path, a number
 * exponential in the depth of the document). A chain of places that are only references is
 * followed when the checker is generated, so a recursion through it takes one frame per level of
 * the value, and the checker decides a value as deep as the decoder admits by itself.
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { judge } from '../src/index.ts';
import { generateChecker } from '../src/internal/codegen.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { codesOf, ok } from './support/judged.ts';

/** The generated checker alone, without the gate's stand-in for a checker that throws. */
const checkerOf = (document: SchemaNode) => generateChecker(buildPlan(document));

/** The source of the root's function: the checker the gate calls first. */
const sourceLength = (document: SchemaNode): number => checkerOf(document).toString().length;

const ref = (name: string): SchemaNode => ({ $ref: `#/$defs/${name}` });

/**
 * Integers judged through `depth` levels of alternatives, each level two alternatives that refer to
 * the next: 2^depth paths from the property to the last level.
 */
function sharedAlternatives(depth: number): SchemaNode {
  const $defs: Record<string, SchemaNode> = { [`L${depth}`]: { type: 'integer', minimum: 0 } };
  for (let level = 0; level < depth; level++) {
    const next = ref(`L${level + 1}`);
    $defs[`L${level}`] = { type: 'integer', anyOf: [next, next] };
  }
  return { $defs, type: 'object', properties: { a: ref('L0') } };
}

/** An object whose `places` properties each refer to the first of a chain of `length` integers. */
function sharedChain(length: number, places: number): SchemaNode {
  const $defs: Record<string, SchemaNode> = { [`C${length - 1}`]: { type: 'integer', minimum: 0 } };
  for (let link = 0; link < length - 1; link++)
    $defs[`C${link}`] = { type: 'integer', $ref: `#/$defs/C${link + 1}` };
  const properties: Record<string, SchemaNode> = {};
  for (let place = 0; place < places; place++) properties[`p${place}`] = ref('C0');
  return { $defs, type: 'object', properties };
}

describe('the generated checker is linear in the document', () => {
  it('writes a place that alternatives share once, however many paths lead to it', () => {
    const shallow = sharedAlternatives(2);
    const deep = sharedAlternatives(12);
    // The root calls the first level whatever the depth: only the names of the functions differ.
    expect(sourceLength(deep)).toBeLessThan(sourceLength(shallow) + 16);
    for (const document of [shallow, deep]) {
      expect(checkerOf(document)({ a: 3 })).toBe(true);
      expect(checkerOf(document)({ a: -3 })).toBe(false);
      expect(checkerOf(document)({ a: 1.5 })).toBe(false);
      expect(judge({ a: 3 }, document)).toEqual(ok);
      expect(codesOf({ a: -3 }, document)).toEqual(['/a NO_ALTERNATIVE']);
    }
  });

  it('writes a chain of references once, however many places refer to it', () => {
    const short = sharedChain(2, 20);
    const long = sharedChain(20, 20);
    // Each of the 20 places calls the chain's first function: a longer chain writes no more there.
    expect(sourceLength(long)).toBeLessThan(sourceLength(short) + 20 * 4);
    const value = Object.fromEntries(Array.from({ length: 20 }, (_, place) => [`p${place}`, 1]));
    for (const document of [short, long]) {
      expect(checkerOf(document)(value)).toBe(true);
      expect(checkerOf(document)({ ...value, p7: -1 })).toBe(false);
      expect(checkerOf(document)({ ...value, p7: 'x' })).toBe(false);
      expect(codesOf({ ...value, p7: -1 }, document)).toEqual(['/p7 OUT_OF_RANGE']);
    }
  });
});

describe('a recursion through a chain of references', () => {
  /** Arrays of arrays, whose items refer to the array through 100 places that are only references. */
  const LINKS = 100;
  const $defs: Record<string, SchemaNode> = {
    T: { type: 'array', items: ref('R0'), maxItems: 1 },
    [`R${LINKS - 1}`]: ref('T'),
  };
  for (let link = 0; link < LINKS - 1; link++) $defs[`R${link}`] = ref(`R${link + 1}`);
  const document: SchemaNode = { $defs, $ref: '#/$defs/T' };

  /** Arrays nested `depth` levels deep, the innermost holding `bottom`. */
  const nested = (depth: number, bottom: unknown[]): unknown[] => {
    let value = bottom;
    for (let level = 1; level < depth; level++) value = [value];
    return value;
  };

  it('is judged by the checker alone at the decoder’s depth, one frame per level', () => {
    // Were each link a call, the checker would need a hundred frames per level of the value.
    const checker = checkerOf(document);
    expect(checker(nested(1000, []))).toBe(true);
    expect(checker(nested(1000, [[], []]))).toBe(false);
    expect(checker(nested(1000, [1]))).toBe(false);
    expect(judge(nested(1000, []), document)).toEqual(ok);
  });
});
