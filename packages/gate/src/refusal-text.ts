import { expectation } from './internal/expectation.ts';
import { KEYWORD_TABLE } from './internal/keywords/index.ts';
import type { LineTable } from './internal/keywords/keyword.ts';
import { type LineWriter, optionalNote, subject, ToldLists } from './internal/wording.ts';
import { GATE_ISSUE_CODES, type GateIssueCode } from './issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from './keywords.ts';
import type { GateIssue } from './refusal.ts';

/**
 * At most this many distinct faults are listed in one refusal. A caller's value can carry any
 * number of faults and a refusal is read by a model with a budget; the gate stops looking at the
 * first fault past the limit, so composing a refusal costs no more than walking the value up to
 * there, and the text says only that more remain (see {@link REFUSAL_MORE_LINE}).
 */
export const REFUSAL_ISSUE_LIMIT = 32;

/** The first line of every refusal text. */
export const REFUSAL_HEADER =
  'The arguments do not match the declared input schema; correct each fault below and send the call again.';

/** The line added when a path holds {@link MAP_ENTRY_SEGMENT}. */
export const MAP_ENTRY_NOTE = `In these paths, \`${MAP_ENTRY_SEGMENT}\` stands for any key of a map; keys are not repeated here.`;

/** The line added when faults beyond {@link REFUSAL_ISSUE_LIMIT} were found and left untold. */
export const REFUSAL_MORE_LINE =
  'There are more faults than those above; correct these and send the call again to find the rest.';

const FORBIDDEN =
  'a control character other than tab, line feed and carriage return, or an unpaired surrogate';

/** The lines of the faults no keyword owns: the rules every value meets (JSON, text, numbers). */
const RULE_LINES: LineTable = {
  NON_FINITE_NUMBER: (issue) => `${subject(issue.path)} must be a finite number.`,
  NUMBER_OVERFLOW: (issue) =>
    `${subject(issue.path)} must be a number no larger in magnitude than the largest finite double (${Number.MAX_VALUE}).`,
  FORBIDDEN_CHARACTER: (issue) =>
    `${subject(issue.path)} must not contain ${FORBIDDEN}; remove that character.`,
  FORBIDDEN_CHARACTER_IN_KEY: (issue) =>
    `A key at \`${issue.path}\` must not contain ${FORBIDDEN}; rename that key.`,
  NOT_ADMITTED: (issue) =>
    issue.path === ''
      ? 'No value is admitted as the arguments: the declared schema is `false`.'
      : `No value is admitted at \`${issue.path}\`; remove it.`,
  NOT_JSON: (issue, told) => {
    const expected = expectation(issue, told);
    return `${subject(issue.path)} must be a JSON value${expected === undefined ? '' : `, namely ${expected}`}${optionalNote(issue)}.`;
  },
  UNJUDGEABLE: (issue) =>
    `${subject(issue.path)} could not be judged (cyclic, nested too deeply, or unreadable); send plain JSON.`,
};

/** The line of every issue code: the rules' and each keyword module's, one writer per code. */
const LINES: Readonly<Record<GateIssueCode, LineWriter>> = (() => {
  const lines: Partial<Record<GateIssueCode, LineWriter>> = { ...RULE_LINES };
  for (const keyword of KEYWORD_TABLE) Object.assign(lines, keyword.lines);
  for (const code of Object.values(GATE_ISSUE_CODES))
    if (lines[code] === undefined) throw new Error(`No refusal line is written for ${code}.`);
  return Object.freeze(lines as Record<GateIssueCode, LineWriter>);
})();

/**
 * Composes the refusal text from issues: a header, one `- ` line per distinct fault (at most
 * {@link REFUSAL_ISSUE_LIMIT}), {@link REFUSAL_MORE_LINE} when more were found, and the map-entry
 * note when it applies. Only document words, declared paths and array indices reach it. A list of
 * accepted values or names is spelled out once; later lines refer to the place of the first.
 */
export function composeRefusalText(issues: readonly GateIssue[], more: boolean): string {
  const told = new ToldLists();
  const lines = [
    REFUSAL_HEADER,
    ...new Set(issues.map((issue) => `- ${LINES[issue.code](issue, told)}`)),
  ];
  if (more) lines.push(REFUSAL_MORE_LINE);
  if (issues.some((issue) => issue.path.includes(`/${MAP_ENTRY_SEGMENT}`)))
    lines.push(MAP_ENTRY_NOTE);
  return lines.join('\n');
}
