/**
 * `survey_corpus`: an orchestrator that dispatches one `survey_folder` sub-agent per folder, all
 * at once, reports progress as each finishes, merges their findings and records the survey. A
 * timeout or a client's cancel cancels its workflow, which stops every sub-agent; a survey cut
 * short records nothing.
 */
import { defineTool } from '@portcullis/catalog';
import { DateTime, Int64, SafeInteger, Uint16 } from '@portcullis/schema';
import Type from 'typebox';
import type { FolderFinding } from '../corpus/surveys.ts';
import { formatDateTime } from '../corpus/temporal.ts';
import { notFound, refuseInput } from './failures.ts';
import type { DocumentServices } from './services.ts';
import { TOP_TERMS } from './survey-folder.ts';

/** The most folders one survey may cover. */
export const SURVEY_MAX_FOLDERS = 64;

/** Documents each sub-agent reads when `max_files_per_folder` is omitted. */
export const DEFAULT_FILES_PER_FOLDER = 1000;

/** Builds the `survey_corpus` orchestrator over `services`. */
export function surveyCorpusTool(services: DocumentServices) {
  return defineTool({
    name: 'survey_corpus',
    title: 'Survey the corpus',
    description: `Surveys the corpus with one sub-agent per folder, each reading every document of its folder, and merges what they found: the most frequent terms per folder and overall. It takes minutes on a large corpus and reports progress as folders finish. At most ${SURVEY_MAX_FOLDERS} folders.`,
    kind: 'orchestrator',
    scope: ['survey_folder'],
    input: Type.Object({
      folders: Type.Optional(
        Type.Array(Type.String(), {
          minItems: 1,
          maxItems: SURVEY_MAX_FOLDERS,
          uniqueItems: true,
          description: `The folders to survey, each once, 1 to ${SURVEY_MAX_FOLDERS} (default: every folder).`,
        }),
      ),
      max_files_per_folder: Type.Optional(
        Uint16({
          minimum: 1,
          description: `The most documents each sub-agent reads (default ${DEFAULT_FILES_PER_FOLDER}).`,
        }),
      ),
    }),
    output: Type.Object({
      run_id: Int64({ description: 'The recorded survey.' }),
      folders: Type.Array(
        Type.Object({
          folder: Type.String(),
          files: SafeInteger(),
          words: SafeInteger(),
          top_terms: Type.Array(Type.String()),
        }),
      ),
      files: SafeInteger({ description: 'Documents read in all.' }),
      top_terms: Type.Array(Type.String(), { description: 'The terms most folders rank highest.' }),
      finished_at: DateTime(),
    }),
    weight: { kind: 'agent', level: 4, minSeconds: 30, maxSeconds: 600 },
    annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
    run: async (input, context) => {
      const known = await services.index.listFolders();
      // The contract bounds the list and keeps each folder once; a corpus with more folders than
      // one survey covers is surveyed by naming them.
      const folders = input.folders ?? known;
      if (folders.length === 0) refuseInput('The corpus has no folder to survey.');
      if (folders.length > SURVEY_MAX_FOLDERS) {
        refuseInput(
          `The corpus has more than ${SURVEY_MAX_FOLDERS} folders. Name at most ${SURVEY_MAX_FOLDERS} in \`folders\`.`,
        );
      }
      if (!folders.every((folder) => known.includes(folder))) notFound('folder');
      const total = folders.length;
      const maxFiles = input.max_files_per_folder ?? DEFAULT_FILES_PER_FOLDER;
      context.reportProgress(0, total, `${total} sub-agents dispatched, one per folder.`);
      let done = 0;
      const findings = await Promise.all(
        folders.map(async (folder) => {
          const found = (await context.dispatch('survey_folder', {
            folder,
            max_files: maxFiles,
          })) as FolderFinding;
          done++;
          context.reportProgress(done, total, `${done} of ${total} folders surveyed.`);
          return found;
        }),
      );
      context.signal.throwIfAborted();
      const score = new Map<string, number>();
      for (const finding of findings) {
        for (const [rank, term] of finding.top_terms.entries()) {
          score.set(term, (score.get(term) ?? 0) + TOP_TERMS - rank);
        }
      }
      const top_terms = [...score]
        .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
        .slice(0, TOP_TERMS * 2)
        .map(([term]) => term);
      const finished = services.now();
      const run_id = await services.index.recordSurvey(context.consumer, finished, findings);
      return {
        run_id,
        folders: findings,
        files: findings.reduce((sum, finding) => sum + finding.files, 0),
        top_terms,
        finished_at: formatDateTime(finished),
      };
    },
  });
}
