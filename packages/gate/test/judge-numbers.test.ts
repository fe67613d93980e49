/*
 * Invariant: numbers are judged exactly. Bounds are compared across `number` and `bigint` by
 * mathematical value, never through a rounded double, in the generated checker and in the
 * interpreter alike; a non-finite number is refused everywhere, and so is a `bigint` no double can
 * hold (the gate does not rely on the decoder having refused it).
 */
import { INTEGER_WIDTHS } from '@portcullis/schema';
import type { SchemaNode } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import { compileGate, GATE_ISSUE_CODES, judge } from '../src/index.ts';
import { interpret } from '../src/internal/interpret.ts';
import { IssueSink } from '../src/internal/issue-sink.ts';
import { buildPlan } from '../src/internal/plan.ts';
import { SHIPMENT_DOCUMENT, validShipment } from './fixtures/documents.ts';
import { codesOf, issuesOf, ok } from './support/judged.ts';

describe('integer bounds', () => {
  const int64 = {
    type: 'integer',
    minimum: -9223372036854775808n,
    maximum: 9223372036854775807n,
  } as const;

  it('are compared exactly with bigint bounds and values', () => {
    expect(judge(9223372036854775807n, int64)).toEqual(ok);
    expect(judge(-9223372036854775808n, int64)).toEqual(ok);
    expect(judge(9007199254740991, int64)).toEqual(ok);
    expect(issuesOf(9223372036854775808n, int64)).toEqual([
      {
        path: '',
        code: GATE_ISSUE_CODES.OUT_OF_RANGE,
        types: ['integer'],
        minimum: -9223372036854775808n,
        maximum: 9223372036854775807n,
      },
    ]);
    expect(codesOf(-9223372036854775809n, int64)).toEqual([' OUT_OF_RANGE']);
  });

  it('are exact where a double would round: 2^53 + 1 against a bound of 2^53', () => {
    const document = { type: 'integer', maximum: 9007199254740992n } as const;
    expect(judge(9007199254740992, document)).toEqual(ok);
    expect(codesOf(9007199254740993n, document)).toEqual([' OUT_OF_RANGE']);
    expect(
      codesOf(9223372036854775807n, { type: 'integer', maximum: 9223372036854775806n }),
    ).toEqual([' OUT_OF_RANGE']);
  });

  it('compare a double value exactly against a bigint bound', () => {
    // 2^63 as a double is exactly 9223372036854775808: one above the Int64 maximum.
    expect(codesOf(2 ** 63, int64)).toEqual([' OUT_OF_RANGE']);
    expect(judge(2 ** 62, int64)).toEqual(ok);
  });

  it('hold at the edges of a width and through nesting', () => {
    const value = validShipment();
    value.attempt = 127;
    expect(judge(value, SHIPMENT_DOCUMENT)).toEqual(ok);
    value.attempt = 128;
    value.weight_grams = -1;
    expect(codesOf(value, SHIPMENT_DOCUMENT)).toEqual([
      '/weight_grams OUT_OF_RANGE',
      '/attempt OUT_OF_RANGE',
    ]);
  });

  it('honour exclusive bounds', () => {
    const document = { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1n } as const;
    expect(judge(0.5, document)).toEqual(ok);
    expect(codesOf(0, document)).toEqual([' OUT_OF_RANGE']);
    expect(codesOf(1, document)).toEqual([' OUT_OF_RANGE']);
  });
});

describe('every integer width at its exact bounds', () => {
  /** Whether a value lies in the width, by exact integer arithmetic on its mathematical value. */
  const within = (value: number | bigint, minimum: bigint, maximum: bigint): boolean => {
    const exact = BigInt(value);
    return exact >= minimum && exact <= maximum;
  };

  it.each(Object.entries(INTEGER_WIDTHS))('%s', (_, { minimum, maximum }) => {
    const document = { type: 'integer', minimum, maximum } as const;
    const low = BigInt(minimum);
    const high = BigInt(maximum);
    for (const value of [low, high, low + 1n, high - 1n]) {
      expect(judge(value, document)).toEqual(ok);
      expect(judge(Number(value), document).ok).toBe(within(Number(value), low, high));
    }
    for (const value of [low - 1n, high + 1n, low - 2n ** 64n, high + 2n ** 64n]) {
      expect(codesOf(value, document)).toEqual([' OUT_OF_RANGE']);
      // As a double the value may round onto the bound (-2^63 - 1 is -2^63): judged as it is held.
      expect(judge(Number(value), document).ok).toBe(within(Number(value), low, high));
    }
    expect(judge(-0, document).ok).toBe(low <= 0n);
    expect(codesOf(0.5, document)).toEqual([' TYPE_MISMATCH']);
  });

  it('judges -0 as zero against inclusive and exclusive bounds', () => {
    expect(judge(-0, { type: 'integer', minimum: 0, maximum: 0 })).toEqual(ok);
    expect(judge(-0, { type: 'integer', minimum: 0n })).toEqual(ok);
    expect(codesOf(-0, { type: 'number', exclusiveMinimum: 0 })).toEqual([' OUT_OF_RANGE']);
    expect(codesOf(0, { type: 'number', exclusiveMaximum: -0 })).toEqual([' OUT_OF_RANGE']);
    expect(judge(-0, { const: 0 })).toEqual(ok);
    expect(judge(0n, { enum: [-0] })).toEqual(ok);
  });
});

