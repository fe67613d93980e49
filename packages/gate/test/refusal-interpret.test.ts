/*
 * Invariant: the refusal names each fault the checker refused for, at its place and with its own
 * words, whichever way the place is declared: beside an `anyOf` or a `$ref`, under `true`, or
 * holding a value no JSON text carries; and a value past the deepest level the refusal follows is
 * unjudgeable even below an `anyOf` whose alternatives are only probed.
 */
import { describe, expect, it } from 'vitest';
import { GATE_ISSUE_CODES, type GateRefusal, judge } from '../src/index.ts';

function refusalOf(value: unknown, document: Parameters<typeof judge>[1]): GateRefusal {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

describe('the refusal of a value at a declared place', () => {
  it('tells the fault of an anyOf beside a type, for a value that holds no other', () => {
    const document = {
      type: 'object',
      properties: { a: { type: 'string', anyOf: [{ minLength: 3 }, { const: 'x' }] } },
    } as const;
    expect(refusalOf({ a: 'ab' }, document).issues).toEqual([
      { path: '/a', code: GATE_ISSUE_CODES.NO_ALTERNATIVE, optional: true },
    ]);
  });

  it('tells the fault of a $ref beside a type, for a value that holds no other', () => {
    const document = {
      type: 'object',
      properties: { a: { type: 'string', $ref: '#/$defs/short' } },
      $defs: { short: { maxLength: 2 } },
    } as const;
    expect(refusalOf({ a: 'abc' }, document).text.split('\n')[1]).toBe(
      '- The value at `/a` must be a string of at most 2 characters (Unicode code points).',
    );
  });

  it('tells a value that is not JSON once, as that alone, with what the place declares', () => {
    expect(refusalOf(Symbol('s'), { type: 'string', enum: ['x', 'y'] }).issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.NOT_JSON, types: ['string'], values: ['x', 'y'] },
    ]);
    expect(refusalOf(() => 1, { const: 'x' }).issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.NOT_JSON, values: ['x'] },
    ]);
  });

  it('tells a value of the wrong type once, as that alone, with the accepted values', () => {
    expect(refusalOf(5, { type: 'string', enum: ['x', 'y'] }).issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.TYPE_MISMATCH, types: ['string'], values: ['x', 'y'] },
    ]);
  });

  it('tells a value that is not JSON under `true` without the note for an optional place', () => {
    const document = { type: 'object', properties: { a: true } } as const;
    for (const value of [Symbol('s'), new Date(0), new Map()])
      expect(refusalOf({ a: value }, document).text.split('\n').slice(1)).toEqual([
        '- The value at `/a` must be a JSON value.',
      ]);
    expect(refusalOf([new Date(0)], { type: 'array', items: true }).issues).toEqual([
      { path: '/0', code: GATE_ISSUE_CODES.NOT_JSON },
    ]);
  });

  it('is unjudgeable past the deepest level below an anyOf whose alternatives are probed', () => {
    let value: unknown = [Number.NaN];
    for (let i = 1; i < 10_001; i++) value = [value];
    const document = {
      anyOf: [
        { type: 'array', maxItems: 0 },
        { type: 'array', minItems: 0 },
      ],
    } as const;
    expect(refusalOf(value, document).issues).toEqual([
      { path: '', code: GATE_ISSUE_CODES.UNJUDGEABLE },
    ]);
  });
});
