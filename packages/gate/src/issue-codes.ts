/**
 * Stable codes of the faults a refusal names, one per rule the gate enforces: the `code` of every
 * `GateIssue`. A consumer may branch on them and a test pins the table, so a code is never
 * renamed or reused for another rule.
 */
export const GATE_ISSUE_CODES = Object.freeze({
  /** The value is not of a declared type (`"7"` for an integer, `1.5` for an integer, `null`). */
  TYPE_MISMATCH: 'TYPE_MISMATCH',
  /** A property listed in `required` is absent. */
  MISSING_PROPERTY: 'MISSING_PROPERTY',
  /** An object closed by `additionalProperties: false` carries names it does not declare. */
  UNDECLARED_PROPERTY: 'UNDECLARED_PROPERTY',
  /** The value is not one of the declared `enum` values. */
  NOT_IN_ENUM: 'NOT_IN_ENUM',
  /** The value is not the declared `const`. */
  NOT_CONST: 'NOT_CONST',
  /** A number lies outside `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum`. */
  OUT_OF_RANGE: 'OUT_OF_RANGE',
  /** A number is NaN or infinite: no JSON text spells it. */
  NON_FINITE_NUMBER: 'NON_FINITE_NUMBER',
  /**
   * A `bigint` whose magnitude exceeds the largest finite double: no double holds it, so a handler
   * declared with `number` could never receive it (the decoder refuses such a literal too).
   */
  NUMBER_OVERFLOW: 'NUMBER_OVERFLOW',
  /** A string is not in the declared `format` (the temporal ones per RFC 3339, the others per their RFC). */
  FORMAT_MISMATCH: 'FORMAT_MISMATCH',
  /** A string value holds a C0 control other than tab, LF, CR, or an unpaired surrogate. */
  FORBIDDEN_CHARACTER: 'FORBIDDEN_CHARACTER',
  /** A key the caller chose (a map entry's key) holds such a character. */
  FORBIDDEN_CHARACTER_IN_KEY: 'FORBIDDEN_CHARACTER_IN_KEY',
  /** No alternative of an `anyOf` admits the value. */
  NO_ALTERNATIVE: 'NO_ALTERNATIVE',
  /** The document admits nothing at this place (the schema `false`). */
  NOT_ADMITTED: 'NOT_ADMITTED',
  /** The value is not JSON at all (`undefined`, a function, a class instance, a sparse slot). */
  NOT_JSON: 'NOT_JSON',
  /** The value could not be judged at all (cyclic, nested past the engine's stack, or it threw when read). */
  UNJUDGEABLE: 'UNJUDGEABLE',
  /** A string has fewer code points than `minLength`. */
  TOO_SHORT: 'TOO_SHORT',
  /** A string has more code points than `maxLength`. */
  TOO_LONG: 'TOO_LONG',
  /** A string does not match the declared `pattern` (searched anywhere in it, with the `u` flag). */
  PATTERN_MISMATCH: 'PATTERN_MISMATCH',
  /** An array has fewer items than `minItems`. */
  TOO_FEW_ITEMS: 'TOO_FEW_ITEMS',
  /** An array has more items than `maxItems`. */
  TOO_MANY_ITEMS: 'TOO_MANY_ITEMS',
  /** Two items of an array declared `uniqueItems` are equal as JSON (told by their indexes). */
  DUPLICATE_ITEMS: 'DUPLICATE_ITEMS',
  /** An object (a map) has fewer names than `minProperties`. */
  TOO_FEW_PROPERTIES: 'TOO_FEW_PROPERTIES',
  /** An object (a map) has more names than `maxProperties`. */
  TOO_MANY_PROPERTIES: 'TOO_MANY_PROPERTIES',
  /** A key the caller chose is outside the declared key rule (`propertyNames`); told, never repeated. */
  KEY_MISMATCH: 'KEY_MISMATCH',
  /**
   * A map spelled as a list of `{ key, value }` entries gave one key twice (a dialect's inverse
   * marks it); told at the map's declared path, never which key.
   */
  DUPLICATE_KEY: 'DUPLICATE_KEY',
  /** A number is not a multiple of the declared `multipleOf`. */
  NOT_MULTIPLE: 'NOT_MULTIPLE',
  /**
   * The discriminator of a discriminated object union is missing or names no member: the issue's
   * path is the discriminator's place, its `values` the accepted literals.
   */
  DISCRIMINATOR_MISMATCH: 'DISCRIMINATOR_MISMATCH',
} as const);

/** One of {@link GATE_ISSUE_CODES}. */
export type GateIssueCode = (typeof GATE_ISSUE_CODES)[keyof typeof GATE_ISSUE_CODES];