describe('non-finite numbers', () => {
  it.each([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])(
    'refuses %d wherever it appears',
    (n) => {
      expect(codesOf({ x: n }, { type: 'object', properties: { x: { type: 'number' } } })).toEqual([
        '/x NON_FINITE_NUMBER',
      ]);
      expect(codesOf({ x: [n] }, { type: 'object' })).toEqual(['/<entry>/0 NON_FINITE_NUMBER']);
      expect(codesOf(n, true)).toEqual([' NON_FINITE_NUMBER']);
    },
  );
});

describe('non-finite numbers where only integers or other types are declared', () => {
  it('are refused as a type mismatch, the declared type being what to send', () => {
    for (const n of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(codesOf(n, { type: 'integer', minimum: 0 })).toEqual([' TYPE_MISMATCH']);
      expect(codesOf(n, { type: ['integer', 'null'] })).toEqual([' TYPE_MISMATCH']);
      expect(codesOf(n, { type: 'string' })).toEqual([' TYPE_MISMATCH']);
      expect(codesOf(n, { type: 'number', maximum: 1 })).toEqual([' NON_FINITE_NUMBER']);
    }
  });
});

/**
 * The two judges separately: the generated checker's answer, and the interpreter's faults from a
 * whole walk (as `path code`). Each test below asserts both.
 */
function bothJudges(value: unknown, document: SchemaNode): { fast: boolean; faults: string[] } {
  const sink = new IssueSink(Number.POSITIVE_INFINITY);
  interpret(buildPlan(document).root, value, '', sink);
  return {
    fast: compileGate(document).admits(value),
    faults: sink.issues.map((issue) => `${issue.path} ${issue.code}`),
  };
}

const LARGEST_DOUBLE = BigInt(Number.MAX_VALUE);

describe('a bigint no double can hold', () => {
  const places: ReadonlyArray<readonly [string, SchemaNode, (n: bigint) => unknown, string]> = [
    ['a number', { type: 'number' }, (n) => n, ''],
    ['an integer', { type: 'integer' }, (n) => n, ''],
    ['an integer or null', { type: ['integer', 'null'] }, (n) => n, ''],
    ['a bounded number', { type: 'number', minimum: 0n }, (n) => n, ''],
    ['a place with no type', {}, (n) => n, ''],
    ['any JSON (true)', true, (n) => n, ''],
    ['an array item', { type: 'array', items: { type: 'number' } }, (n) => [1, n], '/1'],
    [
      'a map entry',
      { type: 'object', additionalProperties: { type: 'number' } },
      (n) => ({ a: n }),
      '/<entry>',
    ],
    ['inside an open value', { type: 'object' }, (n) => ({ a: [n] }), '/<entry>/0'],
  ];

  it.each(places)('is refused at %s, by both judges', (_, document, place, path) => {
    for (const n of [LARGEST_DOUBLE + 1n, -LARGEST_DOUBLE - 1n, 10n ** 400n, -(2n ** 1024n)]) {
      expect(bothJudges(place(n), document)).toEqual({
        fast: false,
        faults: [`${path} NUMBER_OVERFLOW`],
      });
    }
  });

  it('is refused beside any other fault of its place', () => {
    expect(bothJudges(10n ** 400n, { enum: [1, 2] })).toEqual({
      fast: false,
      faults: [' NUMBER_OVERFLOW', ' NOT_IN_ENUM'],
    });
    // Equal to a member the document declares, it is still no number a double holds.
    expect(bothJudges(10n ** 400n, { enum: [10n ** 400n] })).toEqual({
      fast: false,
      faults: [' NUMBER_OVERFLOW'],
    });
  });

  it('is admitted up to the largest finite double, which it converts to exactly', () => {
    for (const n of [LARGEST_DOUBLE, -LARGEST_DOUBLE, 2n ** 1023n]) {
      expect(Number.isFinite(Number(n))).toBe(true);
      for (const document of [{ type: 'number' }, { type: 'integer' }, {}, true] as const)
        expect(bothJudges(n, document)).toEqual({ fast: true, faults: [] });
    }
  });

  it('is refused however it would round: one above the largest double converts to it', () => {
    // Number(LARGEST_DOUBLE + 1n) is Number.MAX_VALUE: the refusal is of the value, not of its double.
    expect(Number(LARGEST_DOUBLE + 1n)).toBe(Number.MAX_VALUE);
    expect(issuesOf(LARGEST_DOUBLE + 1n, { type: 'number' })).toEqual([
      { path: '', code: GATE_ISSUE_CODES.NUMBER_OVERFLOW },
    ]);
  });

  it('is refused even where the document bounds it with bounds no double holds', () => {
    const document = { type: 'integer', minimum: 0n, maximum: 10n ** 400n } as const;
    expect(bothJudges(10n ** 399n, document)).toEqual({
      fast: false,
      faults: [' NUMBER_OVERFLOW'],
    });
    expect(bothJudges(10n ** 300n, document)).toEqual({ fast: true, faults: [] });
  });
});

