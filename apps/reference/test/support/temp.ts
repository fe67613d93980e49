/** Temporary folders for a test file, and the bundled corpus generated into one of them. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const GENERATOR = resolve(import.meta.dirname, '../../scripts/generate-corpus.mjs');

/** A fresh empty folder; every one made is removed by {@link removeTempDirs}. */
const made: string[] = [];
export function tempDir(prefix = 'portcullis-reference-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder {@link tempDir} made (call from `afterAll`). */
export function removeTempDirs(): void {
  // Retried: a child that is still closing its database may write into a folder being removed.
  for (const dir of made.splice(0)) {
    rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  }
}

/** A fresh copy of the bundled corpus (320 files, 8 folders) in a temporary folder. */
export function generatedCorpus(): string {
  const root = join(tempDir(), 'corpus');
  mkdirSync(root);
  execFileSync(process.execPath, [GENERATOR, root], { stdio: 'ignore' });
  return root;
}
