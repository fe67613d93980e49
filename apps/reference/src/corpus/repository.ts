/**
 * The one interface the tools reach the corpus through: its documents, its search, its counts,
 * the tags consumers write and the surveys they record. Two implementations keep it: the embedded
 * SQLite index (`CorpusIndex`, the default) and PostgreSQL (`PostgresCorpus`, `--database`). Both
 * answer every call with the same result; a differential test runs the tools against both. The
 * SQLite index answers synchronously and PostgreSQL with promises, so callers `await` each answer.
 */
import type { DocumentRecord, SyncReport, TagWriteResult } from './corpus-index.ts';
import type { Priority } from './database-schema.ts';
import type { SearchHit, SearchRequest, StatGroup } from './queries.ts';
import type { FolderFinding } from './surveys.ts';

/** A value now, or a promise of it. */
export type Answer<TValue> = TValue | Promise<TValue>;

/** Documents counted by one field, largest group first, and how many documents in all. */
export interface DocumentCounts {
  readonly groups: { key: string; documents: number }[];
  readonly documents: number;
}

/** The corpus as the tools and the app see it, whichever database holds it. */
export interface CorpusRepository {
  /** The folder of documents this corpus indexes. */
  readonly root: string;
  /** Brings the corpus in line with the files; calls made meanwhile fold into one more pass. */
  sync(): Promise<SyncReport>;
  /** Calls `listener` after every sync; returns the function that removes it. */
  onSync(listener: (report: SyncReport) => void): () => void;
  /** Resolves when no sync is running. */
  idle(): Promise<void>;
  /** Closes the database; later calls fail. Idempotent. Await {@link idle} first. */
  close(): Answer<void>;
  /** The document with `id`, or `undefined`. */
  get(id: bigint): Answer<DocumentRecord | undefined>;
  /**
   * Gives every document of `ids` every tag of `tags`, in one transaction: all of it is written,
   * or (an id unknown, a crash, `signal` aborted before the commit) none of it. Idempotent; every
   * call is logged with `note`. An aborted `signal` rejects with its reason.
   */
  tag(
    ids: readonly bigint[],
    tags: Readonly<Record<string, Priority>>,
    consumer: string,
    note: string | null,
    now: number,
    signal?: AbortSignal,
  ): Answer<TagWriteResult>;
  /** Ranked hits (BM25, title matches weighted 4 to 1) and how many documents match in all. */
  search(request: SearchRequest): Answer<{ readonly hits: SearchHit[]; readonly total: number }>;
  /** How many documents hold `word`. */
  documentsWithWord(word: string): Answer<number>;
  /** Documents modified at or after `sinceMs`, counted by `group`. */
  countDocuments(group: StatGroup, sinceMs: number, offsetMinutes: number): Answer<DocumentCounts>;
  /** The folders of the corpus, in order. */
  listFolders(): Answer<string[]>;
  /** The documents of one folder, in path order, with their text. */
  documentsIn(folder: string, limit: number): Answer<{ id: bigint; path: string; body: string }[]>;
  /** Records a finished survey and its findings in one transaction; returns the run id. */
  recordSurvey(
    consumer: string,
    finishedMs: number,
    findings: readonly FolderFinding[],
  ): Answer<bigint>;
}
