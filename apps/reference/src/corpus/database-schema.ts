/**
 * The SQLite schema of the corpus index (version {@link SCHEMA_VERSION}). Documents are rows keyed
 * by their path under the root; the full text lives in an FTS5 table whose rowid is the document's
 * id; tags a consumer assigns are kept apart from tags a file declares, so a reindex never touches
 * what a consumer wrote. Every write of a consumer is one transaction, in WAL mode with
 * `synchronous=FULL`: a write is on disk before it is acknowledged.
 */

/** The version this code reads and writes, stored under `meta.schema_version`. */
export const SCHEMA_VERSION = '1';

/** The priorities a consumer may give a tag, lowest first. */
export const PRIORITIES = Object.freeze(['low', 'normal', 'high', 'urgent'] as const);

/** One of {@link PRIORITIES}. */
export type Priority = (typeof PRIORITIES)[number];

export const PRAGMAS = [
  'journal_mode = WAL',
  'synchronous = FULL',
  'foreign_keys = ON',
  'busy_timeout = 5000',
];

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  folder TEXT NOT NULL,
  extension TEXT NOT NULL,
  title TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  mtime_ms INTEGER NOT NULL,
  words INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS documents_folder ON documents (folder);
CREATE INDEX IF NOT EXISTS documents_mtime ON documents (mtime_ms);
CREATE VIRTUAL TABLE IF NOT EXISTS documents_fts USING fts5 (
  title, body, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE IF NOT EXISTS file_tags (
  document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (document_id, tag)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS file_tags_tag ON file_tags (tag);
CREATE TABLE IF NOT EXISTS tags (
  document_id INTEGER NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  priority TEXT NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  updated_ms INTEGER NOT NULL,
  PRIMARY KEY (document_id, tag)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tags_tag ON tags (tag);
CREATE TABLE IF NOT EXISTS tag_writes (
  id INTEGER PRIMARY KEY,
  consumer TEXT NOT NULL,
  written_ms INTEGER NOT NULL,
  documents INTEGER NOT NULL,
  tags INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  note TEXT
);
CREATE TABLE IF NOT EXISTS survey_runs (
  id INTEGER PRIMARY KEY,
  consumer TEXT NOT NULL,
  finished_ms INTEGER NOT NULL,
  folders INTEGER NOT NULL,
  files INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS survey_findings (
  run_id INTEGER NOT NULL REFERENCES survey_runs (id) ON DELETE CASCADE,
  folder TEXT NOT NULL,
  files INTEGER NOT NULL,
  words INTEGER NOT NULL,
  top_terms TEXT NOT NULL,
  PRIMARY KEY (run_id, folder)
) WITHOUT ROWID;
`;
