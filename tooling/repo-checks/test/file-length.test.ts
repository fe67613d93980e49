/*
 * Guards the size of the workspace's files: a source or test file past 400 lines is hard to
 * review, so one that needs to be longer says why in its opening comment, in a sentence starting
 * "Longer than 400 lines:". Vendored suites and fixtures are data, not code, and are not counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const LIMIT = 400;
const REASON = 'Longer than 400 lines:';
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'fixtures', 'vendor', 'test-results']);

function sourceFiles(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_DIRECTORIES.has(entry.name)) continue;
    const path = join(directory, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(path));
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
      found.push(path);
  }
  return found;
}

/** The comment block a file opens with (after any shebang), where its reason must stand. */
function openingComment(text: string): string {
  const match = /^(?:#![^\n]*\n)?\s*((?:\/\*[\s\S]*?\*\/|(?:\/\/[^\n]*\n)+))/.exec(text);
  return match?.[1] ?? '';
}

describe('file length', () => {
  const files = ['packages', 'apps', 'tooling'].flatMap((group) => sourceFiles(join(ROOT, group)));

  it('finds the workspace sources', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it(`keeps every file under ${LIMIT} lines or states why at its top`, () => {
    const unexplained = files
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
      .filter(({ text }) => text.split('\n').length > LIMIT)
      .filter(({ text }) => !openingComment(text).includes(REASON))
      .map(({ file, text }) => `${relative(ROOT, file)} (${text.split('\n').length} lines)`);
    expect(unexplained).toEqual([]);
  });
});
