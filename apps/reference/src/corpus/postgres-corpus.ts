/**
 * Longer than 400 lines: one class holds the whole repository on PostgreSQL, each query beside
 * the SQLite one it must answer alike.
 *
 * The corpus in PostgreSQL (`pg`): the same {@link CorpusRepository} as the SQLite index, with the
 * same results. Full-text matching is a `tsvector` of each document's terms (GIN-indexed); ranking
 * is BM25 computed in SQL exactly as SQLite's FTS5 computes it (k1 = 1.2, b = 0.75, the title
 * weighted 4 to 1), from the term counts stored beside each document; snippets come from the same
 * function as SQLite's. Migrations are applied at open. Every write is one transaction, committed
 * before it is acknowledged (PostgreSQL's default `synchronous_commit`).
 */
import { promises as fs, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { DocumentRecord, SyncReport, TagWriteResult } from './corpus-index.ts';
import type { Priority } from './database-schema.ts';
import { storedTerm, writeDocument } from './postgres-documents.ts';
import { migrate, PostgresOpenError } from './postgres-migrate.ts';
import { searchSql, statQueries } from './postgres-queries.ts';
import type { SearchHit, SearchRequest, StatGroup } from './queries.ts';
import type { CorpusRepository, DocumentCounts } from './repository.ts';
import { type ScannedFile, scanRoot } from './scan-root.ts';
import { snippetOf } from './snippet.ts';
import type { FolderFinding } from './surveys.ts';
import { foldTerm } from './terms.ts';

export { PostgresOpenError };

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
    signal?: AbortSignal,
  ): Promise<TagWriteResult> {
    const unique = [...new Set(ids)].map(String);
    if (signal?.aborted) return Promise.reject(signal.reason);
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
      // A call cancelled while it wrote keeps nothing: the throw rolls the transaction back.
      signal?.throwIfAborted();
      return { ok: true, value: { pairs: unique.length * entries.length, changed } };
    });
  }

  async search(
    request: SearchRequest,
  ): Promise<{ readonly hits: SearchHit[]; readonly total: number }> {
    if (request.words.length === 0) return { hits: [], total: 0 };
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
    }>(searchSql(where, ORDER_BY[request.order ?? 'relevance'], limit), params);
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
    const queries = statQueries(since, sinceMs, offsetMinutes);
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
