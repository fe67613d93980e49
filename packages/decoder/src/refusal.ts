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
 * its UTF-8 encoding). `message` is composed from the rule and the offset alone and never carries
 * any of the input's content.
 */
export interface DecodeRefusal {
  readonly code: DecodeRefusalCode;
  readonly offset: number;
  readonly message: string;
}

/** A decoded JSON value: integers beyond ±(2^53-1) are `bigint`, every other number a `number`. */
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
 * The rule each code stands for, as it appears in a refusal's message. Fixed text: a refusal's
 * message is this rule and the offset, nothing else. Frozen, like the code table, so no code in the
 * process can put other words (or caller content) into a refusal.
 */
export const DECODE_REFUSAL_RULES: { readonly [TCode in DecodeRefusalCode]: string } =
  Object.freeze({
    DUPLICATE_KEY: 'duplicate member name in an object',
    TRAILING_CONTENT: 'content after the end of the document',
    COMMENT: 'comments are not JSON',
    TRAILING_COMMA: 'trailing comma before a closing bracket',
    SINGLE_QUOTE: 'single-quoted strings are not JSON',
    UNQUOTED_NAME: 'member names must be double-quoted strings',
    LEADING_ZERO: 'numbers must not have leading zeros',
    CONTROL_CHARACTER: 'raw control character in a string (must be escaped)',
    BARE_WORD: 'bare word where a value belongs (only true, false and null are literals)',
    INVALID_UTF8: 'input is not well-formed UTF-8',
    BYTE_ORDER_MARK: 'byte-order mark before the document',
    NUMBER_OVERFLOW: 'number too large for a double',
    NUMBER_UNDERFLOW: 'non-zero number too small for a double',
    LONE_SURROGATE: 'unpaired UTF-16 surrogate',
    INVALID_ESCAPE: 'invalid escape sequence in a string',
    INVALID_NUMBER: 'malformed number',
    UNEXPECTED_CHARACTER: 'unexpected character',
    UNEXPECTED_END: 'input ends before the document is complete',
    NESTING_TOO_DEEP: 'arrays and objects nested deeper than the limit',
    NUMBER_TOO_LONG: 'number literal longer than the limit',
    STRING_TOO_LONG: 'string longer than the limit',
    NAME_TOO_LONG: 'member name longer than the limit',
    INPUT_TOO_LONG: 'input longer than the runtime can hold as a string',
  });

/** Composes the refusal for `code` at byte `offset`; the message is the rule and the offset. */
export function refusalOf(code: DecodeRefusalCode, offset: number): DecodeRefusal {
  return { code, offset, message: `${DECODE_REFUSAL_RULES[code]} (${code} at byte ${offset})` };
}
