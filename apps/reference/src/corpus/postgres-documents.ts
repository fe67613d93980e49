/** How the PostgreSQL corpus writes one document: its row, its terms (as a `tsvector` and counted) and its file tags. */
import { createHash } from 'node:crypto';
import { basename, extname } from 'node:path';
import type pg from 'pg';
import { folderOf } from './corpus-index.ts';
import { readDocumentText } from './document-text.ts';
import type { ScannedFile } from './scan-root.ts';
import { termCounts } from './terms.ts';

/**
 * A term as the database keeps it. PostgreSQL bounds a `tsvector` lexeme at 2047 bytes (and a
 * b-tree entry near 2700), so a longer term (a blob of base64 in a file, a 1000-letter query word)
 * is kept as its SHA-256, which no real term spells (a term has no `:`). Matching stays exact.
 */
export function storedTerm(term: string): string {
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

/** Writes one document, its terms and its file tags; true when it replaced an existing row. */
export async function writeDocument(
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
