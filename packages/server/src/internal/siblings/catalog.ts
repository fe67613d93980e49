/**
 * Every use of `@portcullis/catalog` goes through this module, so a rename there is one edit here.
 * The catalog names its mirrors of the dispatcher's types `Tool...` (it may not import the
 * dispatcher); the server reads them under the short names below.
 */
import type {
  AnyToolDefinition,
  Catalog,
  CatalogEntry,
  DispatchingContext,
  Exposure,
  RegistryContext,
  ToolAnnotations,
  ToolContext,
  ToolKind,
  ToolLogLevel,
  ToolWeight,
} from '@portcullis/catalog';
import { KIND_META_KEY, TOOL_LOG_LEVELS, WEIGHT_META_KEY } from '@portcullis/catalog';
import type { Guardrails } from './dispatcher.ts';

export type LogLevel = ToolLogLevel;
export type { AnyToolDefinition, Catalog, CatalogEntry, Exposure };
export const LOG_LEVELS = TOOL_LOG_LEVELS;
export { KIND_META_KEY, WEIGHT_META_KEY };

/**
 * The guardrails a definition declares, in the dispatcher's shapes (the catalog checked them at
 * build; `tooling/repo-checks` proves its mirror types are the dispatcher's).
 */
export function guardrailsOf(definition: AnyToolDefinition): Guardrails | undefined {
  return definition.guardrails as Guardrails | undefined;
}
