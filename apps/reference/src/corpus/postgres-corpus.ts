/**
 * The corpus in PostgreSQL (`pg`): the same {@link CorpusRepository} as the SQLite index, with the
 * same results. Full-text matching is a `tsvector` of each document's terms (GIN-indexed); ranking
 * is BM25 computed in SQL exactly as SQLite's FTS5 computes it (k1 = 1.2, b = 0.75, the title
 * weighted 4 to 1), from the term counts stored beside each document; snippets come from the same
 * function as SQLite's. Migrations are applied at open. Every write is one transaction, committed
 * before it is acknowledged (PostgreSQL's default `synchronous_commit`).
 */
import { createHash } from 'node:crypto';
import { promises as fs, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import pg from 'pg';
import {
  type DocumentRecord,
  folderOf,
  type SyncReport,
  type TagWriteResult,
} from './corpus-index.ts';
import type { Priority } from './database-schema.ts';
import { readDocumentText } from './document-text.ts';
import { MIGRATIONS } from './postgres-schema.ts';
import type { SearchHit, SearchRequest, StatGroup } from './queries.ts';
import type { CorpusRepository, DocumentCounts } from './repository.ts';
import { type ScannedFile, scanRoot } from './scan-root.ts';
import { snippetOf } from './snippet.ts';
import type { FolderFinding } from './surveys.ts';
import { foldTerm, termCounts } from './terms.ts';

/** Thrown when PostgreSQL cannot be reached, or holds another root's corpus or a newer schema. */
export class PostgresOpenError extends Error {
  override readonly name = 'PostgresOpenError';
}

/** A key of advisory locks: migrations run under it, one replica at a time. */
const MIGRATION_LOCK = 0x706f7274;

/**
 * A term as the database keeps it. PostgreSQL bounds a `tsvector` lexeme at 2047 bytes (and a
 * b-tree entry near 2700), so a longer term (a blob of base64 in a file, a 1000-letter query word)
 * is kept as its SHA-256, which no real term spells (a term has no `:`). Matching stays exact.
 */
function storedTerm(term: string): string {
  return Buffer.byteLength(term) <= 512
    ? term
    : `h:${createHash('sha256').update(term).digest('hex')}`;
}

function storedCounts(text: string): { counts: Map<string, number>; total: number } {
  const { counts, total } = termCounts(text);
  const stored = new Map<string, number>();
  for (const [term, count] of counts) {
    const key = storedTerm(term);
    stored.set(key, (stored.get(key) ?? 0) + count);
  }
  return { counts: stored, total };
}

/** Numbers `?` placeholders as PostgreSQL's `$1`, `$2`, ... (our SQL holds no `?` elsewhere). */
function numbered(sql: string, from = 1): string {
  let n = from - 1;
  return sql.replaceAll('?', () => `$${++n}`);
}

const ORDER_BY = {
  relevance: 'score DESC, id',
  newest: 'mtime_ms DESC, id',
  oldest: 'mtime_ms, id',
} as const;

// Keys sort byte-wise in SQLite; "C" makes PostgreSQL sort them the same way.
const C = 'COLLATE "C"';

function tagsFrom(rows: readonly { tag: string; priority: Priority }[]): Record<string, Priority> {
  const tags: Record<string, Priority> = {};
  for (const row of rows) {
    Object.defineProperty(tags, row.tag, {
      value: row.priority,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return tags;
}

/** The corpus of one root in one PostgreSQL database (or schema, with `search_path`). */
export class PostgresCorpus implements CorpusRepository {
  readonly root: string;
  readonly pool: pg.Pool;
  #syncing: Promise<SyncReport> | undefined;
  #again = false;
  #closed = false;
  readonly #listeners = new Set<(report: SyncReport) => void>();

  private constructor(root: string, pool: pg.Pool) {
    this.root = root;
    this.pool = pool;
  }

  /**
   * Connects, applies the migrations not yet applied and claims the database for `root` (a
   * database already holding another root's corpus is refused, so no tag is ever dropped by a
   * switch of roots). Throws {@link PostgresOpenError} with one line otherwise.
   */
  static async open(root: string, connectionString: string): Promise<PostgresCorpus> {
    let isDirectory = false;
    try {
      isDirectory = statSync(root).isDirectory();
    } catch {}
    if (!isDirectory)
      throw new PostgresOpenError(`The documents root ${root} is not a readable directory.`);
    const pool = new pg.Pool({ connectionString, max: 8, connectionTimeoutMillis: 10_000 });
    // An idle connection's error (the server restarting) must not end the process; queries report it.
    pool.on('error', () => {});
    try {
      await migrate(pool, root);
    } catch (cause) {
      await pool.end().catch(() => undefined);
      if (cause instanceof PostgresOpenError) throw cause;
      throw new PostgresOpenError(
        `The PostgreSQL database cannot be opened (${(cause as Error).message}).`,
      );
    }
    return new PostgresCorpus(root, pool);
  }

  onSync(listener: (report: SyncReport) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  sync(): Promise<SyncReport> {
    if (this.#syncing !== undefined) {
      this.#again = true;
      return this.#syncing;
    }
    const run = async (): Promise<SyncReport> => {
      let report: SyncReport;
      do {
        this.#again = false;
        report = await this.#syncOnce();
        for (const listener of this.#listeners) listener(report);
      } while (this.#again);
      return report;
    };
    this.#syncing = run().finally(() => {
      this.#syncing = undefined;
    });
    return this.#syncing;
  }

  async #syncOnce(): Promise<SyncReport> {
    const { files, oversized } = await scanRoot(this.root);
    const known = new Map<string, { id: string; size_bytes: string; mtime_ms: string }>();
    for (const row of (
      await this.pool.query<{ id: string; path: string; size_bytes: string; mtime_ms: string }>(
        'SELECT id, path, size_bytes, mtime_ms FROM documents',
      )
    ).rows) {
      known.set(row.path, row);
    }
    const changed = files.filter((file) => {
      const row = known.get(file.path);
      return (
        row === undefined ||
        Number(row.size_bytes) !== file.sizeBytes ||
        Number(row.mtime_ms) !== file.mtimeMs
      );
    });
    const present = new Set(files.map((file) => file.path));
    const removed = [...known].filter(([path]) => !present.has(path)).map(([, row]) => row);
    const read: { file: ScannedFile; text: string }[] = [];
    for (const file of changed) {
      try {
        const bytes = await fs.readFile(join(this.root, file.path));
        read.push({ file, text: new TextDecoder('utf-8').decode(bytes) });
      } catch {
        // Removed or unreadable since the scan: the next sync decides.
      }
    }
    let added = 0;
    let updated = 0;
    await this.#transaction(async (client) => {
      if (removed.length > 0) {
        await client.query('DELETE FROM documents WHERE id = ANY($1::bigint[])', [
          removed.map((row) => row.id),
        ]);
      }
      for (const { file, text } of read) {
        if (await writeDocument(client, file, text, known.get(file.path)?.id)) updated++;
        else added++;
      }
    });
    const documents = Number(
      (await this.pool.query<{ n: string }>('SELECT count(*) AS n FROM documents')).rows[0]!.n,
    );
    return { added, updated, removed: removed.length, oversized, documents };
  }

  async #transaction<TValue>(work: (client: pg.PoolClient) => Promise<TValue>): Promise<TValue> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const value = await work(client);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async get(id: bigint): Promise<DocumentRecord | undefined> {
    const row = (
      await this.pool.query<{
        id: string;
        path: string;
        folder: string;
        title: string;
        body: string;
        size_bytes: string;
        mtime_ms: string;
        words: number;
      }>(
        'SELECT id, path, folder, title, body, size_bytes, mtime_ms, words FROM documents WHERE id = $1',
        [String(id)],
      )
    ).rows[0];
    if (row === undefined) return undefined;
    const [fileTags, tags] = await Promise.all([this.#fileTagsOf(row.id), this.#tagsOf(row.id)]);
    return {
      id: BigInt(row.id),
      path: row.path,
      folder: row.folder,
      title: row.title,
      body: row.body,
      sizeBytes: Number(row.size_bytes),
      mtimeMs: Number(row.mtime_ms),
      words: row.words,
      fileTags,
      tags,
    };
  }

  async #fileTagsOf(id: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ tag: string }>(
      `SELECT tag FROM file_tags WHERE document_id = $1 ORDER BY tag ${C}`,
      [id],
    );
    return rows.map((row) => row.tag);
  }

  async #tagsOf(id: string): Promise<Record<string, Priority>> {
    const { rows } = await this.pool.query<{ tag: string; priority: Priority }>(
      `SELECT tag, priority FROM tags WHERE document_id = $1 ORDER BY tag ${C}`,
      [id],
    );
    return tagsFrom(rows);
  }

  tag(
    ids: readonly bigint[],
    tags: Readonly<Record<string, Priority>>,
    consumer: string,
    note: string | null,
    now: number,
  ): Promise<TagWriteResult> {
    const unique = [...new Set(ids)].map(String);
    return this.#transaction(async (client): Promise<TagWriteResult> => {
      // Lock the rows named, so a sync cannot remove one between the check and the write.
      const found = await client.query(
        'SELECT id FROM documents WHERE id = ANY($1::bigint[]) FOR SHARE',
        [unique],
      );
      const missing = unique.length - (found.rowCount ?? 0);
      if (missing > 0) return { ok: false, missing };
      let changed = 0;
      const entries = Object.entries(tags);
      for (const id of unique) {
        for (const [tag, priority] of entries) {
          const result = await client.query(
            `INSERT INTO tags (document_id, tag, priority, updated_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (document_id, tag) DO UPDATE SET priority = excluded.priority, updated_ms = excluded.updated_ms
             WHERE tags.priority <> excluded.priority`,
            [id, tag, priority, now],
          );
          changed += result.rowCount ?? 0;
        }
      }
      await client.query(
        'INSERT INTO tag_writes (consumer, written_ms, documents, tags, changed, note) VALUES ($1, $2, $3, $4, $5, $6)',
        [consumer, now, unique.length, entries.length, changed, note],
      );
      return { ok: true, value: { pairs: unique.length * entries.length, changed } };
    });
  }

  async search(
    request: SearchRequest,
  ): Promise<{ readonly hits: SearchHit[]; readonly total: number }> {
    const terms = request.words.map((word) => storedTerm(foldTerm(word)));
    const params: unknown[] = [terms];
    let where = `d.search @@ array_to_string(ARRAY(SELECT quote_literal(w) FROM unnest($1::text[]) AS w), ' & ')::tsquery`;
    if (request.filter !== undefined) {
      where += ` AND (${numbered(request.filter.sql, params.length + 1)})`;
      params.push(...request.filter.params);
    }
    if (request.modifiedAfterMs !== undefined) {
      params.push(request.modifiedAfterMs);
      where += ` AND d.mtime_ms > $${params.length}`;
    }
    const total = Number(
      (
        await this.pool.query<{ n: string }>(
          `SELECT count(*) AS n FROM documents d WHERE ${where}`,
          params,
        )
      ).rows[0]!.n,
    );
    params.push(request.limit);
    const limit = `$${params.length}`;
    // BM25 as FTS5 computes it, operation for operation in float8, the words summed in query order.
    const { rows } = await this.pool.query<{
      id: string;
      path: string;
      title: string;
      body: string;
      mtime_ms: string;
      score: number;
    }>(
      `WITH q AS (SELECT w, n FROM unnest($1::text[]) WITH ORDINALITY AS u (w, n)),
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
       ORDER BY ${ORDER_BY[request.order ?? 'relevance']}
       LIMIT ${limit}`,
      params,
    );
    const hits: SearchHit[] = [];
    for (const row of rows) {
      hits.push({
        id: BigInt(row.id),
        path: row.path,
        title: row.title,
        snippet: snippetOf(row.body, request.words, request.snippetWords),
        score: Math.round(row.score * 1000) / 1000,
        mtimeMs: Number(row.mtime_ms),
        tags: await this.#tagsOf(row.id),
      });
    }
    return { hits, total };
  }

  async documentsWithWord(word: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM document_terms WHERE term = $1',
      [storedTerm(foldTerm(word))],
    );
    return Number(rows[0]!.n);
  }

  async countDocuments(
    group: StatGroup,
    sinceMs: number,
    offsetMinutes: number,
  ): Promise<DocumentCounts> {
    const since = 'd.mtime_ms >= $1';
    const rank =
      "CASE t.priority WHEN 'urgent' THEN 4 WHEN 'high' THEN 3 WHEN 'normal' THEN 2 ELSE 1 END";
    const queries: Record<StatGroup, { sql: string; params: unknown[] }> = {
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
    const { sql, params } = queries[group];
    const { rows } = await this.pool.query<{ key: string; n: string }>(
      `SELECT key, n FROM (${sql}) AS g ORDER BY n DESC, key ${C}`,
      params,
    );
    const total = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM documents d WHERE ${since}`,
      [sinceMs],
    );
    return {
      groups: rows.map((row) => ({ key: row.key, documents: Number(row.n) })),
      documents: Number(total.rows[0]!.n),
    };
  }

  async listFolders(): Promise<string[]> {
    const { rows } = await this.pool.query<{ folder: string }>(
      `SELECT DISTINCT folder ${C} AS folder FROM documents ORDER BY folder ${C}`,
    );
    return rows.map((row) => row.folder);
  }

  async documentsIn(
    folder: string,
    limit: number,
  ): Promise<{ id: bigint; path: string; body: string }[]> {
    const { rows } = await this.pool.query<{ id: string; path: string; body: string }>(
      `SELECT id, path, body FROM documents WHERE folder = $1 ORDER BY path ${C} LIMIT $2`,
      [folder, limit],
    );
    return rows.map((row) => ({ id: BigInt(row.id), path: row.path, body: row.body }));
  }

  recordSurvey(
    consumer: string,
    finishedMs: number,
    findings: readonly FolderFinding[],
  ): Promise<bigint> {
    return this.#transaction(async (client) => {
      const files = findings.reduce((sum, finding) => sum + finding.files, 0);
      const run = (
        await client.query<{ id: string }>(
          'INSERT INTO survey_runs (consumer, finished_ms, folders, files) VALUES ($1, $2, $3, $4) RETURNING id',
          [consumer, finishedMs, findings.length, files],
        )
      ).rows[0]!.id;
      for (const finding of findings) {
        await client.query(
          'INSERT INTO survey_findings (run_id, folder, files, words, top_terms) VALUES ($1, $2, $3, $4, $5)',
          [run, finding.folder, finding.files, finding.words, JSON.stringify(finding.top_terms)],
        );
      }
      return BigInt(run);
    });
  }

  async idle(): Promise<void> {
    while (this.#syncing !== undefined) await this.#syncing.catch(() => undefined);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.pool.end();
  }
}

/** Applies the migrations not yet applied and checks the database is this root's. */
async function migrate(pool: pg.Pool, root: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
    const latest = MIGRATIONS[MIGRATIONS.length - 1]!.version;
    if ([...applied].some((version) => version > latest)) {
      throw new PostgresOpenError(
        `The PostgreSQL database has a schema newer than this app's (version ${latest}); run a newer app.`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)', [
        migration.version,
        Date.now(),
      ]);
    }
    const claimed = await client.query<{ value: string }>(
      "INSERT INTO corpus_meta (key, value) VALUES ('root', $1) ON CONFLICT (key) DO UPDATE SET value = corpus_meta.value RETURNING value",
      [root],
    );
    if (claimed.rows[0]!.value !== root) {
      throw new PostgresOpenError(
        'The PostgreSQL database holds the corpus of another documents root; give each root its own database or schema.',
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Writes one document, its terms and its file tags; true when it replaced an existing row. */
async function writeDocument(
  client: pg.PoolClient,
  file: ScannedFile,
  text: string,
  existing: string | undefined,
): Promise<boolean> {
  const extension = extname(file.path).toLowerCase();
  const parsed = readDocumentText(text, basename(file.path), extension !== '.txt');
  const title = storedCounts(parsed.title);
  const body = storedCounts(parsed.body);
  const terms = [...new Set([...title.counts.keys(), ...body.counts.keys()])];
  const values = [
    file.path,
    folderOf(file.path),
    extension,
    parsed.title,
    parsed.body,
    file.sizeBytes,
    file.mtimeMs,
    parsed.words,
    title.total,
    body.total,
    terms,
  ];
  let id: string;
  if (existing === undefined) {
    id = (
      await client.query<{ id: string }>(
        `INSERT INTO documents (path, folder, extension, title, body, size_bytes, mtime_ms, words, title_terms, body_terms, search)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, array_to_tsvector($11::text[])) RETURNING id`,
        values,
      )
    ).rows[0]!.id;
  } else {
    id = existing;
    await client.query(
      `UPDATE documents SET path = $1, folder = $2, extension = $3, title = $4, body = $5, size_bytes = $6,
         mtime_ms = $7, words = $8, title_terms = $9, body_terms = $10, search = array_to_tsvector($11::text[])
       WHERE id = $12`,
      [...values, id],
    );
    await client.query('DELETE FROM document_terms WHERE document_id = $1', [id]);
    await client.query('DELETE FROM file_tags WHERE document_id = $1', [id]);
  }
  if (terms.length > 0) {
    await client.query(
      `INSERT INTO document_terms (document_id, term, title_hits, body_hits)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[])`,
      [
        id,
        terms,
        terms.map((term) => title.counts.get(term) ?? 0),
        terms.map((term) => body.counts.get(term) ?? 0),
      ],
    );
  }
  if (parsed.tags.length > 0) {
    await client.query(
      'INSERT INTO file_tags (document_id, tag) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING',
      [id, [...parsed.tags]],
    );
  }
  return existing !== undefined;
}
