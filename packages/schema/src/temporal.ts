import { type TString, Type } from 'typebox';
import type { AnnotationOptions } from './annotations.ts';

/**
 * The temporal formats of the vocabulary, in the RFC 3339 profile of ISO-8601: `date-time`
 * (`2024-05-01T12:30:00Z`, offset required), `date` (`2024-05-01`), `time` (`12:30:00+02:00`, offset
 * required) and `duration` (`P1DT2H`, RFC 3339 appendix A). They are the only `format` values the
 * publisher accepts, because they are the ones the gate judges.
 */
export const TEMPORAL_FORMATS = Object.freeze(['date-time', 'date', 'time', 'duration'] as const);

/** One of {@link TEMPORAL_FORMATS}. */
export type TemporalFormat = (typeof TEMPORAL_FORMATS)[number];

/** True when `format` is one of {@link TEMPORAL_FORMATS}. */
export function isTemporalFormat(format: unknown): format is TemporalFormat {
  return (TEMPORAL_FORMATS as readonly unknown[]).includes(format);
}

/** An RFC 3339 date-time with an offset (`2024-05-01T12:30:00Z`); a `string` in the handler. */
export function DateTime(options?: AnnotationOptions): TString {
  return Type.String({ ...options, format: 'date-time' });
}

/**
 * An RFC 3339 full-date (`2024-05-01`); a `string` in the handler. Exported as `Date`, the name the
 * vocabulary gives it; declared here under another name so this module keeps the global `Date`.
 */
export function DateString(options?: AnnotationOptions): TString {
  return Type.String({ ...options, format: 'date' });
}

/** An RFC 3339 full-time with an offset (`12:30:00Z`); a `string` in the handler. */
export function Time(options?: AnnotationOptions): TString {
  return Type.String({ ...options, format: 'time' });
}

/** An ISO-8601 duration in the RFC 3339 profile (`P3Y6M4DT12H30M5S`, `P2W`); a `string`. */
export function Duration(options?: AnnotationOptions): TString {
  return Type.String({ ...options, format: 'duration' });
}
