/**
 * `@portcullis/schema`: the contract vocabulary a tool author declares inputs and outputs with, the
 * canonical publisher, the typed conversion of admitted values and the one bigint-aware writer.
 * Any new export added here becomes public API; JSON Schema plumbing for sibling packages lives on
 * the `@portcullis/schema/document` subpath.
 */
export type { AnnotationOptions } from './annotations.ts';
export { ARTIFACT_REFS_PROPERTY, ArtifactRefs, type TArtifactRefs } from './artifact-refs.ts';
export { type ConformRefusal, type ConformResult, type ConformType, conform } from './conform.ts';
export {
  SCHEMA_ERROR_CODES,
  type SchemaDefectDetails,
  SchemaDefectError,
  type SchemaDefectOptions,
  type SchemaErrorCode,
} from './errors.ts';
export { STRING_FORMATS, type StringFormat } from './formats.ts';
export {
  INT64_MAX,
  INT64_MIN,
  INTEGER_WIDTHS,
  Int8,
  Int16,
  Int32,
  Int64,
  type Int64Options,
  type IntegerOptions,
  type IntegerWidth,
  SafeInteger,
  Uint8,
  Uint16,
  Uint32,
} from './integers.ts';
export type { JsonObject, JsonValue } from './json.ts';
export { type MapOptions, STRING_KEY_PATTERN, StringMap as Map, type TStringMap } from './map.ts';
export {
  type CanonicalDocument,
  JSON_SCHEMA_2020_12,
  publishCanonical,
  publishCanonicalOutput,
} from './publish.ts';
export { Recursive } from './recursive.ts';
export { stringifyCanonical } from './stringify.ts';
export {
  DateString as Date,
  DateTime,
  Duration,
  TEMPORAL_FORMATS,
  type TemporalFormat,
  Time,
} from './temporal.ts';
export { Unknown } from './unknown.ts';
