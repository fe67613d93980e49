import type { JsonValue, TemporalFormat } from '@portcullis/schema';
import type { GateIssueCode } from './issue-codes.ts';
import { MAP_ENTRY_SEGMENT } from './keywords.ts';
import type { GateDeclaredType, GateIssue } from './refusal.ts';

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

const TYPE_WORDS: Readonly<Record<GateDeclaredType, string>> = Object.freeze({
  null: 'null',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'an array',
  number: 'a number',
  integer: 'an integer',
  string: 'a string',
});

const FORMAT_WORDS: Readonly<Record<TemporalFormat, string>> = Object.freeze({
  'date-time':
    'an RFC 3339 date-time with its offset, such as 2024-05-01T13:45:00Z or 2024-05-01T15:45:00.5+02:00',
  date: 'an RFC 3339 full-date, such as 2024-05-01, naming a day that exists',
  time: 'an RFC 3339 time of day with its offset, such as 13:45:00Z or 13:45:00.25+02:00',
  duration: 'an RFC 3339 (ISO 8601) duration, such as P3DT4H30M, PT15M or P2W',
});

/** Renders a document value: JSON, with a `bigint` written as its exact digits. */
function renderValue(value: JsonValue | undefined): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `[${value.map((item) => renderValue(item)).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}: ${renderValue(item)}`)
      .join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** A list of accepted values as a refusal writes it: each value rendered, comma-separated. */
export function renderValues(values: readonly JsonValue[]): string {
  return values.map((value) => renderValue(value)).join(', ');
}

/** A list of accepted names as a refusal writes it: each in backticks, comma-separated. */
export function renderNames(names: readonly string[]): string {
  return names.map((name) => `\`${name}\``).join(', ');
}

/**
 * The lists of accepted values and names one refusal has spelled out, and where: a list of more
 * than one member is written in full on the first line that needs it, and every later line at
 * another place refers to that line's place instead, so a refusal of many faults below one large
 * `enum` (or one wide object) holds the list once. Readings are cached per list, so each list is
 * rendered once per refusal.
 */
class ToldLists {
  readonly #readings = new Map<readonly unknown[], string>();
  readonly #places = new Map<string, string>();

  /**
   * The words for `list` at `path`: its reading in full, or the place of the line that already
   * spelled out the same reading when that line is at another place.
   */
  tell<TItem>(
    list: readonly TItem[],
    path: string,
    render: (list: readonly TItem[]) => string,
  ): { readonly full: string } | { readonly place: string } {
    let reading = this.#readings.get(list);
    if (reading === undefined) {
      reading = render(list);
      this.#readings.set(list, reading);
    }
    if (list.length < 2) return { full: reading };
    const place = this.#places.get(reading);
    if (place === undefined || place === path) {
      this.#places.set(reading, path);
      return { full: reading };
    }
    return { place };
  }
}

/** A place named in a line: the arguments themselves, or a declared path in backticks. */
function placeName(path: string): string {
  return path === '' ? 'the arguments' : `\`${path}\``;
}

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
function expectation(issue: GateIssue, told: ToldLists): string | undefined {
  if (issue.values !== undefined) {
    if (issue.values.length === 1) return `exactly ${renderValue(issue.values[0])}`;
    const words = told.tell(issue.values, issue.path, renderValues);
    return 'full' in words
      ? `one of ${words.full}`
      : `one of the values listed above for ${placeName(words.place)}`;
  }
  const limits = range(issue);
  const bounds = limits?.startsWith('at ') === true ? `of ${limits}` : limits;
  const format = issue.format === undefined ? undefined : FORMAT_WORDS[issue.format];
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

/** The subject of a line: the arguments themselves, or the value at a declared path. */
function subject(path: string): string {
  return path === '' ? 'The arguments' : `The value at \`${path}\``;
}

/** Said of an optional place whose declared types exclude null: absence is spelled by omission. */
function optionalNote(issue: GateIssue): string {
  if (issue.optional !== true || issue.types?.includes('null') === true) return '';
  return '; being optional, it may instead be left out (omit the name: null is not a substitute)';
}

const FORBIDDEN =
  'a control character other than tab, line feed and carriage return, or an unpaired surrogate';

const LINES: {
  readonly [TCode in GateIssueCode]: (issue: GateIssue, told: ToldLists) => string;
} = Object.freeze({
  TYPE_MISMATCH: (issue, told) =>
    `${subject(issue.path)} must be ${expectation(issue, told) ?? 'a value of the declared type'}${optionalNote(issue)}.`,
  MISSING_PROPERTY: (issue, told) =>
    `The required value at \`${issue.path}\` is missing; send ${expectation(issue, told) ?? 'a value'}.`,
  UNDECLARED_PROPERTY: (issue, told) => {
    const count = issue.count ?? 1;
    const names = issue.names ?? [];
    const words = told.tell(names, issue.path, renderNames);
    const accepted =
      names.length === 0
        ? 'no name is accepted there'
        : 'full' in words
          ? `the accepted names are ${words.full}`
          : `the accepted names are those listed above for ${placeName(words.place)}`;
    return `${subject(issue.path)} must hold only declared names; remove the ${count} other ${count === 1 ? 'name' : 'names'} (${accepted}).`;
  },
  NOT_IN_ENUM: (issue, told) =>
    `${subject(issue.path)} must be ${expectation(issue, told) ?? 'one of the declared values'}.`,
  NOT_CONST: (issue, told) =>
    `${subject(issue.path)} must be ${expectation(issue, told) ?? 'the declared value'}.`,
  OUT_OF_RANGE: (issue, told) =>
    `${subject(issue.path)} must be ${expectation(issue, told) ?? 'within the declared bounds'}.`,
  NON_FINITE_NUMBER: (issue) => `${subject(issue.path)} must be a finite number.`,
  NUMBER_OVERFLOW: (issue) =>
    `${subject(issue.path)} must be a number no larger in magnitude than the largest finite double (${Number.MAX_VALUE}).`,
  FORMAT_MISMATCH: (issue, told) =>
    `${subject(issue.path)} must be ${expectation(issue, told) ?? 'in the declared format'}.`,
  FORBIDDEN_CHARACTER: (issue) =>
    `${subject(issue.path)} must not contain ${FORBIDDEN}; remove that character.`,
  FORBIDDEN_CHARACTER_IN_KEY: (issue) =>
    `A key at \`${issue.path}\` must not contain ${FORBIDDEN}; rename that key.`,
  NO_ALTERNATIVE: (issue, told) => {
    const expected = expectation(issue, told);
    return `${subject(issue.path)} must match one of the declared alternatives${expected === undefined ? '' : `, namely ${expected}`}${optionalNote(issue)}.`;
  },
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
});

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
