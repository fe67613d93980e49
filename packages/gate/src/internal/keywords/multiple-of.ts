import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface Divisor {
  /** The document's own value (a `bigint` where the document holds one), for the refusal. */
  readonly declared: number | bigint;
  /** The test, exact for every number and `bigint`. */
  readonly test: (value: number | bigint) => boolean;
}

/**
 * A test of divisibility by the positive integer `divisor`, exact: a `bigint` by its remainder, a
 * safe integer by the double remainder (exact below 2^53), any other integer-valued double through
 * its exact `bigint`; a number with a fractional part is no multiple of an integer.
 */
function multipleTest(divisor: number | bigint): (value: number | bigint) => boolean {
  const exact = BigInt(divisor);
  const small = typeof divisor === 'number' ? divisor : undefined;
  return (value) => {
    if (typeof value === 'bigint') return value % exact === 0n;
    if (small !== undefined && Number.isSafeInteger(value)) return value % small === 0;
    return Number.isInteger(value) && BigInt(value) % exact === 0n;
  };
}

const check: Check<Divisor> = {
  on: 'number',
  emit: (divisor, v, constant) => `${constant(divisor.test)}(${v})`,
  fault: (divisor, value) =>
    divisor.test(value as number | bigint) ? undefined : GATE_ISSUE_CODES.NOT_MULTIPLE,
  facts: (divisor) => ({ multipleOf: divisor.declared }),
};

function isPositiveInteger(value: unknown): value is number | bigint {
  return (
    (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) ||
    (typeof value === 'bigint' && value > 0n)
  );
}

/**
 * `multipleOf` with a positive integer divisor, judged exactly (a `bigint` divisor or value
 * included). A fractional divisor is outside the vocabulary: a multiple of `0.01` is not exact in
 * doubles; declare an integer in smaller units instead.
 */
export const multipleOfKeyword: Keyword = {
  keywords: ['multipleOf'],
  read(schema, node, reader) {
    const divisor = schema.multipleOf;
    if (divisor === undefined) return;
    if (!isPositiveInteger(divisor))
      defect(
        'UNSUPPORTED_CONSTRUCT',
        reader.at('multipleOf'),
        'The gate judges `multipleOf` only with a positive integer; declare an integer in smaller units instead of a fractional divisor.',
      );
    addCheck(node, check, Object.freeze({ declared: divisor, test: multipleTest(divisor) }));
  },
  lines: {
    NOT_MULTIPLE: (issue) =>
      `${subject(issue.path)} must be a multiple of ${String(issue.multipleOf)}.`,
  },
};
