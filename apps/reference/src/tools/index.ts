/**
 * The document tools, each listed once, built over one set of services. To add a tool: write it
 * with `defineTool` in a file of its own and list it in `exposed` below (or in `subAgents`, when
 * only an orchestrator dispatches it). The names consumers may be granted, and the read-only ones
 * the default `reader` consumer gets (the exposed tools declaring `readOnlyHint`), are read from
 * the definitions.
 */
import type { AnyToolDefinition } from '@portcullis/catalog';
import { corpusStatsTool } from './corpus-stats.ts';
import { explainQueryTool } from './explain-query.ts';
import { readDocumentTool } from './read-document.ts';
import { searchDocumentsTool } from './search-documents.ts';
import type { DocumentServices } from './services.ts';
import { surveyCorpusTool } from './survey-corpus.ts';
import { surveyFolderTool } from './survey-folder.ts';
import { tagDocumentsTool } from './tag-documents.ts';

/** The tools of the catalog, and the names read from their definitions. */
export interface DocumentTools {
  /** Every tool of the catalog: the exposed ones, in listing order, then the sub-agents. */
  readonly all: readonly AnyToolDefinition[];
  /** The tools consumers may be granted, in listing order. */
  readonly exposed: readonly string[];
  /** The exposed tools that declare `readOnlyHint`, granted to the default `reader` consumer. */
  readonly readOnly: readonly string[];
}

/** Builds every document tool over `services`. */
export function documentTools(services: DocumentServices): DocumentTools {
  const exposed: AnyToolDefinition[] = [
    searchDocumentsTool(services),
    readDocumentTool(services),
    tagDocumentsTool(services),
    corpusStatsTool(services),
    surveyCorpusTool(services),
    explainQueryTool(services),
  ];
  const subAgents: AnyToolDefinition[] = [surveyFolderTool(services)];
  return {
    all: Object.freeze([...exposed, ...subAgents]),
    exposed: Object.freeze(exposed.map((tool) => tool.name)),
    readOnly: Object.freeze(
      exposed.filter((tool) => tool.annotations?.readOnlyHint === true).map((tool) => tool.name),
    ),
  };
}
