/**
 * The document tools, built over one set of services, and the names each consumer role is
 * granted by default. To add a tool: write it with `defineTool` in a file of its own, list it in
 * `documentTools`, and name it in a grant (`config.json`) or in `READ_ONLY_TOOLS`.
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

/** The tools consumers may be granted, in listing order. */
export const EXPOSED_TOOLS = Object.freeze([
  'search_documents',
  'read_document',
  'tag_documents',
  'corpus_stats',
  'survey_corpus',
  'explain_query',
] as const);

/** The tools that only read, granted to the default `reader` consumer. */
export const READ_ONLY_TOOLS = Object.freeze([
  'search_documents',
  'read_document',
  'corpus_stats',
  'explain_query',
] as const);

/** Every tool of the catalog: the exposed ones and the survey's sub-agent. */
export function documentTools(services: DocumentServices): AnyToolDefinition[] {
  return [
    searchDocumentsTool(services),
    readDocumentTool(services),
    tagDocumentsTool(services),
    corpusStatsTool(services),
    surveyCorpusTool(services),
    explainQueryTool(services),
    surveyFolderTool(services),
  ] as unknown as AnyToolDefinition[];
}
