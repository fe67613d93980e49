import { TOOL_NAME_MAX_LENGTH } from '../tool-name.ts';

/**
 * An identifier as an error message shows it: in backticks, with control characters, quotes and
 * backslashes escaped as JSON escapes them, and cut after `limit` characters (a tool name's longest
 * by default) when it is much longer, so a runaway string can neither swell the message nor break
 * its line. Paths of files are shown whole.
 */
export function quote(identifier: string, limit: number = TOOL_NAME_MAX_LENGTH): string {
  const shown = identifier.length > limit + 8 ? `${identifier.slice(0, limit)}…` : identifier;
  return `\`${JSON.stringify(shown).slice(1, -1)}\``;
}

/** Identifiers of our own as a message lists them: `a`, `b` and `c` (or `or`). */
export function listed(identifiers: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  const shown = identifiers.map((identifier) => `\`${identifier}\``);
  return shown.length < 2
    ? shown.join('')
    : `${shown.slice(0, -1).join(', ')} ${conjunction} ${shown[shown.length - 1]}`;
}
