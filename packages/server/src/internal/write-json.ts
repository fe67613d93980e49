/**
 * How the hosts write a message: `JSON.stringify` when it can (no `bigint` anywhere), else the
 * bigint-aware writer over the message's JSON value, so an `Int64` bound or value leaves the
 * process as an exact integer literal. A message JSON cannot hold at all (a cycle) throws.
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
