export { ANTHROPIC_STRICT_FORMATS, anthropicStrictDialect } from './anthropic-strict.ts';
export { canonicalDialect } from './canonical.ts';
export type { Dialect, Publication, SchemaSide } from './dialect.ts';
export { DIALECTS } from './dialects.ts';
export { DIALECT_ERROR_CODES, DialectError, type DialectErrorCode } from './errors.ts';
export { GEMINI_FIELDS, geminiDialect } from './gemini.ts';
export { geminiJsonDialect } from './gemini-json.ts';
export {
  INLINE_NODE_BUDGET,
  type InlineOptions,
  type InlinePolicy,
  inlineRefs,
} from './inline-refs.ts';
export {
  ANTHROPIC_STRICT_LIMITS,
  MEASURE_NODE_BUDGET,
  measureSchema,
  OPENAI_STRICT_LIMITS,
  type SchemaMeasure,
} from './limits.ts';
export { DEFAULT_DIALECT, DIALECT_NAMES, type DialectName, isDialectName } from './names.ts';
export { novaDialect } from './nova.ts';
export { OPENAI_STRICT_FORMATS, openaiStrictDialect } from './openai-strict.ts';
