import type { JsonValue } from '@portcullis/schema';
import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import { defect } from '../defect.ts';
import { EnumIndex } from '../enum-index.ts';
import { expectation } from '../expectation.ts';
import { factsOf } from '../facts.ts';
import { DEEPEST_DECLARED_VALUE, frozenCopy, nestsDeeperThan } from '../frozen.ts';
import type { PlanNode } from '../plan.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

/** `v` equal to one document value, as an expression (numbers equal their `bigint` too). */
function equalsExpression(
  v: string,
  value: JsonValue,
  constant: (value: unknown) => string,
): string {
  // The two inline comparisons are fast paths: `eq` (JSON equality) decides every member alike.
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral,BlockStatement: a fast path, eq compares these members alike
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) {
    return `${v} === ${JSON.stringify(value)}`;
  }
  // Stryker disable next-line ConditionalExpression,StringLiteral,BlockStatement: a fast path, eq compares a number with a number or bigint exactly
  if (typeof value === 'number') {
    const member = constant(value);
    return `${v} === ${member} || (typeof ${v} === 'bigint' && eq(${v}, ${member}))`;
  }
  return `eq(${v}, ${constant(value)})`;
}

/**
 * Membership as an expression: a few members are compared inline; more are looked up in the
 * plan's index, in one step.
 */
export function membership(
  v: string,
  values: readonly JsonValue[],
  constant: (value: unknown) => string,
  index?: EnumIndex,
): string {
  if (values.length === 0) return 'false';
  // Stryker disable next-line EqualityOperator,LogicalOperator: the index and the inline comparisons judge alike, and const (no index) has one member
  if (index !== undefined && values.length > 6) return `${constant(index)}.has(${v})`;
  return values.map((value) => equalsExpression(v, value, constant)).join(' || ');
}

/** The check reads the node itself: `nullable` may add `null` to the members after `enum` is read. */
const check: Check<PlanNode> = {
  on: 'any',
  emit: (node, v, constant) =>
    // Stryker disable next-line ArrayDeclaration: the check is added only after enumValues is set
    `(${membership(v, node.enumValues ?? [], constant, node.enumIndex)})`,
  fault: (node, value) =>
    // Stryker disable next-line OptionalChaining: the check is added only after enumIndex is set
    node.enumIndex?.has(value) === false ? GATE_ISSUE_CODES.NOT_IN_ENUM : undefined,
  facts: (_node, node) => factsOf(node),
  // Stryker disable next-line ConditionalExpression: the check is added only after enumValues is set
  declared: (node) => (node.enumValues === undefined ? {} : { values: node.enumValues }),
};

/** `enum`: the value is one of the listed values (compared as JSON, numbers by exact value). */
export const enumKeyword: Keyword = {
  keywords: ['enum'],
  read(schema, node, reader) {
    if (schema.enum === undefined) return;
    if (!Array.isArray(schema.enum))
      defect(
        'MALFORMED_SCHEMA',
        reader.at('enum'),
        'The keyword `enum` does not hold an array; make it an array of the accepted values.',
      );
    if (nestsDeeperThan(schema.enum, DEEPEST_DECLARED_VALUE + 1))
      defect(
        'MALFORMED_SCHEMA',
        reader.at('enum'),
        `The keyword \`enum\` holds a value nested deeper than ${DEEPEST_DECLARED_VALUE} levels; flatten it.`,
      );
    node.enumValues = frozenCopy(schema.enum as JsonValue[]);
    node.enumIndex = new EnumIndex(node.enumValues);
    addCheck(node, check, node);
  },
  lines: {
    NOT_IN_ENUM: (issue, told) =>
      // Stryker disable next-line StringLiteral: a NOT_IN_ENUM issue always carries the members
      `${subject(issue.path)} must be ${expectation(issue, told) ?? 'one of the declared values'}.`,
  },
};
