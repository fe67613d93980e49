/**
 * Stable codes of {@link DecoderError}. Each is a defect of the calling code (how `decode` was
 * called or configured), never of the input being decoded: bad input is a refusal value.
 */
export const DECODER_ERROR_CODES = Object.freeze({
  /** The input is neither a string nor a `Uint8Array` (`details.received` says what it is). */
  INVALID_INPUT: 'INVALID_INPUT',
  /** A limit option is not an integer from 0 to its default (`details.option`, `details.limit`). */
  INVALID_LIMIT: 'INVALID_LIMIT',
} as const);

/** One of {@link DECODER_ERROR_CODES}. */
export type DecoderErrorCode = (typeof DECODER_ERROR_CODES)[keyof typeof DECODER_ERROR_CODES];

/** Structured facts of a {@link DecoderError}; none of them is ever a value the caller passed. */
export interface DecoderErrorDetails {
  /**
   * What the rejected input is, from a fixed vocabulary: the result of `typeof` (`'undefined'`,
   * `'number'`, `'object'`, ...), `'null'`, `'ArrayBuffer'`, `'SharedArrayBuffer'`, `'DataView'`,
   * or the name of another typed array (`'Uint16Array'`, `'Uint8ClampedArray'`, ...).
   */
  readonly received?: string;
  /** The name of the invalid limit option. */
  readonly option?: string;
  /** The default of that option, the highest value it may take. */
  readonly limit?: number;
}

/**
 * Thrown by {@link decode} for a programming error in how it is called: an input of another type
 * (`INVALID_INPUT`) or an invalid limit option (`INVALID_LIMIT`). Never thrown for anything the
 * input holds. `details` is frozen; `cause`, when given, is the underlying error.
 */
export class DecoderError extends Error {
  override readonly name = 'DecoderError';
  readonly code: DecoderErrorCode;
  readonly details: Readonly<DecoderErrorDetails>;

  constructor(
    code: DecoderErrorCode,
    message: string,
    options: DecoderErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...details } = options;
    super(message, 'cause' in options ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze(details);
  }
}
