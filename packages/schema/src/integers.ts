import { type TBigInt, type TInteger, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';
import { SCHEMA_ERROR_CODES, SchemaDefectError } from './errors.ts';

/** The smallest value an `Int64` holds: -2^63, exact. */
export const INT64_MIN = -9223372036854775808n;
/** The largest value an `Int64` holds: 2^63 - 1, exact. */
export const INT64_MAX = 9223372036854775807n;

/**
 * The inclusive bounds of every integer width of the vocabulary. `SafeInteger` is the width of a
 * plain TypeBox integer (the range a double holds exactly); `Int64` bounds are `bigint` so that they
 * stay exact in memory and in the published document.
 */
export const INTEGER_WIDTHS = Object.freeze({
  Int8: Object.freeze({ minimum: -128, maximum: 127 } as const),
  Int16: Object.freeze({ minimum: -32768, maximum: 32767 } as const),
  Int32: Object.freeze({ minimum: -2147483648, maximum: 2147483647 } as const),
  Uint8: Object.freeze({ minimum: 0, maximum: 255 } as const),
  Uint16: Object.freeze({ minimum: 0, maximum: 65535 } as const),
  Uint32: Object.freeze({ minimum: 0, maximum: 4294967295 } as const),
  SafeInteger: Object.freeze({
    minimum: Number.MIN_SAFE_INTEGER,
    maximum: Number.MAX_SAFE_INTEGER,
  } as const),
  Int64: Object.freeze({ minimum: INT64_MIN, maximum: INT64_MAX } as const),
});

/** One of the widths in {@link INTEGER_WIDTHS}. */
export type IntegerWidth = keyof typeof INTEGER_WIDTHS;

/**
 * Options of a width builder: annotations, optionally narrower bounds inside the width, exclusive
 * bounds, and a `multipleOf` (a positive integer); the publisher checks that a value remains.
 */
export interface IntegerOptions extends AnnotationOptions {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
}

/**
 * Options of {@link Int64}: annotations, optionally narrower bounds inside the width, exclusive
 * bounds and a `multipleOf` (published as exact bigints, like the bounds).
 */
export interface Int64Options extends AnnotationOptions {
  minimum?: bigint | number;
  maximum?: bigint | number;
  exclusiveMinimum?: bigint | number;
  exclusiveMaximum?: bigint | number;
  multipleOf?: bigint | number;
}

function narrowed(
  width: IntegerWidth,
  given: number | bigint | undefined,
  fallback: number | bigint,
  which: 'minimum' | 'maximum',
): bigint {
  const { minimum, maximum } = INTEGER_WIDTHS[width];
  if (given === undefined) return BigInt(fallback);
  // A string or any other kind would be converted by `BigInt` ('5' to 5n); a bound is a number.
  if (typeof given !== 'bigint' && !(typeof given === 'number' && Number.isInteger(given))) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
      `The \`${which}\` of \`${width}\` is not an integer; give an integer bound.`,
      { path: `/${which}` },
    );
  }
  // A double beyond 2^53 - 1 may be a rounded literal (9007199254740993 reads as ...992), so the
  // bound the author wrote is not known exactly; only a bigint states it.
  if (typeof given === 'number' && !Number.isSafeInteger(given) && width === 'Int64') {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
      `The \`${which}\` of \`Int64\` is a number beyond 2^53 - 1, which a double may have rounded; give it as a \`bigint\`.`,
      { path: `/${which}` },
    );
  }
  const value = BigInt(given);
  if (value < BigInt(minimum) || value > BigInt(maximum)) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
      `The \`${which}\` of \`${width}\` lies outside the width; give a bound from ${minimum} to ${maximum}.`,
      { path: `/${which}` },
    );
  }
  return value;
}

function bounds(
  width: IntegerWidth,
  options: IntegerOptions | Int64Options | undefined,
): [bigint, bigint] {
  const { minimum, maximum } = INTEGER_WIDTHS[width];
  const low = narrowed(width, options?.minimum, minimum, 'minimum');
  const high = narrowed(width, options?.maximum, maximum, 'maximum');
  if (low > high) {
    throw new SchemaDefectError(
      SCHEMA_ERROR_CODES.MALFORMED_SCHEMA,
      `The \`minimum\` of \`${width}\` exceeds its \`maximum\`; give bounds that admit a value.`,
      { path: '' },
    );
  }
  return [low, high];
}

function integerOf(width: Exclude<IntegerWidth, 'Int64'>, options?: IntegerOptions): TInteger {
  const [minimum, maximum] = bounds(width, options);
  return Type.Integer({ ...options, minimum: Number(minimum), maximum: Number(maximum) });
}

/** A signed 8-bit integer (-128..127); published with these bounds wherever it appears. */
export function Int8(options?: IntegerOptions): TInteger {
  return integerOf('Int8', options);
}
/** A signed 16-bit integer (-32768..32767). */
export function Int16(options?: IntegerOptions): TInteger {
  return integerOf('Int16', options);
}
/** A signed 32-bit integer (-2147483648..2147483647). */
export function Int32(options?: IntegerOptions): TInteger {
  return integerOf('Int32', options);
}
/** An unsigned 8-bit integer (0..255). */
export function Uint8(options?: IntegerOptions): TInteger {
  return integerOf('Uint8', options);
}
/** An unsigned 16-bit integer (0..65535). */
export function Uint16(options?: IntegerOptions): TInteger {
  return integerOf('Uint16', options);
}
/** An unsigned 32-bit integer (0..4294967295). */
export function Uint32(options?: IntegerOptions): TInteger {
  return integerOf('Uint32', options);
}
/**
 * An integer a double holds exactly (±(2^53 - 1)): the width of a plain `Type.Integer()`, spelled
 * out for readers.
 */
export function SafeInteger(options?: IntegerOptions): TInteger {
  return integerOf('SafeInteger', options);
}

/**
 * A signed 64-bit integer. The handler receives a `bigint`; the bounds are `bigint` in the builder
 * and in the published document, so ±2^63 is never rounded. A plain `Type.BigInt()` publishes the
 * same way.
 */
export function Int64(options?: Int64Options): TBigInt {
  const [minimum, maximum] = bounds('Int64', options);
  return Type.BigInt({ ...options, minimum, maximum });
}
