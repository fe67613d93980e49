/*
 * Invariant: the refusal templates are pinned. Every rule renders the line below, a sentence in
 * document words only (declared paths, names, types, limits, enum values, formats); duplicates are
 * told once; a refusal lists at most REFUSAL_ISSUE_LIMIT faults and says when more remain.
 */
import { describe, expect, it } from 'vitest';
import {
  type GateRefusal,
  judge,
  MAP_ENTRY_NOTE,
  REFUSAL_HEADER,
  REFUSAL_ISSUE_LIMIT,
  REFUSAL_MORE_LINE,
} from '../src/index.ts';

function refusalOf(value: unknown, document: Parameters<typeof judge>[1]): GateRefusal {
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
    huge: { type: 'number' },
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
        huge: 2n ** 1024n,
        map: { 'k\u0001': true, b: 1, c: 2 },
        items: [{ x: 1, y: 2 }],
        extra: 1,
      },
      DOCUMENT,
    );
    expect(refusal.text.split('\n')).toEqual([
      'The arguments do not match the declared input schema; correct each fault below and send the call again.',
      '- The value at `/count` must be an integer from 1 to 10.',
      '- The value at `/big` must be an integer from 0 to 9223372036854775807.',
      '- The value at `/ratio` must be a number greater than 0 and less than 1.',
      '- The value at `/floor` must be an integer of at least 0; being optional, it may instead be left out (omit the name: null is not a substitute).',
      '- The value at `/unit` must be one of "C", "F".',
      '- The value at `/kind` must be exactly "order".',
      '- The value at `/at` must be an RFC 3339 date-time with its offset, such as 2024-05-01T13:45:00Z or 2024-05-01T15:45:00.5+02:00.',
      '- The value at `/day` must be an RFC 3339 full-date, such as 2024-05-01, naming a day that exists.',
      '- The value at `/time` must be an RFC 3339 time of day with its offset, such as 13:45:00Z or 13:45:00.25+02:00.',
      '- The value at `/span` must be an RFC 3339 (ISO 8601) duration, such as P3DT4H30M, PT15M or P2W.',
      '- The value at `/note` must not contain a control character other than tab, line feed and carriage return, or an unpaired surrogate; remove that character.',
      '- The value at `/label` must be a string or null.',
      '- The value at `/choice` must match one of the declared alternatives, namely a string or an integer; being optional, it may instead be left out (omit the name: null is not a substitute).',
      '- No value is admitted at `/nothing`; remove it.',
      '- The value at `/open` must be a finite number.',
      '- The value at `/huge` must be a number no larger in magnitude than the largest finite double (1.7976931348623157e+308).',
      '- A key at `/map/<entry>` must not contain a control character other than tab, line feed and carriage return, or an unpaired surrogate; rename that key.',
      '- The value at `/map/<entry>` must be a boolean (true or false).',
      '- The required value at `/items/0/id` is missing; send an integer.',
      '- The value at `/items/0` must hold only declared names; remove the 2 other names (the accepted names are `id`).',
      '- The arguments must hold only declared names; remove the 1 other name (the accepted names are `count`, `big`, `ratio`, `floor`, `unit`, `kind`, `at`, `day`, `time`, `span`, `note`, `label`, `choice`, `nothing`, `open`, `huge`, `map`, `items`).',
      'In these paths, `<entry>` stands for any key of a map; keys are not repeated here.',
    ]);
    expect(refusal.text.startsWith(REFUSAL_HEADER)).toBe(true);
    expect(refusal.text.endsWith(MAP_ENTRY_NOTE)).toBe(true);
  });

  it('tells one map fault once, however many entries share it', () => {
    const refusal = refusalOf({ count: 1, items: [], map: { a: 1, b: 2, c: 3 } }, DOCUMENT);
    expect(refusal.issues).toEqual([
      { path: '/map/<entry>', code: 'TYPE_MISMATCH', types: ['boolean'] },
    ]);
  });

  it('renders values that are not JSON, unjudgeable values and bigint enum members', () => {
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(refusalOf({ count: 1, items: [], note: undefined }, DOCUMENT).text).toContain(
      '- The value at `/note` must be a JSON value, namely a string; being optional, it may instead be left out (omit the name: null is not a substitute).',
    );
    expect(refusalOf(cyclic, true).text).toContain(
      '- The arguments could not be judged (cyclic, nested too deeply, or unreadable); send plain JSON.',
    );
    expect(refusalOf(1, { enum: [2n ** 64n, { a: [null] }] }).text).toContain(
      '- The arguments must be one of 18446744073709551616, {"a": [null]}.',
    );
    expect(
      refusalOf('x', { type: 'object', properties: {}, additionalProperties: false }).text,
    ).toContain('- The arguments must be an object.');
    expect(
      refusalOf({ a: 1 }, { type: 'object', properties: {}, additionalProperties: false }).text,
    ).toContain(
      '- The arguments must hold only declared names; remove the 1 other name (no name is accepted there).',
    );
    expect(refusalOf(1, false).text).toContain(
      '- No value is admitted as the arguments: the declared schema is `false`.',
    );
  });

  it('tells every declared bound when a side has both an inclusive and an exclusive one', () => {
    const document = { type: 'integer', minimum: 0, exclusiveMinimum: 5, maximum: 10n } as const;
    expect(refusalOf(3, document).text.split('\n')[1]).toBe(
      '- The arguments must be an integer of at least 0 and greater than 5 and at most 10.',
    );
    expect(
      refusalOf(9.5, { type: 'number', maximum: 10, exclusiveMaximum: 9 }).text.split('\n')[1],
    ).toBe('- The arguments must be a number of at most 10 and less than 9.');
  });

  it(`lists at most ${REFUSAL_ISSUE_LIMIT} faults and says that more remain`, () => {
    const document = { type: 'array', items: { type: 'integer' } } as const;
    const refusal = refusalOf(
      Array.from({ length: 40 }, () => 'x'),
      document,
    );
    expect(refusal.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(refusal.more).toBe(true);
    const lines = refusal.text.split('\n');
    expect(lines).toHaveLength(REFUSAL_ISSUE_LIMIT + 2);
    expect(lines.at(-1)).toBe(REFUSAL_MORE_LINE);
    expect(REFUSAL_MORE_LINE).toBe(
      'There are more faults than those above; correct these and send the call again to find the rest.',
    );
  });

  it(`says nothing of more faults when there are exactly ${REFUSAL_ISSUE_LIMIT}`, () => {
    const document = { type: 'array', items: { type: 'integer' } } as const;
    const refusal = refusalOf(
      Array.from({ length: REFUSAL_ISSUE_LIMIT }, () => 'x'),
      document,
    );
    expect(refusal.issues).toHaveLength(REFUSAL_ISSUE_LIMIT);
    expect(refusal.more).toBe(false);
    expect(refusal.text).not.toContain(REFUSAL_MORE_LINE);
  });

  it('writes every line as a sentence: a capital letter first and a full stop last', () => {
    const lines = refusalOf(
      {
        count: 11,
        unit: 'K',
        note: 'a\u0000',
        label: 5,
        choice: true,
        nothing: 1,
        open: Number.NaN,
        huge: -(2n ** 1030n),
        map: { 'k\u0001': 1 },
        items: [{ x: 1 }],
        extra: 1,
      },
      DOCUMENT,
    ).text.split('\n');
    for (const line of lines) {
      const sentence = line.startsWith('- ') ? line.slice(2) : line;
      expect(sentence).toMatch(/^[A-Z].*\.$/s);
    }
  });
});
