/**
 * Every use of `@portcullis/catalog` goes through this module. Two pieces the catalog gains on
 * another branch are read here structurally until then: a definition's `guardrails`
 * (`{ admission?, input?, output? }` in the dispatcher's shapes) and the run context's
 * `invokedAsTool`, which the server sets.
 */
import type {
  AnyToolDefinition,
  Catalog,
  CatalogEntry,
  DispatchingContext,
  Exposure,
  LogLevel,
  RegistryContext,
  ToolAnnotations,
  ToolContext,
  ToolKind,
  ToolWeight,
} from '@portcullis/catalog';
import { KIND_META_KEY, LOG_LEVELS, WEIGHT_META_KEY } from '@portcullis/catalog';
import type { Guardrails } from './dispatcher.ts';

export type {
  AnyToolDefinition,
  Catalog,
  CatalogEntry,
  DispatchingContext,
  Exposure,
  LogLevel,
  RegistryContext,
  ToolAnnotations,
  ToolContext,
  ToolKind,
  ToolWeight,
};
export { KIND_META_KEY, LOG_LEVELS, WEIGHT_META_KEY };

/** The guardrails a definition declares, when it declares any (the catalog's field once merged). */
export function guardrailsOf(definition: AnyToolDefinition): Guardrails | undefined {
  if (!Object.hasOwn(definition, 'guardrails')) return undefined;
  const declared = (definition as { guardrails?: unknown }).guardrails;
  return typeof declared === 'object' && declared !== null ? (declared as Guardrails) : undefined;
}

/** The run context's flag telling a tool that an outside consumer called it (the catalog's field once merged). */
export interface InvokedAsTool {
  readonly invokedAsTool: boolean;
}
