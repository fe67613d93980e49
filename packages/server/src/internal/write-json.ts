/**
 * How the server writes JSON that leaves the process (messages, and a result's text block):
 * `JSON.stringify` when it can (it throws at the first `bigint`), else the bigint-aware writer
 * (schema's `stringifyCanonical`) over the value's JSON form, so an `Int64` bound or value leaves as
 * an exact integer literal. Both write the same text for a value without a `bigint`. A value JSON
 * cannot hold at all (a cycle) throws.
 */
import { stringifyCanonical } from './siblings/schema.ts';
import { toJson } from './to-json.ts';

/** See the module comment. */
export function writeJson(message: unknown): string {
  try {
    return JSON.stringify(message);
  } catch {
    return stringifyCanonical(toJson(message));
  }
}

/**
 * A tool output's text: {@link writeJson} over the output itself, `null` for an output JSON writes
 * nothing for (`undefined`, a function), as its JSON form (`toJson`) would be. The output is copied
 * only when `JSON.stringify` cannot write it (it holds a `bigint`); a getter or `toJSON` of such an
 * output is then read twice.
 */
export function writeOutput(value: unknown): string {
  return (writeJson(value) as string | undefined) ?? 'null';
}
