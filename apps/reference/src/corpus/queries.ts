/**
 * The read queries the tools run against a {@link CorpusIndex}: ranked full-text search with a
 * filter, grouped counts, folders and their documents, and per-word document counts. A query's
 * words are bound as quoted FTS5 strings, so no caller text is ever read as FTS5 syntax.
 */

import type { CorpusIndex } from './corpus-index.ts';
import type { Priority } from './database-schema.ts';
import type { CompiledFilter } from './filter.ts';
import { snippetOf } from './snippet.ts';

/** A search hit. */
export interface SearchHit {
  readonly id: bigint;
  readonly path: string;
  readonly title: string;
  readonly snippet: string;
  readonly score: number;
  readonly mtimeMs: number;
  readonly tags: Readonly<Record<string, Priority>>;
}

/** What {@link searchDocuments} is asked. */
export interface SearchRequest {
  readonly words: readonly string[];
  readonly filter?: CompiledFilter;
  readonly modifiedAfterMs?: number;
  readonly limit: number;
  readonly snippetWords: number;
  /** Hits by relevance (the default), or by modification time, newest or oldest first. */
  readonly order?: SearchOrder;
}

/** The orders hits can come in. */
export type SearchOrder = 'relevance' | 'newest' | 'oldest';

const ORDER_BY: Record<SearchOrder, string> = {
  relevance: 'rank, d.id',
  newest: 'd.mtime_ms DESC, d.id',
  oldest: 'd.mtime_ms, d.id',
};

/** The FTS5 expression for a list of words: each a quoted string, all required. */
export function matchExpression(words: readonly string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"`).join(' AND ');
}

/** Ranked hits (best first, title matches weighted 4 to 1) and how many documents match in all. */
export function searchDocuments(
  index: CorpusIndex,
  request: SearchRequest,
): { readonly hits: SearchHit[]; readonly total: number } {
  // No word matches nothing (FTS5 would reject an empty expression).
  if (request.words.length === 0) return { hits: [], total: 0 };
  const conditions = ['documents_fts MATCH ?'];
  const params: (string | number)[] = [matchExpression(request.words)];
  if (request.filter !== undefined) {
    conditions.push(`(${request.filter.sql})`);
    params.push(...request.filter.params);
  }
  if (request.modifiedAfterMs !== undefined) {
    conditions.push('d.mtime_ms > ?');
    params.push(request.modifiedAfterMs);
  }
  const from = `FROM documents_fts JOIN documents d ON d.id = documents_fts.rowid WHERE ${conditions.join(' AND ')}`;
  const total = index.database
    .prepare(`SELECT count(*) ${from}`)
    .pluck()
    .get(...params) as number;
  const rows = index.database
    .prepare(
      `SELECT d.id, d.path, d.title, d.mtime_ms, documents_fts.body AS body,
        bm25(documents_fts, 4.0, 1.0) AS rank
       ${from} ORDER BY ${ORDER_BY[request.order ?? 'relevance']} LIMIT ?`,
    )
    .all(...params, request.limit) as {
    id: number;
    path: string;
    title: string;
    mtime_ms: number;
    body: string;
    rank: number;
  }[];
  const hits = rows.map((row) => ({
    id: BigInt(row.id),
    path: row.path,
    title: row.title,
    snippet: snippetOf(row.body, request.words, request.snippetWords),
    score: Math.round(-row.rank * 1000) / 1000,
    mtimeMs: row.mtime_ms,
    tags: index.tagsOf(row.id),
  }));
  return { hits, total };
}

/** How many documents hold `word` (a quoted FTS5 string). */
export function documentsWithWord(index: CorpusIndex, word: string): number {
  return index.database
    .prepare('SELECT count(*) FROM documents_fts WHERE documents_fts MATCH ?')
    .pluck()
    .get(matchExpression([word])) as number;
}

/** The fields documents can be counted by. */
export const STAT_GROUPS = Object.freeze([
  'folder',
  'extension',
  'tag',
  'priority',
  'month',
] as const);

/** One of {@link STAT_GROUPS}. */
export type StatGroup = (typeof STAT_GROUPS)[number];

const PRIORITY_RANK =
  "CASE t.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END";

/**
 * Counts documents modified at or after `sinceMs`, grouped by `group` (`month` in the time zone
 * `offsetMinutes` east of UTC; `priority` by each document's highest assigned priority, with
 * `untagged` for none; `tag` by every assigned or file tag, so a document may count in several).
 */
export function countDocuments(
  index: CorpusIndex,
  group: StatGroup,
  sinceMs: number,
  offsetMinutes: number,
): { readonly groups: { key: string; documents: number }[]; readonly documents: number } {
  const since = 'd.mtime_ms >= ?';
  const queries: Record<StatGroup, { sql: string; params: (string | number)[] }> = {
    folder: {
      sql: `SELECT d.folder AS key, count(*) AS n FROM documents d WHERE ${since} GROUP BY key`,
      params: [sinceMs],
    },
    extension: {
      sql: `SELECT d.extension AS key, count(*) AS n FROM documents d WHERE ${since} GROUP BY key`,
      params: [sinceMs],
    },
    tag: {
      sql: `SELECT tag AS key, count(DISTINCT id) AS n FROM (
              SELECT d.id, t.tag FROM documents d JOIN tags t ON t.document_id = d.id WHERE ${since}
              UNION SELECT d.id, f.tag FROM documents d JOIN file_tags f ON f.document_id = d.id WHERE ${since}
            ) GROUP BY key`,
      params: [sinceMs, sinceMs],
    },
    priority: {
      sql: `SELECT CASE max_rank WHEN 4 THEN 'urgent' WHEN 3 THEN 'high' WHEN 2 THEN 'normal' WHEN 1 THEN 'low' ELSE 'untagged' END AS key,
              count(*) AS n FROM (
              SELECT d.id, (SELECT max(${PRIORITY_RANK}) FROM tags t WHERE t.document_id = d.id) AS max_rank
              FROM documents d WHERE ${since}
            ) GROUP BY key`,
      params: [sinceMs],
    },
    month: {
      sql: `SELECT strftime('%Y-%m', (d.mtime_ms + ?) / 1000, 'unixepoch') AS key, count(*) AS n FROM documents d WHERE ${since} GROUP BY key`,
      params: [offsetMinutes * 60_000, sinceMs],
    },
  };
  const { sql, params } = queries[group];
  const rows = index.database.prepare(`${sql} ORDER BY n DESC, key`).all(...params) as {
    key: string;
    n: number;
  }[];
  const documents = index.database
    .prepare(`SELECT count(*) FROM documents d WHERE ${since}`)
    .pluck()
    .get(sinceMs) as number;
  return { groups: rows.map((row) => ({ key: row.key, documents: row.n })), documents };
}

/** The folders of the corpus (first path segments, `.` for the root), in order. */
export function listFolders(index: CorpusIndex): string[] {
  return index.database
    .prepare('SELECT DISTINCT folder FROM documents ORDER BY folder')
    .pluck()
    .all() as string[];
}

/** The documents of one folder, in path order, with their text. */
export function documentsIn(
  index: CorpusIndex,
  folder: string,
  limit: number,
): { id: bigint; path: string; body: string }[] {
  const rows = index.database
    .prepare(
      'SELECT d.id, d.path, f.body FROM documents d JOIN documents_fts f ON f.rowid = d.id WHERE d.folder = ? ORDER BY d.path LIMIT ?',
    )
    .all(folder, limit) as { id: number; path: string; body: string }[];
  return rows.map((row) => ({ id: BigInt(row.id), path: row.path, body: row.body }));
}
