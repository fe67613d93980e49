export { SCHEMA_DEFECT_CODES, type SchemaDefectCode, SchemaDefectError } from './errors.ts';
export {
  isJsonObject,
  type JsonObject,
  type JsonValue,
  type SchemaNode,
  type SchemaObject,
} from './json.ts';
export {
  defRef,
  escapePointerSegment,
  refOf,
  refSegments,
  resolveRef,
  tryResolveRef,
} from './ref.ts';
export {
  isArraySubschemaKeyword,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  SUBSCHEMA_KEYWORDS,
  walkSchema,
} from './walk.ts';
