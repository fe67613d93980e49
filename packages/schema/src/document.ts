/**
 * `@portcullis/schema/document`: the JSON Schema plumbing the sibling packages share (the dialects,
 * the gate, the catalog). A tool author needs none of it; the root entry holds the vocabulary.
 * Any new export added here becomes public API of the subpath.
 */
export { ANNOTATION_KEYWORDS } from './annotations.ts';
export { type Discriminator, discriminatorOf } from './discriminator.ts';
export { DUPLICATE_KEY, isDuplicateKey } from './duplicate-key.ts';
export { isJudgedFormat, isStringFormat } from './formats.ts';
export { freezeJson } from './freeze.ts';
export { isJsonObject, type SchemaNode, type SchemaObject } from './json.ts';
export {
  MCP_HEADER_KEYWORD,
  MCP_PARAM_HEADER_PREFIX,
  type McpHeaderDeclaration,
  type McpHeaderType,
  mcpHeadersOf,
} from './mcp-header.ts';
export {
  defRef,
  escapePointerSegment,
  refOf,
  refSegments,
  resolveRef,
  tryResolveRef,
} from './ref.ts';
export { isTemporalFormat } from './temporal.ts';
export {
  isArraySubschemaKeyword,
  isMapSubschemaKeyword,
  isSingleSubschemaKeyword,
  mapSubschemas,
  SUBSCHEMA_KEYWORDS,
  walkSchema,
} from './walk.ts';
