import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import type { GateIssue } from '../../refusal.ts';
import { defect, isCount } from '../defect.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface Counts {
  readonly minProperties?: number;
  readonly maxProperties?: number;
}

/** The number of names of a plain object, as `for...in` and the generated checker count them. */
function nameCount(object: object): number {
  let count = 0;
  for (const _ in object) count++;
  return count;
}

const check: Check<Counts> = {
  on: 'object',
  emit(counts, v, constant) {
    const count = `${constant(nameCount)}(${v})`;
    const checks: string[] = [];
    if (counts.minProperties !== undefined)
      checks.push(`${count} >= ${constant(counts.minProperties)}`);
    if (counts.maxProperties !== undefined)
      checks.push(`${count} <= ${constant(counts.maxProperties)}`);
    return checks.join(' && ');
  },
  fault(counts, value) {
    const count = nameCount(value as object);
    if (counts.minProperties !== undefined && count < counts.minProperties)
      return GATE_ISSUE_CODES.TOO_FEW_PROPERTIES;
    if (counts.maxProperties !== undefined && count > counts.maxProperties)
      return GATE_ISSUE_CODES.TOO_MANY_PROPERTIES;
    return undefined;
  },
  facts: (counts) => counts,
};

function countWords(issue: GateIssue): string {
  const { minProperties, maxProperties } = issue;
  const unit = (count: number) => (count === 1 ? 'entry' : 'entries');
  if (minProperties !== undefined && minProperties === maxProperties)
    return `exactly ${minProperties} ${unit(minProperties)}`;
  if (minProperties !== undefined && maxProperties !== undefined)
    return `${minProperties} to ${maxProperties} ${unit(maxProperties)}`;
  if (minProperties !== undefined) return `at least ${minProperties} ${unit(minProperties)}`;
  return `at most ${maxProperties} ${unit(maxProperties ?? 0)}`;
}

const line = (issue: GateIssue): string =>
  `${subject(issue.path)} must hold ${countWords(issue)} (keys with their values).`;

/**
 * `minProperties`, `maxProperties`: the number of names of an object (a map's entries), read
 * together, told together. Counted over the names the value holds, declared or not.
 */
export const propertyCountKeyword: Keyword = {
  keywords: ['minProperties', 'maxProperties'],
  read(schema, node, reader) {
    const counts: { minProperties?: number; maxProperties?: number } = {};
    for (const keyword of ['minProperties', 'maxProperties'] as const) {
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
    if (counts.minProperties !== undefined || counts.maxProperties !== undefined)
      addCheck(node, check, Object.freeze(counts));
  },
  lines: { TOO_FEW_PROPERTIES: line, TOO_MANY_PROPERTIES: line },
};
