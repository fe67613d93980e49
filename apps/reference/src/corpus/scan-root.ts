/**
 * Lists the documents under a root: files ending `.md`, `.markdown` or `.txt`, at most
 * {@link DOCUMENT_MAX_BYTES} each, found by walking directories without following symbolic links
 * (so nothing outside the root is read) and skipping names that start with `.` and `node_modules`.
 */
import { type Dirent, promises as fs } from 'node:fs';
import { extname, join } from 'node:path';

/** The largest file indexed; a larger one is left out (and says so in the sync report). */
export const DOCUMENT_MAX_BYTES = 1024 * 1024;

/** The extensions indexed, lower-case. */
export const DOCUMENT_EXTENSIONS: readonly string[] = Object.freeze(['.md', '.markdown', '.txt']);

/** A file found under the root: its `/`-separated path relative to the root, size and mtime. */
export interface ScannedFile {
  readonly path: string;
  readonly sizeBytes: number;
  readonly mtimeMs: number;
}

/** What a walk found: the files to index and how many were skipped for their size. */
export interface ScanResult {
  readonly files: readonly ScannedFile[];
  readonly oversized: number;
}

/** Walks `root`; a directory that vanishes or cannot be read during the walk is skipped. */
export async function scanRoot(root: string): Promise<ScanResult> {
  const files: ScannedFile[] = [];
  let oversized = 0;
  const pending: string[] = [''];
  while (pending.length > 0) {
    const relative = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = await fs.readdir(join(root, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) pending.push(path);
      if (!entry.isFile() || !DOCUMENT_EXTENSIONS.includes(extname(entry.name).toLowerCase())) {
        continue;
      }
      try {
        const stat = await fs.stat(join(root, path));
        if (stat.size > DOCUMENT_MAX_BYTES) oversized++;
        else files.push({ path, sizeBytes: stat.size, mtimeMs: Math.floor(stat.mtimeMs) });
      } catch {
        // Removed between the listing and the stat: the next sync sees it gone.
      }
    }
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, oversized };
}
