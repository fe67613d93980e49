// The public surface of @portcullis/dialects: any export added here becomes public API, and
// test/exports.test.ts pins it. Plumbing the dialects share stays under src/internal.
export type { Dialect, Publication, SchemaSide } from './dialect.ts';
export { DIALECTS } from './dialects.ts';
export {
  DIALECT_ERROR_CODES,
  DialectError,
  type DialectErrorCode,
  type DialectErrorDetails,
} from './errors.ts';
export {
  INLINE_NODE_BUDGET,
  type InlineOptions,
  type InlinePolicy,
  inlineRefs,
} from './inline-refs.ts';
export { measureSchema, type SchemaMeasure } from './internal/measure.ts';
export {
  ANTHROPIC_STRICT_LIMITS,
  ANTHROPIC_STRICT_UNROLL_DEPTH,
  OPENAI_STRICT_LIMITS,
} from './limits.ts';
export { DEFAULT_DIALECT, DIALECT_NAMES, type DialectName, isDialectName } from './names.ts';
export { type PublicationResult, publishEveryDialect } from './publish-every.ts';
