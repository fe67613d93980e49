/**
 * Tool definitions, directory scanning and a catalog that fails fast at build. Every export here is
 * public API, pinned by `test/exports.test.ts`.
 */
export {
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  createCatalog,
  type PublishedTool,
  type PublishedToolMeta,
  type ToolOrigin,
} from './catalog.ts';
export {
  type DispatchingContext,
  type RegistryContext,
  TOOL_LOG_LEVELS,
  type ToolArtifactRegistry,
  type ToolContext,
  type ToolLogLevel,
} from './context.ts';
export {
  type AnyToolDefinition,
  type ContextFor,
  defineTool,
  isToolDefinition,
  type OutputOf,
  type ToolAnnotations,
  type ToolDefinition,
  type ToolSpec,
} from './define-tool.ts';
export {
  CATALOG_ERROR_CODES,
  CatalogError,
  type CatalogErrorCode,
  type CatalogErrorDetails,
} from './errors.ts';
export { assertExposure, type Exposure, type ExposurePredicate, exposure } from './exposure.ts';
export type {
  ToolAdmissionGuardrail,
  ToolGuardrailSubject,
  ToolGuardrails,
  ToolGuardrailVerdict,
  ToolInputGuardrail,
  ToolOutputGuardrail,
} from './guardrail.ts';
export { KIND_META_KEY, WEIGHT_META_KEY } from './meta.ts';
export { DEFAULT_SCAN_EXTENSIONS, type ScanOptions, scanCatalog } from './scan-catalog.ts';
export {
  THINKER_DEPTH_MAX,
  THINKER_DEPTH_MIN,
  type ThinkerContractProperties,
  type ThinkerInputProperties,
  thinkerInput,
} from './thinker-input.ts';
export { isToolKind, TOOL_KINDS, type ToolKind } from './tool-kind.ts';
export { isValidToolName, TOOL_NAME_MAX_LENGTH, TOOL_NAME_PATTERN } from './tool-name.ts';
export {
  type ToolWeight,
  WEIGHT_KINDS,
  WEIGHT_LEVEL_MAX,
  WEIGHT_LEVEL_MIN,
  type WeightKind,
} from './weight.ts';
