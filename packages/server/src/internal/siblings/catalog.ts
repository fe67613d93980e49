/**
 * Every use of `@portcullis/catalog` goes through this module. Two pieces the catalog gains on
 * another branch are handled here until then: a definition's `guardrails` (`{ admission?, input?,
 * output? }` in the dispatcher's shapes) is read structurally, and the run context's
 * `invokedAsTool` (with `sample` and `elicit`) is set by the server's tool context.
 */
import type {
  AnyToolDefinition,
  Catalog,
  CatalogEntry,
  Exposure,
  LogLevel,
} from '@portcullis/catalog';
import { KIND_META_KEY, LOG_LEVELS, WEIGHT_META_KEY } from '@portcullis/catalog';
import type { Guardrails } from './dispatcher.ts';

export type { AnyToolDefinition, Catalog, CatalogEntry, Exposure, LogLevel };
export { KIND_META_KEY, LOG_LEVELS, WEIGHT_META_KEY };

/** The guardrails a definition declares, when it declares any (the catalog's field once merged). */
export function guardrailsOf(definition: AnyToolDefinition): Guardrails | undefined {
  if (!Object.hasOwn(definition, 'guardrails')) return undefined;
  const declared = (definition as { guardrails?: unknown }).guardrails;
  return typeof declared === 'object' && declared !== null ? (declared as Guardrails) : undefined;
}
