/** The longest tool name the MCP specification admits (2025-11-25, from SEP-986). */
export const TOOL_NAME_MAX_LENGTH = 128;

/**
 * The MCP tool-name rule (specification 2025-11-25, SEP-986): 1 to 128 characters, each an ASCII
 * letter, a digit, `_`, `-` or `.`; case-sensitive. No spaces, commas, slashes or other characters.
 */
export const TOOL_NAME_PATTERN: RegExp = Object.freeze(/^[A-Za-z0-9_.-]{1,128}$/);

// The rule itself is a private copy: a RegExp cannot be made immutable (`compile` rewrites even a
// frozen one), so nothing done to the exported pattern can change what the catalog accepts.
const NAME_RULE = new RegExp(TOOL_NAME_PATTERN.source);

/** True when `name` is a string every consumer must accept as a tool name. */
export function isValidToolName(name: unknown): name is string {
  return typeof name === 'string' && NAME_RULE.test(name);
}
