import type { JsonValue } from '@portcullis/schema';
import type { GateIssue } from '../refusal.ts';

/*
 * The words every refusal line is made of, shared by the keyword modules: the document's values
 * rendered, lists told once per refusal, the subject of a line.
 */

/** Writes the line of one fault from its issue (the document's facts only). */
export type LineWriter = (issue: GateIssue, told: ToldLists) => string;

/** Renders a document value: JSON, with a `bigint` written as its exact digits. */
export function renderValue(value: JsonValue | undefined): string {
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
export class ToldLists {
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
export function placeName(path: string): string {
  return path === '' ? 'the arguments' : `\`${path}\``;
}

/** The subject of a line: the arguments themselves, or the value at a declared path. */
export function subject(path: string): string {
  return path === '' ? 'The arguments' : `The value at \`${path}\``;
}

/** Said of an optional place whose declared types exclude null: absence is spelled by omission. */
export function optionalNote(issue: GateIssue): string {
  if (issue.optional !== true || issue.types?.includes('null') === true) return '';
  return '; being optional, it may instead be left out (omit the name: null is not a substitute)';
}
