import { TOOL_NAME_MAX_LENGTH } from '../tool-name.ts';

/**
 * A name as an error message shows it: JSON-quoted, and cut after {@link TOOL_NAME_MAX_LENGTH}
 * characters when it is much longer, so a runaway string cannot swell the message.
 */
export function quoteName(name: string): string {
  const shown =
    name.length > TOOL_NAME_MAX_LENGTH + 8 ? `${name.slice(0, TOOL_NAME_MAX_LENGTH)}…` : name;
  return JSON.stringify(shown);
}
