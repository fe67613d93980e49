/** The longest tool name the MCP specification admits (2025-11-25, from SEP-986). */
export const TOOL_NAME_MAX_LENGTH = 128;

/**
 * The MCP tool-name rule (specification 2025-11-25, SEP-986): 1 to 128 characters, each an ASCII
 * letter, a digit, `_`, `-` or `.`; case-sensitive. No spaces, commas, slashes or other characters.
 */
export const TOOL_NAME_PATTERN: RegExp = /^[A-Za-z0-9_.-]{1,128}$/;

/** True when `name` is a string every MCP client must accept as a tool name. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && TOOL_NAME_PATTERN.test(name);
}
