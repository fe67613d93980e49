import { DECODER_ERROR_CODES, DecoderError } from './errors.ts';

/** Deepest nesting of arrays and objects accepted (Jackson 2.18's default); a value at it passes. */
export const MAX_NESTING_DEPTH = 1000;
/** Longest number literal accepted, in characters (sign, digits, point, exponent). */
export const MAX_NUMBER_LENGTH = 1000;
/** Longest string value accepted, in UTF-16 code units after unescaping. */
export const MAX_STRING_LENGTH = 20_000_000;
/** Longest member name accepted, in UTF-16 code units after unescaping. */
export const MAX_NAME_LENGTH = 50_000;

/**
 * Options of {@link decode}. Each limit may only be LOWERED from its default: a boundary that
 * raises a limit by accident would widen what it accepts without anyone noticing.
 */
export interface DecodeOptions {
  /** Default {@link MAX_NESTING_DEPTH}. */
  readonly maxNestingDepth?: number;
  /** Default {@link MAX_NUMBER_LENGTH}. */
  readonly maxNumberLength?: number;
  /** Default {@link MAX_STRING_LENGTH}. */
  readonly maxStringLength?: number;
  /** Default {@link MAX_NAME_LENGTH}. */
  readonly maxNameLength?: number;
}

/** The limits in force for one decode, every one resolved. */
export interface DecodeLimits {
  readonly maxNestingDepth: number;
  readonly maxNumberLength: number;
  readonly maxStringLength: number;
  readonly maxNameLength: number;
}

/** The default limits, shared when no options are given. */
export const DEFAULT_DECODE_LIMITS: DecodeLimits = Object.freeze({
  maxNestingDepth: MAX_NESTING_DEPTH,
  maxNumberLength: MAX_NUMBER_LENGTH,
  maxStringLength: MAX_STRING_LENGTH,
  maxNameLength: MAX_NAME_LENGTH,
});

function resolveOne(name: keyof DecodeLimits, value: number | undefined, ceiling: number): number {
  if (value === undefined) return ceiling;
  if (!Number.isInteger(value) || value < 0 || value > ceiling) {
    throw new DecoderError(
      DECODER_ERROR_CODES.INVALID_LIMIT,
      `The option \`${name}\` is not an integer from 0 to ${ceiling}. Pass a whole number no larger than its default, or leave the option out.`,
      { option: name, limit: ceiling },
    );
  }
  return value;
}

/** Resolves options against the defaults; throws {@link DecoderError} for a bad limit. */
export function resolveLimits(options: DecodeOptions | undefined): DecodeLimits {
  if (options === undefined) return DEFAULT_DECODE_LIMITS;
  return {
    maxNestingDepth: resolveOne('maxNestingDepth', options.maxNestingDepth, MAX_NESTING_DEPTH),
    maxNumberLength: resolveOne('maxNumberLength', options.maxNumberLength, MAX_NUMBER_LENGTH),
    maxStringLength: resolveOne('maxStringLength', options.maxStringLength, MAX_STRING_LENGTH),
    maxNameLength: resolveOne('maxNameLength', options.maxNameLength, MAX_NAME_LENGTH),
  };
}
