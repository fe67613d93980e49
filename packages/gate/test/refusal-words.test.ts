/*
 * Invariant: what a refusal says the document expects is every declared bound, type and format in
 * words, whichever of them the place declares: one bound or several on a side, no type, several
 * types, a format beside a bound. Each line below is what a caller reads to correct the value.
 */
import { describe, expect, it } from 'vitest';
import { type GateRefusal, judge } from '../src/index.ts';

function refusalOf(value: unknown, document: Parameters<typeof judge>[1]): GateRefusal {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

/** The one fault line of a refusal. */
function lineOf(value: unknown, document: Parameters<typeof judge>[1]): string {
  const lines = refusalOf(value, document).text.split('\n');
  expect(lines).toHaveLength(2);
  return lines[1] as string;
}

describe('the words for the expected value', () => {
  it('tell a maximum alone, and an exclusive minimum alone, without "of"', () => {
    expect(lineOf(11, { type: 'integer', maximum: 10 })).toBe(
      '- The arguments must be an integer of at most 10.',
    );
    expect(lineOf(0, { type: 'integer', exclusiveMinimum: 0 })).toBe(
      '- The arguments must be an integer greater than 0.',
    );
    expect(lineOf(2, { type: 'number', exclusiveMaximum: 1 })).toBe(
      '- The arguments must be a number less than 1.',
    );
  });

  it('tell an exclusive maximum beside both inclusive bounds', () => {
    expect(lineOf(7, { type: 'integer', minimum: 1, maximum: 10, exclusiveMaximum: 5 })).toBe(
      '- The arguments must be an integer of at least 1 and at most 10 and less than 5.',
    );
  });

  it('tell a declared array type, and bounds with the numeric type among several', () => {
    expect(lineOf('x', { type: 'array' })).toBe('- The arguments must be an array.');
    expect(lineOf(1, { type: 'string' })).toBe('- The arguments must be a string.');
    expect(lineOf('x', { type: ['boolean', 'integer'], minimum: 1 })).toBe(
      '- The arguments must be a boolean (true or false) or an integer of at least 1.',
    );
    expect(lineOf(1.5, { type: ['integer', 'boolean', 'null'] })).toBe(
      '- The arguments must be an integer or a boolean (true or false) or null.',
    );
  });

  it('tell a number with its bounds where no type is declared', () => {
    expect(lineOf(3, { minimum: 5 })).toBe('- The arguments must be a number of at least 5.');
    expect(lineOf(3, { minimum: 5, maximum: 9 })).toBe(
      '- The arguments must be a number from 5 to 9.',
    );
  });

  it('tell a format where no type is declared, and beside a bound of another type', () => {
    expect(lineOf('x', { format: 'date' })).toBe(
      '- The arguments must be an RFC 3339 full-date, such as 2024-05-01, naming a day that exists.',
    );
    const document = { type: ['string', 'integer'], format: 'date', minimum: 1 } as const;
    expect(lineOf(true, document)).toBe(
      '- The arguments must be an RFC 3339 full-date, such as 2024-05-01, naming a day that exists or an integer of at least 1.',
    );
  });

  it('tell what a missing value must be: its bounds, its format, or any value', () => {
    const missing = (schema: object) =>
      lineOf({}, { type: 'object', properties: { a: schema }, required: ['a'] });
    expect(missing({ minimum: 3 })).toBe(
      '- The required value at `/a` is missing; send a number of at least 3.',
    );
    expect(missing({ format: 'date' })).toBe(
      '- The required value at `/a` is missing; send an RFC 3339 full-date, such as 2024-05-01, naming a day that exists.',
    );
    expect(missing({})).toBe('- The required value at `/a` is missing; send a value.');
  });

  it('tell a one-member enum as exactly that value, and a list once per refusal', () => {
    expect(lineOf({ a: 'y' }, { type: 'object', properties: { a: { enum: ['x'] } } })).toBe(
      '- The value at `/a` must be exactly "x".',
    );
    const twice = {
      type: 'object',
      properties: { a: { enum: ['x', 'w'] }, b: { enum: ['x', 'w'] } },
    } as const;
    expect(refusalOf({ a: 'q', b: 'r' }, twice).text.split('\n').slice(1)).toEqual([
      '- The value at `/a` must be one of "x", "w".',
      '- The value at `/b` must be one of the values listed above for `/a`.',
    ]);
  });

  it('render arrays, objects and null among accepted values as JSON, items comma-separated', () => {
    expect(lineOf(7, { enum: [[1, 2], { a: 1, b: [true, null] }, null, 'x'] })).toBe(
      '- The arguments must be one of [1, 2], {"a": 1, "b": [true, null]}, null, "x".',
    );
  });

  it('spell a list in full again at the same place, where two faults read alike', () => {
    const document = {
      type: 'object',
      additionalProperties: { type: 'string', enum: ['x', 'y'] },
    } as const;
    expect(refusalOf({ p: 5, q: 'z' }, document).text.split('\n').slice(1)).toEqual([
      '- The value at `/<entry>` must be one of "x", "y".',
      'In these paths, `<entry>` stands for any key of a map; keys are not repeated here.',
    ]);
  });

  it('tell a value that is not JSON where anything may stand, with no expectation', () => {
    expect(lineOf(() => 1, true)).toBe('- The arguments must be a JSON value.');
    expect(refusalOf({ a: [Symbol('s')] }, { type: 'object' }).text.split('\n')[1]).toBe(
      '- The value at `/<entry>/0` must be a JSON value.',
    );
  });

  it('spell a list of one member in full at every place that needs it', () => {
    const document = {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        additionalProperties: false,
      },
    } as const;
    expect(
      refusalOf([{ x: 1 }, { y: 1 }], document)
        .text.split('\n')
        .slice(1),
    ).toEqual([
      '- The value at `/0` must hold only declared names; remove the 1 other name (the accepted names are `id`).',
      '- The value at `/1` must hold only declared names; remove the 1 other name (the accepted names are `id`).',
    ]);
  });
});
