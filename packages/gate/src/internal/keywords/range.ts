import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import type { Facts } from '../facts.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

type Bounds = {
  -readonly [TBound in (typeof BOUNDS)[number]]?: number | bigint;
};

function isBound(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isFinite(value));
}

/**
 * The bounds are compared exactly across `number` and `bigint` (JavaScript compares the two by
 * mathematical value), never through a double that would round: `2n ** 53n + 1n` exceeds a maximum
 * of `2 ** 53`.
 */
const check: Check<Bounds> = {
  on: 'number',
  emit(bounds, v, constant) {
    const checks: string[] = [];
    if (bounds.minimum !== undefined) checks.push(`${v} >= ${constant(bounds.minimum)}`);
    if (bounds.maximum !== undefined) checks.push(`${v} <= ${constant(bounds.maximum)}`);
    if (bounds.exclusiveMinimum !== undefined)
      checks.push(`${v} > ${constant(bounds.exclusiveMinimum)}`);
    if (bounds.exclusiveMaximum !== undefined)
      checks.push(`${v} < ${constant(bounds.exclusiveMaximum)}`);
    return checks.join(' && ');
  },
  fault(bounds, value) {
    const number = value as number | bigint;
    return (bounds.minimum !== undefined && number < bounds.minimum) ||
      (bounds.maximum !== undefined && number > bounds.maximum) ||
      (bounds.exclusiveMinimum !== undefined && number <= bounds.exclusiveMinimum) ||
      (bounds.exclusiveMaximum !== undefined && number >= bounds.exclusiveMaximum)
      ? GATE_ISSUE_CODES.OUT_OF_RANGE
      : undefined;
  },
  // What an OUT_OF_RANGE fault tells: the place's types (as in its facts) and its own bounds.
  facts: (bounds, node): Facts =>
    node.facts.types === undefined ? bounds : { types: node.facts.types, ...bounds },
  declared: (bounds) => bounds,
};

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: read together, told together. */
export const rangeKeyword: Keyword = {
  keywords: [...BOUNDS],
  read(schema, node, reader) {
    const bounds: Bounds = {};
    let any = false;
    for (const keyword of BOUNDS) {
      const bound = schema[keyword];
      if (bound === undefined) continue;
      if (!isBound(bound))
        defect(
          'MALFORMED_SCHEMA',
          reader.at(keyword),
          `The keyword \`${keyword}\` does not hold a finite number; make it one.`,
        );
      bounds[keyword] = bound;
      any = true;
    }
    if (any) addCheck(node, check, Object.freeze(bounds));
  },
  lines: {
    OUT_OF_RANGE: (issue, told) =>
      `${subject(issue.path)} must be ${expectation(issue, told) ?? 'within the declared bounds'}.`,
  },
};
