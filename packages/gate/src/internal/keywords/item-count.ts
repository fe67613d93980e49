import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import type { GateIssue } from '../../refusal.ts';
import { defect, isCount } from '../defect.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface Counts {
  readonly minItems?: number;
  readonly maxItems?: number;
}

const check: Check<Counts> = {
  on: 'array',
  emit(counts, v, constant) {
    const checks: string[] = [];
    if (counts.minItems !== undefined) checks.push(`${v}.length >= ${constant(counts.minItems)}`);
    if (counts.maxItems !== undefined) checks.push(`${v}.length <= ${constant(counts.maxItems)}`);
    return checks.join(' && ');
  },
  fault(counts, value) {
    const length = (value as readonly unknown[]).length;
    if (counts.minItems !== undefined && length < counts.minItems)
      return GATE_ISSUE_CODES.TOO_FEW_ITEMS;
    if (counts.maxItems !== undefined && length > counts.maxItems)
      return GATE_ISSUE_CODES.TOO_MANY_ITEMS;
    return undefined;
  },
  facts: (counts) => counts,
};

function countWords(issue: GateIssue): string {
  const { minItems, maxItems } = issue;
  const unit = (count: number) => (count === 1 ? 'item' : 'items');
  if (minItems !== undefined && minItems === maxItems)
    return `exactly ${minItems} ${unit(minItems)}`;
  if (minItems !== undefined && maxItems !== undefined)
    return `${minItems} to ${maxItems} ${unit(maxItems)}`;
  if (minItems !== undefined) return `at least ${minItems} ${unit(minItems)}`;
  return `at most ${maxItems} ${unit(maxItems ?? 0)}`;
}

const line = (issue: GateIssue): string =>
  `${subject(issue.path)} must be an array of ${countWords(issue)}.`;

/** `minItems`, `maxItems`: the number of items of an array, read together, told together. */
export const itemCountKeyword: Keyword = {
  keywords: ['minItems', 'maxItems'],
  read(schema, node, reader) {
    const counts: { minItems?: number; maxItems?: number } = {};
    for (const keyword of ['minItems', 'maxItems'] as const) {
      const bound = schema[keyword];
      if (bound === undefined) continue;
      if (!isCount(bound))
        defect(
          'MALFORMED_SCHEMA',
          reader.at(keyword),
          `The keyword \`${keyword}\` does not hold a non-negative integer; make it one.`,
        );
      counts[keyword] = bound;
    }
    if (counts.minItems !== undefined || counts.maxItems !== undefined)
      addCheck(node, check, Object.freeze(counts));
  },
  lines: { TOO_FEW_ITEMS: line, TOO_MANY_ITEMS: line },
};
