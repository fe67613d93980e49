/**
 * Stable codes of {@link DecoderOptionsError}. These are defects of the calling code (how the
 * decoder was configured), never of the input being decoded: bad input is a refusal value.
 */
export const DECODER_DEFECT_CODES = Object.freeze({
  /** A limit option is not an integer between 0 and its default. */
  INVALID_LIMIT: 'INVALID_LIMIT',
} as const);

/** One of {@link DECODER_DEFECT_CODES}. */
export type DecoderDefectCode = (typeof DECODER_DEFECT_CODES)[keyof typeof DECODER_DEFECT_CODES];

/**
 * Thrown by {@link decode} when its options are invalid (a limit raised above its default, a
 * negative or fractional limit). Carries a stable `code`; never thrown for anything in the input.
 */
export class DecoderOptionsError extends Error {
  override readonly name = 'DecoderOptionsError';
  readonly code: DecoderDefectCode;

  constructor(code: DecoderDefectCode, message: string) {
    super(message);
    this.code = code;
  }
}
