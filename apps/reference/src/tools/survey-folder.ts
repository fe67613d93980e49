/**
 * `survey_folder`: the survey's sub-agent. It reads each document of one folder (pacing itself as a
 * model reading would), counts the terms, and reports progress; it stops at its signal. It is in
 * the catalog for `survey_corpus` to dispatch and is not exposed to consumers.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { defineTool } from '@portcullis/catalog';
import { SafeInteger, Uint16 } from '@portcullis/schema';
import Type from 'typebox';
import { wordsOf } from '../corpus/document-text.ts';
import type { FolderFinding } from '../corpus/surveys.ts';
import type { DocumentServices } from './services.ts';

/** Terms left out of a survey's counts. */
const STOP_WORDS = new Set(
  'a an and are as at be because before after but by for from in into is it near of on or so the than that then this to until was while with'.split(
    ' ',
  ),
);

/** Terms a finding lists, most frequent first. */
export const TOP_TERMS = 5;

/** Builds the `survey_folder` sub-agent over `services`. */
export function surveyFolderTool(services: DocumentServices) {
  return defineTool({
    name: 'survey_folder',
    title: 'Survey one folder',
    description: 'Reads every document of one folder and reports its most frequent terms.',
    input: Type.Object({
      folder: Type.String({ description: 'A folder of the corpus.' }),
      max_files: Uint16({ minimum: 1, description: 'The most documents to read.' }),
    }),
    output: Type.Object({
      folder: Type.String(),
      files: SafeInteger(),
      words: SafeInteger(),
      top_terms: Type.Array(Type.String()),
    }),
    weight: { kind: 'agent', level: 2, minSeconds: 1, maxSeconds: 120 },
    annotations: { readOnlyHint: true, openWorldHint: false },
    run: async (input, context): Promise<FolderFinding> => {
      const record = services.surveys.started(input.folder, context.consumer);
      try {
        const documents = await services.index.documentsIn(input.folder, input.max_files);
        const counts = new Map<string, number>();
        let words = 0;
        for (const document of documents) {
          await delay(services.surveyPaceMs, undefined, { signal: context.signal });
          for (const word of wordsOf(document.body)) {
            words++;
            if (!STOP_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
          }
          record.read++;
          context.reportProgress(record.read, documents.length);
        }
        const top_terms = [...counts]
          .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
          .slice(0, TOP_TERMS)
          .map(([term]) => term);
        services.surveys.stopped(record, 'completed');
        return { folder: input.folder, files: documents.length, words, top_terms };
      } catch (error) {
        services.surveys.stopped(record, context.signal.aborted ? 'cancelled' : 'failed');
        throw error;
      }
    },
  });
}
