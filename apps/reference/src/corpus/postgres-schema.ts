/**
 * The PostgreSQL schema of the corpus, as migrations applied in order at start (each once, in one
 * transaction under an advisory lock, so replicas starting together apply it once). Documents
 * carry their terms as a `tsvector` (GIN-indexed, what a search matches) and, per term, its counts
 * in the title and the body (what BM25 ranks with); tags a consumer assigns are kept apart from
 * tags a file declares, as in the SQLite index.
 */

/** The migrations, oldest first. Never edit one that has shipped: add the next. */
export const MIGRATIONS: readonly { readonly version: number; readonly sql: string }[] = [
  {
    version: 1,
    sql: `
CREATE TABLE corpus_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
CREATE TABLE documents (
  id BIGSERIAL PRIMARY KEY,
  path TEXT NOT NULL UNIQUE,
  folder TEXT NOT NULL,
  extension TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  size_bytes BIGINT NOT NULL,
  mtime_ms BIGINT NOT NULL,
  words INTEGER NOT NULL,
  title_terms INTEGER NOT NULL,
  body_terms INTEGER NOT NULL,
  search TSVECTOR NOT NULL
);
CREATE INDEX documents_folder ON documents (folder);
CREATE INDEX documents_mtime ON documents (mtime_ms);
CREATE INDEX documents_search ON documents USING GIN (search);
CREATE TABLE document_terms (
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  term TEXT NOT NULL,
  title_hits INTEGER NOT NULL,
  body_hits INTEGER NOT NULL,
  PRIMARY KEY (document_id, term)
);
CREATE INDEX document_terms_term ON document_terms (term);
CREATE TABLE file_tags (
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  PRIMARY KEY (document_id, tag)
);
CREATE INDEX file_tags_tag ON file_tags (tag);
CREATE TABLE tags (
  document_id BIGINT NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
  tag TEXT NOT NULL,
  priority TEXT NOT NULL CHECK (priority IN ('low', 'normal', 'high', 'urgent')),
  updated_ms BIGINT NOT NULL,
  PRIMARY KEY (document_id, tag)
);
CREATE INDEX tags_tag ON tags (tag);
CREATE TABLE tag_writes (
  id BIGSERIAL PRIMARY KEY,
  consumer TEXT NOT NULL,
  written_ms BIGINT NOT NULL,
  documents INTEGER NOT NULL,
  tags INTEGER NOT NULL,
  changed INTEGER NOT NULL,
  note TEXT
);
CREATE TABLE survey_runs (
  id BIGSERIAL PRIMARY KEY,
  consumer TEXT NOT NULL,
  finished_ms BIGINT NOT NULL,
  folders INTEGER NOT NULL,
  files INTEGER NOT NULL
);
CREATE TABLE survey_findings (
  run_id BIGINT NOT NULL REFERENCES survey_runs (id) ON DELETE CASCADE,
  folder TEXT NOT NULL,
  files INTEGER NOT NULL,
  words INTEGER NOT NULL,
  top_terms TEXT NOT NULL,
  PRIMARY KEY (run_id, folder)
);
`,
  },
];
