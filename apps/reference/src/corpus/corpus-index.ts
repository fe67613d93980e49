/**
 * The corpus index: one SQLite database (better-sqlite3, FTS5) over the documents of one root.
 * `sync()` brings it in line with the files (new and changed files read, removed ones dropped);
 * the queries the tools run live in `queries.ts`. A consumer's write is one transaction.
 */
import { promises as fs, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import Database from 'better-sqlite3';
import { PRAGMAS, type Priority, SCHEMA, SCHEMA_VERSION } from './database-schema.ts';
import { readDocumentText } from './document-text.ts';
import {
  countDocuments,
  documentsIn,
  documentsWithWord,
  listFolders,
  type SearchRequest,
  type StatGroup,
  searchDocuments,
} from './queries.ts';
import type { CorpusRepository } from './repository.ts';
import { type ScannedFile, scanRoot } from './scan-root.ts';
import { isNativeModuleFailure, nativeModuleText } from './sqlite-driver.ts';
import { type FolderFinding, recordSurvey } from './surveys.ts';

/** What one sync changed. */
export interface SyncReport {
  readonly added: number;
  readonly updated: number;
  readonly removed: number;
  readonly oversized: number;
  readonly documents: number;
}

/** A document as the index holds it. */
export interface DocumentRecord {
  readonly id: bigint;
  readonly path: string;
  readonly folder: string;
  readonly title: string;
  readonly body: string;
  readonly sizeBytes: number;
  readonly mtimeMs: number;
  readonly words: number;
  readonly fileTags: readonly string[];
  readonly tags: Readonly<Record<string, Priority>>;
}

/** What a tag write did, or which ids it could not find (then it wrote nothing). */
export type TagWriteResult =
  | { readonly ok: true; readonly value: { readonly pairs: number; readonly changed: number } }
  | { readonly ok: false; readonly missing: number };

/** The folder a path belongs to: its first segment, or `.` for a file at the root. */
export function folderOf(path: string): string {
  const slash = path.indexOf('/');
  return slash === -1 ? '.' : path.slice(0, slash);
}

interface Row {
  id: number;
  path: string;
  size_bytes: number;
  mtime_ms: number;
}

/** Thrown when the database cannot be opened or was written by another schema version. */
export class IndexOpenError extends Error {
  override readonly name = 'IndexOpenError';
}

/**
 * The corpus in an embedded SQLite database: the default {@link CorpusRepository}, answering
 * synchronously. Close it once; every method after `close` throws.
 */
export class CorpusIndex implements CorpusRepository {
  readonly root: string;
  readonly database: Database.Database;
  #syncing: Promise<SyncReport> | undefined;
  #again = false;
  readonly #listeners = new Set<(report: SyncReport) => void>();

  private constructor(root: string, database: Database.Database) {
    this.root = root;
    this.database = database;
  }

  /**
   * Opens (creating if needed) the database at `file` for the documents under `root`. Throws
   * `IndexOpenError` with a one-line reason when the root is not a readable directory, the file
   * cannot be opened, or it holds another schema version.
   */
  static open(root: string, file: string): CorpusIndex {
    let isDirectory = false;
    try {
      isDirectory = statSync(root).isDirectory();
    } catch {}
    if (!isDirectory)
      throw new IndexOpenError(`The documents root ${root} is not a readable directory.`);
    let database: Database.Database;
    try {
      database = new Database(file);
      for (const pragma of PRAGMAS) database.pragma(pragma);
      database.exec(SCHEMA);
    } catch (cause) {
      if (isNativeModuleFailure(cause)) throw new IndexOpenError(nativeModuleText());
      throw new IndexOpenError(
        `The database ${file} cannot be opened (${(cause as Error).message}).`,
      );
    }
    const version = database
      .prepare('SELECT value FROM meta WHERE key = ?')
      .pluck()
      .get('schema_version');
    if (version === undefined) {
      database
        .prepare('INSERT INTO meta (key, value) VALUES (?, ?)')
        .run('schema_version', SCHEMA_VERSION);
    } else if (version !== SCHEMA_VERSION) {
      database.close();
      throw new IndexOpenError(
        `The database ${file} has schema version ${String(version)}, not ${SCHEMA_VERSION}; move it away to rebuild it.`,
      );
    }
    return new CorpusIndex(root, database);
  }

  /** Calls `listener` after every sync; returns the function that removes it. */
  onSync(listener: (report: SyncReport) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Brings the index in line with the files. Calls made while a sync runs are folded into one more
   * sync after it, so a burst of file events costs at most two passes.
   */
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
    const known = new Map<string, Row>();
    for (const row of this.database
      .prepare('SELECT id, path, size_bytes, mtime_ms FROM documents')
      .all() as Row[]) {
      known.set(row.path, row);
    }
    const changed: ScannedFile[] = files.filter((file) => {
      const row = known.get(file.path);
      return (
        row === undefined || row.size_bytes !== file.sizeBytes || row.mtime_ms !== file.mtimeMs
      );
    });
    const present = new Set(files.map((file) => file.path));
    const removed = [...known.values()].filter((row) => !present.has(row.path));
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
    this.database.transaction(() => {
      for (const row of removed) this.#remove(row.id);
      for (const { file, text } of read) {
        if (this.#write(file, text, known.get(file.path)?.id)) updated++;
        else added++;
      }
    })();
    const documents = this.database
      .prepare('SELECT count(*) FROM documents')
      .pluck()
      .get() as number;
    return { added, updated, removed: removed.length, oversized, documents };
  }

  #remove(id: number): void {
    this.database.prepare('DELETE FROM documents_fts WHERE rowid = ?').run(id);
    this.database.prepare('DELETE FROM documents WHERE id = ?').run(id);
  }

  /** Writes one document's row, text and file tags; true when it replaced an existing row. */
  #write(file: ScannedFile, text: string, existing: number | undefined): boolean {
    const extension = extname(file.path).toLowerCase();
    const parsed = readDocumentText(text, basename(file.path), extension !== '.txt');
    const values = [
      file.path,
      folderOf(file.path),
      extension,
      parsed.title,
      file.sizeBytes,
      file.mtimeMs,
      parsed.words,
    ];
    let id: number;
    if (existing === undefined) {
      id = Number(
        this.database
          .prepare(
            'INSERT INTO documents (path, folder, extension, title, size_bytes, mtime_ms, words) VALUES (?, ?, ?, ?, ?, ?, ?)',
          )
          .run(...values).lastInsertRowid,
      );
    } else {
      id = existing;
      this.database
        .prepare(
          'UPDATE documents SET path = ?, folder = ?, extension = ?, title = ?, size_bytes = ?, mtime_ms = ?, words = ? WHERE id = ?',
        )
        .run(...values, id);
      this.database.prepare('DELETE FROM documents_fts WHERE rowid = ?').run(id);
      this.database.prepare('DELETE FROM file_tags WHERE document_id = ?').run(id);
    }
    this.database
      .prepare('INSERT INTO documents_fts (rowid, title, body) VALUES (?, ?, ?)')
      .run(id, parsed.title, parsed.body);
    const tag = this.database.prepare('INSERT INTO file_tags (document_id, tag) VALUES (?, ?)');
    for (const name of parsed.tags) tag.run(id, name);
    return existing !== undefined;
  }

  /** The document with `id`, or `undefined`. */
  get(id: bigint): DocumentRecord | undefined {
    const row = this.database
      .prepare(
        'SELECT d.id, d.path, d.folder, d.title, d.size_bytes, d.mtime_ms, d.words, f.body FROM documents d JOIN documents_fts f ON f.rowid = d.id WHERE d.id = ?',
      )
      .get(id) as
      | (Row & { folder: string; title: string; words: number; body: string })
      | undefined;
    if (row === undefined) return undefined;
    return {
      id: BigInt(row.id),
      path: row.path,
      folder: row.folder,
      title: row.title,
      body: row.body,
      sizeBytes: row.size_bytes,
      mtimeMs: row.mtime_ms,
      words: row.words,
      fileTags: this.fileTagsOf(row.id),
      tags: this.tagsOf(row.id),
    };
  }

  /** The tags a file declares for the document `id`. */
  fileTagsOf(id: number | bigint): string[] {
    return this.database
      .prepare('SELECT tag FROM file_tags WHERE document_id = ? ORDER BY tag')
      .pluck()
      .all(id) as string[];
  }

  /** The tags consumers assigned to the document `id`, with their priorities. */
  tagsOf(id: number | bigint): Record<string, Priority> {
    const tags: Record<string, Priority> = {};
    for (const row of this.database
      .prepare('SELECT tag, priority FROM tags WHERE document_id = ? ORDER BY tag')
      .all(id) as { tag: string; priority: Priority }[]) {
      Object.defineProperty(tags, row.tag, {
        value: row.priority,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return tags;
  }

  /**
   * Gives every document of `ids` every tag of `tags` at its priority, in one transaction: all of
   * it is written, or (an id unknown, a crash) none of it. Writing a pair that already holds that
   * priority changes nothing, so the call is idempotent; every call is also logged in `tag_writes`
   * with `note` (JSON text or null).
   */
  tag(
    ids: readonly bigint[],
    tags: Readonly<Record<string, Priority>>,
    consumer: string,
    note: string | null,
    now: number,
    signal?: AbortSignal,
  ): TagWriteResult {
    // The write below is synchronous: a cancel can only have come before it.
    signal?.throwIfAborted();
    const unique = [...new Set(ids)];
    const exists = this.database.prepare('SELECT 1 FROM documents WHERE id = ?').pluck();
    const upsert = this.database.prepare(
      `INSERT INTO tags (document_id, tag, priority, updated_ms) VALUES (?, ?, ?, ?)
       ON CONFLICT (document_id, tag) DO UPDATE SET priority = excluded.priority, updated_ms = excluded.updated_ms
       WHERE tags.priority <> excluded.priority`,
    );
    const log = this.database.prepare(
      'INSERT INTO tag_writes (consumer, written_ms, documents, tags, changed, note) VALUES (?, ?, ?, ?, ?, ?)',
    );
    return this.database
      .transaction((): TagWriteResult => {
        const missing = unique.filter((id) => exists.get(id) === undefined).length;
        if (missing > 0) return { ok: false, missing };
        let changed = 0;
        const entries = Object.entries(tags);
        for (const id of unique) {
          for (const [tag, priority] of entries)
            changed += upsert.run(id, tag, priority, now).changes;
        }
        log.run(consumer, now, unique.length, entries.length, changed, note);
        return { ok: true, value: { pairs: unique.length * entries.length, changed } };
      })
      .immediate();
  }

  search(request: SearchRequest) {
    return searchDocuments(this, request);
  }

  documentsWithWord(word: string): number {
    return documentsWithWord(this, word);
  }

  countDocuments(group: StatGroup, sinceMs: number, offsetMinutes: number) {
    return countDocuments(this, group, sinceMs, offsetMinutes);
  }

  listFolders(): string[] {
    return listFolders(this);
  }

  documentsIn(folder: string, limit: number) {
    return documentsIn(this, folder, limit);
  }

  recordSurvey(consumer: string, finishedMs: number, findings: readonly FolderFinding[]): bigint {
    return recordSurvey(this, consumer, finishedMs, findings);
  }

  /** Resolves when no sync is running (a sync folded in meanwhile included). */
  async idle(): Promise<void> {
    while (this.#syncing !== undefined) await this.#syncing.catch(() => undefined);
  }

  /** Closes the database; later calls throw. Idempotent. Await {@link idle} first. */
  close(): void {
    if (this.database.open) this.database.close();
  }
}
