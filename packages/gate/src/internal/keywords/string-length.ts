import { GATE_ISSUE_CODES } from '../../issue-codes.ts';
import type { GateIssue } from '../../refusal.ts';
import { defect, isCount } from '../defect.ts';
import { subject } from '../wording.ts';
import { addCheck, type Check, type Keyword } from './keyword.ts';

interface Lengths {
  readonly minLength?: number;
  readonly maxLength?: number;
}

/**
 * The length of a string in code points, as JSON Schema counts it: a surrogate pair is one
 * character (the text rule has refused unpaired surrogates before this is asked).
 */
export function codePointLength(text: string): number {
  let pairs = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      pairs++;
      i++;
    }
  }
  return text.length - pairs;
}

const check: Check<Lengths> = {
  on: 'string',
  // A string of n code units holds between n/2 and n code points: the count is taken only when the
  // units alone do not decide.
  emit(lengths, v, constant) {
    const count = constant(codePointLength);
    const checks: string[] = [];
    if (lengths.minLength !== undefined) {
      const min = constant(lengths.minLength);
      checks.push(
        `${v}.length >= ${min} && (${v}.length >= 2 * ${min} || ${count}(${v}) >= ${min})`,
      );
    }
    if (lengths.maxLength !== undefined) {
      const max = constant(lengths.maxLength);
      checks.push(`(${v}.length <= ${max} || ${count}(${v}) <= ${max})`);
    }
    return checks.join(' && ');
  },
  fault(lengths, value) {
    const length = codePointLength(value as string);
    if (lengths.minLength !== undefined && length < lengths.minLength)
      return GATE_ISSUE_CODES.TOO_SHORT;
    if (lengths.maxLength !== undefined && length > lengths.maxLength)
      return GATE_ISSUE_CODES.TOO_LONG;
    return undefined;
  },
  facts: (lengths) => lengths,
};

/** The length a refusal tells: every bound the place declares. */
function lengthWords(issue: GateIssue): string {
  const { minLength, maxLength } = issue;
  const unit = (count: number) => (count === 1 ? 'character' : 'characters');
  if (minLength !== undefined && minLength === maxLength)
    return `exactly ${minLength} ${unit(minLength)}`;
  if (minLength !== undefined && maxLength !== undefined)
    return `${minLength} to ${maxLength} ${unit(maxLength)}`;
  if (minLength !== undefined) return `at least ${minLength} ${unit(minLength)}`;
  return `at most ${maxLength} ${unit(maxLength ?? 0)}`;
}

const line = (issue: GateIssue): string =>
  `${subject(issue.path)} must be a string of ${lengthWords(issue)} (Unicode code points).`;

/** `minLength`, `maxLength`: a string's length in code points, read together, told together. */
export const stringLengthKeyword: Keyword = {
  keywords: ['minLength', 'maxLength'],
  read(schema, node, reader) {
    const lengths: { minLength?: number; maxLength?: number } = {};
    for (const keyword of ['minLength', 'maxLength'] as const) {
      const bound = schema[keyword];
      if (bound === undefined) continue;
      if (!isCount(bound))
        defect(
          'MALFORMED_SCHEMA',
          reader.at(keyword),
          `The keyword \`${keyword}\` does not hold a non-negative integer; make it one.`,
        );
      lengths[keyword] = bound;
    }
    if (lengths.minLength !== undefined || lengths.maxLength !== undefined)
      addCheck(node, check, Object.freeze(lengths));
  },
  lines: { TOO_SHORT: line, TOO_LONG: line },
};
