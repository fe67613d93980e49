/**
 * Stable codes of a {@link DecodeRefusal}. Each names one rule the decoder enforces; a consumer may
 * branch on them and a test pins them, so a code is never renamed or reused for another rule.
 */
export const DECODE_REFUSAL_CODES = Object.freeze({
  /** The same member name appears twice in one object (compared after unescaping). */
  DUPLICATE_KEY: 'DUPLICATE_KEY',
  /** Something other than whitespace follows the document. */
  TRAILING_CONTENT: 'TRAILING_CONTENT',
  /** A `//` or `/*` comment. */
  COMMENT: 'COMMENT',
  /** A comma directly before `]` or `}`. */
  TRAILING_COMMA: 'TRAILING_COMMA',
  /** A string or name delimited by single quotes. */
  SINGLE_QUOTE: 'SINGLE_QUOTE',
  /** A member name that is not a double-quoted string. */
  UNQUOTED_NAME: 'UNQUOTED_NAME',
  /** A number with a superfluous leading zero (`01`, `-00`). */
  LEADING_ZERO: 'LEADING_ZERO',
  /** A raw control character (U+0000 to U+001F) inside a string: it must be escaped. */
  CONTROL_CHARACTER: 'CONTROL_CHARACTER',
  /** A bare word where a value belongs: `NaN`, `Infinity`, `undefined`, a misspelt literal. */
  BARE_WORD: 'BARE_WORD',
  /** Byte input that is not well-formed UTF-8 (never replaced with U+FFFD). */
  INVALID_UTF8: 'INVALID_UTF8',
  /** A byte-order mark before the document. */
  BYTE_ORDER_MARK: 'BYTE_ORDER_MARK',
  /** A number whose magnitude no double can hold (`1e400`). */
  NUMBER_OVERFLOW: 'NUMBER_OVERFLOW',
  /** A non-zero number that a double would round to zero (`1e-400`). */
  NUMBER_UNDERFLOW: 'NUMBER_UNDERFLOW',
  /** An unpaired UTF-16 surrogate, escaped (`\uD800`) or raw in string input. */
  LONE_SURROGATE: 'LONE_SURROGATE',
  /** A backslash escape JSON does not define (`\x`, `\u12`). */
  INVALID_ESCAPE: 'INVALID_ESCAPE',
  /** A number that breaks the JSON grammar (`1.`, `.5`, `+1`, `1e`, `0x1`). */
  INVALID_NUMBER: 'INVALID_NUMBER',
  /** A character the grammar does not allow where it stands. */
  UNEXPECTED_CHARACTER: 'UNEXPECTED_CHARACTER',
  /** The input ends before the document does (including empty input). */
  UNEXPECTED_END: 'UNEXPECTED_END',
  /** Arrays and objects nested deeper than the nesting-depth limit. */
  NESTING_TOO_DEEP: 'NESTING_TOO_DEEP',
  /** A number literal longer than the number-length limit. */
  NUMBER_TOO_LONG: 'NUMBER_TOO_LONG',
  /** A string value longer than the string-length limit. */
  STRING_TOO_LONG: 'STRING_TOO_LONG',
  /** A member name longer than the name-length limit. */
  NAME_TOO_LONG: 'NAME_TOO_LONG',
  /** Byte input larger than the longest string the runtime can hold. */
  INPUT_TOO_LONG: 'INPUT_TOO_LONG',
} as const);

/** One of {@link DECODE_REFUSAL_CODES}. */
export type DecodeRefusalCode = (typeof DECODE_REFUSAL_CODES)[keyof typeof DECODE_REFUSAL_CODES];

/**
 * Why an input was refused. `offset` is a byte offset into the UTF-8 input (for string input: into
 * its UTF-8 encoding). `text`, the words for a model or a person to read, is composed from the
 * rule and the offset alone and never carries any of the input's content.
 */
export interface DecodeRefusal {
  readonly code: DecodeRefusalCode;
  readonly text: string;
  readonly offset: number;
}