describe('bounds compared exactly by both judges', () => {
  const cases: ReadonlyArray<readonly [string, SchemaNode, unknown, boolean]> = [
    [
      '2^53 + 1 (bigint) against maximum 2^53 (number)',
      { maximum: 2 ** 53 },
      2n ** 53n + 1n,
      false,
    ],
    ['2^53 (bigint) against maximum 2^53 (number)', { maximum: 2 ** 53 }, 2n ** 53n, true],
    [
      '2^53 - 1 (bigint) against minimum 2^53 (number)',
      { minimum: 2 ** 53 },
      2n ** 53n - 1n,
      false,
    ],
    [
      '2^53 + 1 (bigint) against exclusiveMaximum 2^53 + 2 (bigint)',
      { exclusiveMaximum: 2n ** 53n + 2n },
      2n ** 53n + 1n,
      true,
    ],
    [
      '2^53 + 2 (bigint) against exclusiveMaximum 2^53 + 2 (bigint)',
      { exclusiveMaximum: 2n ** 53n + 2n },
      2n ** 53n + 2n,
      false,
    ],
    ['INT64_MAX against maximum INT64_MAX', { maximum: 2n ** 63n - 1n }, 2n ** 63n - 1n, true],
    ['INT64_MAX + 1 against maximum INT64_MAX', { maximum: 2n ** 63n - 1n }, 2n ** 63n, false],
    ['2^63 (number) against maximum INT64_MAX', { maximum: 2n ** 63n - 1n }, 2 ** 63, false],
    [
      'INT64_MIN - 1 against exclusiveMinimum INT64_MIN - 1',
      { exclusiveMinimum: -(2n ** 63n) - 1n },
      -(2n ** 63n) - 1n,
      false,
    ],
    ['2^64 + 1 against minimum 2^64 (number)', { minimum: 2 ** 64 }, 2n ** 64n + 1n, true],
    ['2^64 - 1 against minimum 2^64 (number)', { minimum: 2 ** 64 }, 2n ** 64n - 1n, false],
  ];

  it.each(cases)('%s', (_, bounds, value, admitted) => {
    for (const type of ['integer', 'number', undefined]) {
      const document = { ...(type === undefined ? {} : { type }), ...(bounds as object) };
      expect(bothJudges(value, document)).toEqual({
        fast: admitted,
        faults: admitted ? [] : [' OUT_OF_RANGE'],
      });
    }
  });
});

describe('a number inside its bounds', () => {
  it('is refused only for its other fault, whichever bounds the place declares', () => {
    for (const bounds of [
      { minimum: 0 },
      { maximum: 10 },
      { exclusiveMinimum: 0 },
      { exclusiveMaximum: 10 },
      { minimum: 0, maximum: 10, exclusiveMinimum: -1, exclusiveMaximum: 11 },
    ])
      expect(issuesOf(3, { type: 'integer', multipleOf: 2, ...bounds })).toStrictEqual([
        { path: '', code: GATE_ISSUE_CODES.NOT_MULTIPLE, multipleOf: 2 },
      ]);
  });

  it('tells only its bounds where the place declares no type', () => {
    expect(issuesOf(3, { minimum: 5 })).toStrictEqual([
      { path: '', code: GATE_ISSUE_CODES.OUT_OF_RANGE, minimum: 5 },
    ]);
  });
});
