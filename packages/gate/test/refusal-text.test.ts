/*
 * Invariant: the refusal templates are pinned. Every rule renders the line below, in document words
 * only (declared paths, names, types, limits, enum values, formats); duplicates are told once; a
 * refusal lists at most REFUSAL_ISSUE_LIMIT faults and counts the rest.
 */
import { describe, expect, it } from 'vitest';
import {
  judge,
  MAP_ENTRY_NOTE,
  REFUSAL_HEADER,
  REFUSAL_ISSUE_LIMIT,
  type Refusal,
} from '../src/index.ts';

function refusalOf(value: unknown, document: Parameters<typeof judge>[1]): Refusal {
  const judgement = judge(value, document);
  if (judgement.ok) throw new Error('expected a refusal');
  return judgement.refusal;
}

const DOCUMENT = {
  type: 'object',
  properties: {
    count: { type: 'integer', minimum: 1, maximum: 10 },
    big: { type: 'integer', minimum: 0n, maximum: 9223372036854775807n },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    floor: { type: 'integer', minimum: 0 },
    unit: { type: 'string', enum: ['C', 'F'] },
    kind: { const: 'order' },
    at: { type: 'string', format: 'date-time' },
    day: { type: 'string', format: 'date' },
    time: { type: 'string', format: 'time' },
    span: { type: 'string', format: 'duration' },
    note: { type: 'string' },
    label: { type: ['string', 'null'] },
    choice: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    nothing: false,
    open: {},
    map: { type: 'object', additionalProperties: { type: 'boolean' } },
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: { id: { type: 'integer' } },
        required: ['id'],
        additionalProperties: false,
      },
    },
  },
  required: ['count', 'items'],
  additionalProperties: false,
} as const;

describe('the refusal text', () => {
  it('renders every template as pinned', () => {
    const refusal = refusalOf(
      {
        count: 11,
        big: -1n,
        ratio: 1,
        floor: '3',
        unit: 'K',
        kind: 'x',
        at: 'x',
        day: 'x',
        time: 'x',
        span: 'x',
        note: 'a\u0000',
        label: 5,
        choice: true,
        nothing: 1,
        open: Number.NaN,
        map: { 'k\u0001': true, b: 1, c: 2 },
        items: [{ x: 1, y: 2 }],
        extra: 1,
      },
      DOCUMENT,
    );
    expect(refusal.text.split('\n')).toEqual([
      'The arguments do not match the declared input schema. Correct the following and send the call again:',
      '- /count: must be an integer from 1 to 10.',
      '- /big: must be an integer from 0 to 9223372036854775807.',
      '- /ratio: must be a number greater than 0 and less than 1.',
      '- /floor: must be an integer of at least 0; being optional, it may instead be left out (omit the name: null is not a substitute).',
      '- /unit: must be one of "C", "F".',
      '- /kind: must be exactly "order".',
      '- /at: must be an RFC 3339 date-time with its offset, such as 2024-05-01T13:45:00Z or 2024-05-01T15:45:00.5+02:00.',
      '- /day: must be an RFC 3339 full-date, such as 2024-05-01, naming a day that exists.',
      '- /time: must be an RFC 3339 time of day with its offset, such as 13:45:00Z or 13:45:00.25+02:00.',
      '- /span: must be an RFC 3339 (ISO 8601) duration, such as P3DT4H30M, PT15M or P2W.',
      '- /note: contains a control character other than tab, line feed and carriage return, or an unpaired surrogate; remove it.',
      '- /label: must be a string or null.',
      '- /choice: matches none of the declared alternatives; send a string or an integer; being optional, it may instead be left out (omit the name: null is not a substitute).',
      '- /nothing: admits no value; remove it.',
      '- /open: must be a finite number.',
      '- /map/<entry>: a key contains a control character other than tab, line feed and carriage return, or an unpaired surrogate; rename it.',
      '- /map/<entry>: must be a boolean (true or false).',
      '- /items/0/id: is required and missing; send an integer.',
      '- /items/0: carries 2 undeclared names; remove them (the accepted names are "id").',
      '- the arguments: carries 1 undeclared name; remove it (the accepted names are "count", "big", "ratio", "floor", "unit", "kind", "at", "day", "time", "span", "note", "label", "choice", "nothing", "open", "map", "items").',
      '<entry> stands for any key of a map; keys are not repeated here.',
    ]);
    expect(refusal.text.startsWith(REFUSAL_HEADER)).toBe(true);
    expect(refusal.text.endsWith(MAP_ENTRY_NOTE)).toBe(true);
  });

  it('tells one map fault once, however many entries share it', () => {
    const refusal = refusalOf({ count: 1, items: [], map: { a: 1, b: 2, c: 3 } }, DOCUMENT);
    expect(refusal.issues).toEqual([
      { path: '/map/<entry>', rule: 'TYPE_MISMATCH', types: ['boolean'] },
    ]);
  });

  it('renders values that are not JSON, unjudgeable values and bigint enum members', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(refusalOf({ count: 1, items: [], note: undefined }, DOCUMENT).text).toContain(
      '- /note: must be a JSON value, namely a string; being optional, it may instead be left out (omit the name: null is not a substitute).',
    );
    expect(refusalOf(cyclic, true).text).toContain(
      '- the arguments: could not be judged (cyclic, nested too deeply, or unreadable); send plain JSON.',
    );
    expect(refusalOf(1, { enum: [2n ** 64n, { a: [null] }] }).text).toContain(
      '- the arguments: must be one of 18446744073709551616, {"a": [null]}.',
    );
    expect(
      refusalOf('x', { type: 'object', properties: {}, additionalProperties: false }).text,
    ).toContain('- the arguments: must be an object.');
    expect(
      refusalOf({ a: 1 }, { type: 'object', properties: {}, additionalProperties: false }).text,
    ).toContain('- the arguments: carries 1 undeclared name; remove it (it accepts no names).');
  });

  it('tells every declared bound when a side has both an inclusive and an exclusive one', () => {
    const document = { type: 'integer', minimum: 0, exclusiveMinimum: 5, maximum: 10n } as const;
    expect(refusalOf(3, document).text.split('\n')[1]).toBe(
      '- the arguments: must be an integer of at least 0 and greater than 5 and at most 10.',
    );
    expect(
      refusalOf(9.5, { type: 'number', maximum: 10, exclusiveMaximum: 9 }).text.split('\n')[1],
    ).toBe('- the arguments: must be a number of at most 10 and less than 9.');
  });

  it(`lists at most ${REFUSAL_ISSUE_LIMIT} faults and counts the rest`, () => {
    const document = { type: 'array', items: { type: 'integer' } } as const;
    const refusal = refusalOf(
      Array.from({ length: 40 }, () => 'x'),
      document,
    );
    expect(refusal.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    const lines = refusal.text.split('\n');
    expect(lines).toHaveLength(REFUSAL_ISSUE_LIMIT + 2);
    expect(lines.at(-1)).toBe(`- and ${40 - REFUSAL_ISSUE_LIMIT} more faults of the same kinds.`);
  });
});