/**
 * A decoded JSON value: integer literals beyond ±(2^53-1) (and at most `Number.MAX_VALUE` in
 * magnitude, or they are refused) are exact `bigint`s, every other number a `number`.
 */
export type DecodedValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | DecodedValue[]
  | { [name: string]: DecodedValue };

/** The outcome of {@link decode}: the value, or the refusal. Bad input is never thrown. */
export type DecodeResult =
  | { readonly ok: true; readonly value: DecodedValue }
  | { readonly ok: false; readonly refusal: DecodeRefusal };

/**
 * The rule each code stands for, as a refusal's `text` states it: what is wrong, then what to do.
 * Fixed text: a refusal's text is the offset and this rule, nothing else. Frozen, like the code
 * table, so no code in the process can put other words (or caller content) into a refusal.
 */
export const DECODE_REFUSAL_RULES: { readonly [TCode in DecodeRefusalCode]: string } =
  Object.freeze({
    DUPLICATE_KEY: 'An object repeats a member name. Send each name once per object.',
    TRAILING_CONTENT:
      'Content follows the end of the document. Send one document with nothing after it but whitespace.',
    COMMENT: 'The document holds a comment, which JSON does not allow. Remove the comment.',
    TRAILING_COMMA:
      'A comma comes right before a closing bracket. Remove the comma after the last element or member.',
    SINGLE_QUOTE: 'A string is in single quotes. Put strings and member names in double quotes.',
    UNQUOTED_NAME:
      'A member name is not quoted. Write each member name as a string in double quotes.',
    LEADING_ZERO: 'A number starts with a superfluous zero. Write numbers without leading zeros.',
    CONTROL_CHARACTER:
      'A string holds a raw control character (U+0000 to U+001F). Escape it, as `\\n`, `\\t` or `\\u0001`.',
    BARE_WORD:
      'A bare word stands where a value belongs. Use only `true`, `false` and `null` as words, and put text in double quotes.',
    INVALID_UTF8: 'The input is not well-formed UTF-8. Send the document encoded as UTF-8.',
    BYTE_ORDER_MARK:
      'A byte-order mark comes before the document. Send the document without a byte-order mark.',
    NUMBER_OVERFLOW:
      'A number is beyond the range of a double. Send numbers no larger in magnitude than about 1.8e308.',
    NUMBER_UNDERFLOW:
      'A non-zero number is so small that a double rounds it to zero. Send zero as `0`, or a number no smaller in magnitude than about 5e-324.',
    LONE_SURROGATE:
      'A string holds an unpaired UTF-16 surrogate. Send each surrogate with its other half, or the character itself.',
    INVALID_ESCAPE:
      'A string holds an escape sequence JSON does not define. Use only `\\"`, `\\\\`, `\\/`, `\\b`, `\\f`, `\\n`, `\\r`, `\\t` and `\\u` with four hex digits.',
    INVALID_NUMBER:
      'A number is malformed. Write it as JSON does: an optional minus, digits, then an optional fraction and exponent.',
    UNEXPECTED_CHARACTER:
      'A character stands where the JSON grammar does not allow it. Correct the document at that byte.',
    UNEXPECTED_END: 'The input ends before the document does. Send the whole document.',
    NESTING_TOO_DEEP: 'Arrays and objects nest deeper than the limit. Nest them less deeply.',
    NUMBER_TOO_LONG: 'A number literal is longer than the limit. Send it with fewer digits.',
    STRING_TOO_LONG: 'A string is longer than the limit. Send a shorter string.',
    NAME_TOO_LONG: 'A member name is longer than the limit. Send a shorter name.',
    INPUT_TOO_LONG:
      'The input is larger than the runtime can hold as a string. Send a smaller document.',
  });

/** Composes the refusal for `code` at byte `offset`; the text is the offset and the rule. */
export function refusalOf(code: DecodeRefusalCode, offset: number): DecodeRefusal {
  return { code, text: `Decoding stops at byte ${offset}. ${DECODE_REFUSAL_RULES[code]}`, offset };
}
