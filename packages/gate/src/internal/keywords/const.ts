import type { JsonValue } from '@portcullis/schema';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { expectation } from '../expectation.ts';
import { DEEPEST_DECLARED_VALUE, frozenCopy, nestsDeeperThan } from '../frozen.ts';
import { jsonEqual } from '../json-equal.ts';
import { subject } from '../wording.ts';
import { membership } from './enum.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface ConstState {
  readonly value: JsonValue;
  /** `[value]`, frozen: the one accepted value a refusal tells. */
  readonly values: readonly JsonValue[];
}

const check: Check<ConstState> = {
  on: 'any',
  emit: (state, v, constant) => `(${membership(v, [state.value], constant)})`,
  fault: (state, value) => (jsonEqual(value, state.value) ? undefined : GATE_ISSUE_CODES.NOT_CONST),
  facts: (state) => ({ values: state.values }),
  declared: (state) => ({ values: state.values }),
};

/** `const`: the value is exactly the declared one (compared as JSON). */
export const constKeyword: Keyword = {
  keywords: ['const'],
  read(schema, node, reader) {
    if (!Object.hasOwn(schema, 'const')) return;
    if (nestsDeeperThan(schema.const, DEEPEST_DECLARED_VALUE))
      defect(
        'MALFORMED_SCHEMA',
        reader.at('const'),
        `The keyword \`const\` holds a value nested deeper than ${DEEPEST_DECLARED_VALUE} levels; flatten it.`,
      );
    const value = frozenCopy(schema.const as JsonValue);
    node.constValues = Object.freeze([value]);
    addCheck(node, check, { value, values: node.constValues });
  },
  lines: {
    NOT_CONST: (issue, told) =>
      // Stryker disable next-line StringLiteral: a NOT_CONST issue always carries the value
      `${subject(issue.path)} must be ${expectation(issue, told) ?? 'the declared value'}.`,
  },
};
