import type { GateDeclaredType, GateIssue } from '../refusal.ts';
import { formatWords } from './keywords/format.ts';
import { placeName, renderValue, renderValues, type ToldLists } from './wording.ts';

/*
 * What the document expects at a place, in words: its types, bounds, format or accepted values.
 * The lines of several faults tell it (a wrong type, a missing value, a number out of range).
 */

const TYPE_WORDS: Readonly<Record<GateDeclaredType, string>> = Object.freeze({
  null: 'null',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  number: 'a number',
  integer: 'an integer',
  string: 'a string',
});

function range(issue: GateIssue): string | undefined {
  // Every declared bound is told: a place may declare both `minimum` and `exclusiveMinimum`, and
  // telling only one of them could name a value the gate still refuses.
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = issue;
  if (
    minimum !== undefined &&
    maximum !== undefined &&
    exclusiveMinimum === undefined &&
    exclusiveMaximum === undefined
  ) {
    return `from ${renderValue(minimum)} to ${renderValue(maximum)}`;
  }
  const parts: string[] = [];
  if (minimum !== undefined) parts.push(`at least ${renderValue(minimum)}`);
  if (exclusiveMinimum !== undefined) parts.push(`greater than ${renderValue(exclusiveMinimum)}`);
  if (maximum !== undefined) parts.push(`at most ${renderValue(maximum)}`);
  if (exclusiveMaximum !== undefined) parts.push(`less than ${renderValue(exclusiveMaximum)}`);
  return parts.length === 0 ? undefined : parts.join(' and ');
}

/** What the document expects at the place, in words; `undefined` when it declares nothing. */
export function expectation(issue: GateIssue, told: ToldLists): string | undefined {
  if (issue.values !== undefined) {
    if (issue.values.length === 1) return `exactly ${renderValue(issue.values[0])}`;
    const words = told.tell(issue.values, issue.path, renderValues);
    return 'full' in words
      ? `one of ${words.full}`
      : `one of the values listed above for ${placeName(words.place)}`;
  }
  const limits = range(issue);
  const bounds = limits?.startsWith('at ') === true ? `of ${limits}` : limits;
  const format = issue.format === undefined ? undefined : formatWords(issue.format);
  if (issue.types === undefined) {
    if (format !== undefined) return format;
    if (bounds === undefined) return undefined;
    return `a number ${bounds}`;
  }
  return issue.types
    .map((type) => {
      if (type === 'string' && format !== undefined) return format;
      if ((type === 'integer' || type === 'number') && bounds !== undefined) {
        return `${TYPE_WORDS[type]} ${bounds}`;
      }
      return TYPE_WORDS[type];
    })
    .join(' or ');
}
