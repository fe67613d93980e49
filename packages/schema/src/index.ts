export { ANNOTATION_KEYWORDS, type AnnotationOptions } from './annotations.ts';
export { ARTIFACT_REFS_PROPERTY, ArtifactRefs, type TArtifactRefs } from './artifact-refs.ts';
export { SCHEMA_DEFECT_CODES, type SchemaDefectCode, SchemaDefectError } from './errors.ts';
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
export {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type SchemaNode,
  type SchemaObject,
} from './json.ts';
export { STRING_KEY_PATTERN, StringMap as Map, StringMap, type TStringMap } from './map.ts';
export {
  type CanonicalDocument,
  JSON_SCHEMA_2020_12,
  publishCanonical,
  publishCanonicalOutput,
} from './publish.ts';
export { Recursive } from './recursive.ts';
export {
  defRef,
  escapePointerSegment,
  refOf,
  refSegments,
  resolveRef,
  tryResolveRef,
} from './ref.ts';
export { stringifyCanonical } from './stringify.ts';
export {
  DateString as Date,
  DateString,
  DateTime,
  Duration,
  isTemporalFormat,
  TEMPORAL_FORMATS,
  type TemporalFormat,
  Time,
} from './temporal.ts';
export { Unknown } from './unknown.ts';
export {
  isArraySubschemaKeyword,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  SUBSCHEMA_KEYWORDS,
  walkSchema,
} from './walk.ts';
