/**
 * Strict JSON decoding for bytes from outside: refuses what JSON.parse forgives (duplicate keys,
 * trailing bytes, invalid UTF-8, lone surrogates, numbers a double cannot hold, anything past the
 * limits), keeps big integers exact, and never echoes input in a refusal.
 */
export { decode } from './decode.ts';
export {
  DECODER_ERROR_CODES,
  DecoderError,
  type DecoderErrorCode,
  type DecoderErrorDetails,
} from './errors.ts';
export {
  DEFAULT_DECODE_LIMITS,
  type DecodeLimits,
  type DecodeOptions,
  MAX_NAME_LENGTH,
  MAX_NESTING_DEPTH,
  MAX_NUMBER_LENGTH,
  MAX_STRING_LENGTH,
} from './limits.ts';
export {
  DECODE_REFUSAL_CODES,
  DECODE_REFUSAL_RULES,
  type DecodedValue,
  type DecodeRefusal,
  type DecodeRefusalCode,
  type DecodeResult,
} from './refusal.ts';
