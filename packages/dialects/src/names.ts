/**
 * The wire names of every dialect, in the order they are documented. A request selects a dialect
 * by one of these names; anything else is not a dialect. Frozen.
 */
export const DIALECT_NAMES = Object.freeze([
  'canonical',
  'openai_strict',
  'gemini',
  'gemini_json',
  'nova',
  'anthropic_strict',
] as const);

/** One of {@link DIALECT_NAMES}. */
export type DialectName = (typeof DIALECT_NAMES)[number];

/** The dialect a request gets when it names none: the JSON Schema 2020-12 document as published. */
export const DEFAULT_DIALECT = 'canonical' satisfies DialectName;

const NAMES = new Set<string>(DIALECT_NAMES);

/** True when `value` is the wire name of a dialect (exact, case-sensitive). */
export function isDialectName(value: unknown): value is DialectName {
  return typeof value === 'string' && NAMES.has(value);
}
