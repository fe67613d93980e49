/*
 * Invariant: `properties`, `required` and `additionalProperties` decide alike on every path (the
 * generated checker called directly, the interpreter's probe, the gate and `judge`): a name only
 * `required` (declared by no `properties`) is judged by `additionalProperties` and told missing at
 * its own path, never as optional, with the facts of `additionalProperties`; a faulty value under it
 * is told at its own path, however deep; a declared name on `Object.prototype` left `undefined` is
 * told as not JSON; and a malformed `required` or `additionalProperties` is a defect at its pointer.
 * Each case here is one a wrong change to `keywords/properties.ts` would otherwise pass unnoticed
 * (found by mutation testing, see docs/mutation/gate.md).
 */
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, judge } from '../src/index.ts';
import { verdict } from './support/verdicts.ts';

/** The issues of the refusal of `value`. */
function issuesOf(value: unknown, document: SchemaNode): readonly unknown[] {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal.issues;
}

describe('a name only required', () => {
  const REQUIRED = { type: 'object', required: ['a', 'b'] } as const;
  const TYPED = {
    type: 'object',
    required: ['a'],
    additionalProperties: { type: 'string' },
  } as const;

  it('is required on every path, each name in its own place', () => {
    expect(verdict({ a: 1, b: 2 }, REQUIRED)).toBe(true);
    expect(verdict({ a: 1 }, REQUIRED)).toBe(false);
    expect(verdict({}, REQUIRED)).toBe(false);
    expect(verdict({ a: 'x' }, TYPED)).toBe(true);
    expect(verdict({ a: 1 }, TYPED)).toBe(false);
    expect(verdict({}, TYPED)).toBe(false);
  });

  it('is told missing at its own path', () => {
    expect(issuesOf({ b: 2 }, REQUIRED)).toEqual([{ path: '/a', code: 'MISSING_PROPERTY' }]);
    expect(issuesOf({}, REQUIRED)).toEqual([
      { path: '/a', code: 'MISSING_PROPERTY' },
      { path: '/b', code: 'MISSING_PROPERTY' },
    ]);
  });

  it('is told missing with the type additionalProperties declares', () => {
    expect(issuesOf({}, TYPED)).toEqual([
      { path: '/a', code: 'MISSING_PROPERTY', types: ['string'] },
    ]);
    const judgement = judge({}, TYPED);
    expect(judgement.ok || judgement.refusal.text).toContain(
      'The required value at `/a` is missing; send a string.',
    );
  });

  it('is judged by additionalProperties and never told as optional', () => {
    expect(issuesOf({ a: 1 }, TYPED)).toEqual([
      { path: '/a', code: 'TYPE_MISMATCH', types: ['string'] },
    ]);
  });

  it('is walked into: a fault deep in its value is told at its own path', () => {
    const document = {
      type: 'object',
      required: ['a'],
      additionalProperties: {
        type: 'object',
        properties: { b: { type: 'string' } },
        required: ['b'],
      },
    } as const;
    expect(verdict({ a: { b: 'x' } }, document)).toBe(true);
    expect(verdict({ a: { b: 1 } }, document)).toBe(false);
    expect(issuesOf({ a: { b: 1 } }, document)).toEqual([
      { path: '/a/b', code: 'TYPE_MISMATCH', types: ['string'] },
    ]);
  });
});

describe('a declared name left undefined', () => {
  it('is told as not JSON, a name on Object.prototype too', () => {
    const document = {
      type: 'object',
      properties: { toString: { type: 'string' }, a: { type: 'string' } },
    } as const;
    expect(verdict({ toString: 'x' }, document)).toBe(true);
    expect(verdict({ toString: undefined }, document)).toBe(false);
    expect(issuesOf({ toString: undefined }, document)).toEqual([
      { path: '/toString', code: 'NOT_JSON', types: ['string'], optional: true },
    ]);
    expect(issuesOf({ a: undefined }, document)).toEqual([
      { path: '/a', code: 'NOT_JSON', types: ['string'], optional: true },
    ]);
  });

  it('is no fault of an object that declares no names', () => {
    expect(verdict({ undefined: 1 }, { type: 'object' })).toBe(true);
    expect(verdict({ undefined: 1 }, { type: 'object', additionalProperties: false })).toBe(false);
    expect(issuesOf({ undefined: undefined, a: 1 }, { type: 'object' })).toEqual(
      issuesOf({ b: undefined, a: 1 }, { type: 'object' }),
    );
    expect(issuesOf({ b: undefined }, { type: 'object' })).toEqual([
      { path: '/<entry>', code: 'NOT_JSON' },
    ]);
  });
});

describe('a malformed shape', () => {
  it('is a defect of the document at its pointer', () => {
    expect(() => compileGate({ type: 'object', required: ['a', 1] } as never)).toThrow(
      /`required` does not hold an array of distinct names/,
    );
    expect(() => compileGate({ type: 'object', required: ['a', 'a'] } as never)).toThrow(
      /`required` does not hold an array of distinct names/,
    );
    let thrown: unknown;
    try {
      compileGate({ type: 'object', additionalProperties: 5 } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({
      code: 'MALFORMED_SCHEMA',
      details: { path: '/additionalProperties' },
    });
  });
});
