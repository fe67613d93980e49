/**
 * The SQL of the PostgreSQL corpus's longer reads: ranked search and grouped counts. Caller text
 * never enters it: words, filter values and limits are bound parameters.
 */
import type { StatGroup } from './queries.ts';

/**
 * Ranked hits of the documents matching `where` ($1 holds the words as stored terms): BM25 as FTS5
 * computes it, operation for operation in float8, the words summed in query order.
 */
export function searchSql(where: string, orderBy: string, limit: string): string {
  return `WITH q AS (SELECT w, n FROM unnest($1::text[]) WITH ORDINALITY AS u (w, n)),
       corpus AS (
         SELECT count(*)::float8 AS rows, coalesce(sum(title_terms + body_terms), 0)::float8 AS terms
         FROM documents
       ),
       idf AS (
         SELECT q.w, q.n,
           CASE WHEN v <= 0 THEN 1e-6::float8 ELSE v END AS idf
         FROM q, corpus, LATERAL (
           SELECT ln((corpus.rows - h.hits + 0.5::float8) / (h.hits + 0.5::float8)) AS v
           FROM (SELECT count(*)::float8 AS hits FROM document_terms t WHERE t.term = q.w) AS h
         ) AS x
       ),
       matched AS (
         SELECT d.id, d.path, d.title, d.body, d.mtime_ms, (d.title_terms + d.body_terms)::float8 AS size
         FROM documents d WHERE ${where}
       )
       SELECT m.id, m.path, m.title, m.body, m.mtime_ms,
         sum(
           idf.idf * (
             (f.freq * (1.2::float8 + 1.0::float8)) /
             (f.freq + 1.2::float8 * (1::float8 - 0.75::float8 + 0.75::float8 * m.size / (corpus.terms / corpus.rows)))
           ) ORDER BY idf.n
         ) AS score
       FROM matched m
       CROSS JOIN corpus
       JOIN document_terms t ON t.document_id = m.id
       JOIN idf ON idf.w = t.term
       CROSS JOIN LATERAL (SELECT (t.title_hits * 4.0::float8 + t.body_hits * 1.0::float8) AS freq) AS f
       GROUP BY m.id, m.path, m.title, m.body, m.mtime_ms
       ORDER BY ${orderBy}
       LIMIT ${limit}`;
}

/** Documents modified at or after `sinceMs` ($1), counted by each group (`month` shifted by $2). */
export function statQueries(
  since: string,
  sinceMs: number,
  offsetMinutes: number,
): Record<StatGroup, { sql: string; params: unknown[] }> {
  const rank =
    "CASE t.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END";
  return {
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
            ) AS u GROUP BY key`,
      params: [sinceMs],
    },
    priority: {
      sql: `SELECT CASE max_rank WHEN 4 THEN 'urgent' WHEN 3 THEN 'high' WHEN 2 THEN 'normal' WHEN 1 THEN 'low' ELSE 'untagged' END AS key,
              count(*) AS n FROM (
              SELECT d.id, (SELECT max(${rank}) FROM tags t WHERE t.document_id = d.id) AS max_rank
              FROM documents d WHERE ${since}
            ) AS r GROUP BY key`,
      params: [sinceMs],
    },
    month: {
      // Whole seconds, truncated as SQLite's integer division truncates.
      sql: `SELECT to_char(timestamp '1970-01-01' + ((d.mtime_ms + $2) / 1000) * interval '1 second', 'YYYY-MM') AS key,
              count(*) AS n FROM documents d WHERE ${since} GROUP BY key`,
      params: [sinceMs, offsetMinutes * 60_000],
    },
  };
}
