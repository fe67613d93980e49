/**
 * OpenAI's documented limits for Structured Outputs and strict function calling: object properties
 * in total, levels of object nesting, characters across property names, definition names, enum
 * and const string values, enum values in total, and the character budget of one string enum with
 * more than `largeEnumValues` values. The openai_strict dialect refuses a rendering past any of
 * them with `DialectError` LIMIT_EXCEEDED, `details.limit` naming the key.
 */
export const OPENAI_STRICT_LIMITS = Object.freeze({
  properties: 5000,
  depth: 10,
  characters: 120_000,
  enumValues: 1000,
  largeEnumValues: 250,
  largeEnumCharacters: 15_000,
} as const);

/**
 * Anthropic's documented budgets for strict tools, counted per request across every strict tool:
 * optional properties, and properties whose schema is a union (`anyOf` or a type array). One tool
 * whose rendering (recursion unrolled) is over either budget can never be sent strict, so the
 * anthropic_strict dialect refuses it with `DialectError` LIMIT_EXCEEDED.
 */
export const ANTHROPIC_STRICT_LIMITS = Object.freeze({
  optionalProperties: 24,
  unionProperties: 16,
} as const);

/**
 * How many levels of a recursive definition the anthropic_strict dialect states. Claude's strict
 * mode cannot express recursion, so each recursive definition is unrolled this many times on every
 * path and the next level is a closed object that accepts no names (its description says so, and
 * `narrowed` lists it). Anthropic documents no nesting limit that would force fewer; every level
 * multiplies what counts against {@link ANTHROPIC_STRICT_LIMITS}.
 */
export const ANTHROPIC_STRICT_UNROLL_DEPTH = 3;
