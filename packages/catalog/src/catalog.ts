import type { JsonObject } from '@portcullis/schema';
import type { McpHeaderDeclaration } from '@portcullis/schema/document';
import type { AnyToolDefinition, ToolAnnotations } from './define-tool.ts';
import { buildCatalog } from './internal/build.ts';
import { explicitCandidates, optionsOf } from './internal/options.ts';
import { KIND_META_KEY, WEIGHT_META_KEY } from './meta.ts';
import type { ToolKind } from './tool-kind.ts';
import type { ToolWeight } from './weight.ts';

/** Where a catalog entry came from: a position in `tools`, or an export of a scanned module. */
export type ToolOrigin =
  | { readonly source: 'explicit'; readonly index: number }
  | {
      readonly source: 'scan';
      /** Absolute path of the module file. */
      readonly module: string;
      /** The module's path relative to the scanned directory, `/`-separated. */
      readonly relativeModule: string;
      readonly exportName: string;
    };

/** The `_meta` a published tool carries. */
export interface PublishedToolMeta {
  readonly [WEIGHT_META_KEY]: ToolWeight;
  readonly [KIND_META_KEY]: ToolKind;
}

/**
 * A tool as `tools/list` publishes it in the canonical dialect: the MCP `Tool` shape, with the
 * canonical documents as `inputSchema` and `outputSchema`. Other dialects are derived from it.
 */
export interface PublishedTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonObject;
  readonly outputSchema?: JsonObject;
  readonly annotations?: ToolAnnotations;
  readonly _meta: PublishedToolMeta;
}

/**
 * One tool of a built catalog. The canonical documents are published once, at build, and frozen:
 * the gate judges calls against `canonicalInput`, dialects derive their spellings from it.
 */
export interface CatalogEntry {
  readonly name: string;
  readonly kind: ToolKind;
  readonly weight: ToolWeight;
  /** The definition as declared: its `run` is what a server dispatches. */
  readonly definition: AnyToolDefinition;
  /** The canonical input document (JSON Schema 2020-12, closed objects, `artifact_refs` removed). */
  readonly canonicalInput: JsonObject;
  /** The canonical output document, or `undefined` where none is published (no or non-object output). */
  readonly canonicalOutput: JsonObject | undefined;
  /**
   * The `x-mcp-header` declarations of `canonicalInput` (SEP-2243), in document order, frozen:
   * each property a client on Streamable HTTP mirrors into `Mcp-Param-<name>`, by its property path
   * and type, for a server to judge a call's headers against its arguments. Empty for most tools.
   */
  readonly headers: readonly McpHeaderDeclaration[];
  /** The canonical `tools/list` entry. */
  readonly published: PublishedTool;
  readonly origin: ToolOrigin;
}

/**
 * A built catalog: every valid definition it was given, by name, each published once. Holding a
 * tool is not serving it: `exposure` chooses what a server serves; the rest stay reachable by
 * dispatch.
 */
export interface Catalog {
  /** Entries in arrival order: explicit tools first, then scanned modules in path order. */
  readonly entries: readonly CatalogEntry[];
  /** The entry named `name` (case-sensitive), if any. */
  get(name: string): CatalogEntry | undefined;
  has(name: string): boolean;
  readonly size: number;
}

/** What {@link createCatalog} builds a catalog from. */
export interface CatalogOptions {
  /** Definitions, in order. */
  readonly tools: readonly AnyToolDefinition[];
}

/**
 * Builds the catalog from `tools`, synchronously, failing fast with a {@link CatalogError} that
 * names the tool (or the list position of a nameless one) and the fault: a missing or invalid name,
 * two definitions claiming one name, a malformed definition, guardrail or weight, an input whose
 * root is not an object with declared properties, a thinker without `query` and `depth`, a schema
 * the publisher cannot render, an orchestrator scoping a tool the catalog lacks. The same
 * definition object listed more than once is one entry. To take definitions from a directory as
 * well, use `scanCatalog`.
 */
export function createCatalog(options: CatalogOptions): Catalog {
  const given = optionsOf(options, 'createCatalog', ['tools']);
  return buildCatalog(explicitCandidates(given['tools'], 'createCatalog'));
}
