/** Survey results: one run and its per-folder findings, written together in one transaction. */
import type { CorpusIndex } from './corpus-index.ts';

/** What one sub-agent found in one folder. */
export interface FolderFinding {
  readonly folder: string;
  readonly files: number;
  readonly words: number;
  readonly top_terms: string[];
}

/** Records a finished survey and returns its run id; a survey cut short records nothing. */
export function recordSurvey(
  index: CorpusIndex,
  consumer: string,
  finishedMs: number,
  findings: readonly FolderFinding[],
): bigint {
  const database = index.database;
  return database
    .transaction(() => {
      const files = findings.reduce((sum, finding) => sum + finding.files, 0);
      const run = database
        .prepare(
          'INSERT INTO survey_runs (consumer, finished_ms, folders, files) VALUES (?, ?, ?, ?)',
        )
        .run(consumer, finishedMs, findings.length, files).lastInsertRowid;
      const insert = database.prepare(
        'INSERT INTO survey_findings (run_id, folder, files, words, top_terms) VALUES (?, ?, ?, ?, ?)',
      );
      for (const finding of findings) {
        insert.run(
          run,
          finding.folder,
          finding.files,
          finding.words,
          JSON.stringify(finding.top_terms),
        );
      }
      return BigInt(run);
    })
    .immediate();
}
