/*
 * Guards the corpus index: a sync reads exactly the documents under the root (titles, words and
 * file tags), picks up added, changed and removed files, keeps a document's id across a change,
 * and keeps what consumers tagged apart from what a reindex rewrites. Real SQLite on real files.
 */
import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CorpusIndex, IndexOpenError } from '../src/corpus/corpus-index.ts';
import { DOCUMENT_MAX_BYTES } from '../src/corpus/scan-root.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';

const open: CorpusIndex[] = [];
function openIndex(root: string, data = tempDir()): CorpusIndex {
  const index = CorpusIndex.open(root, join(data, 'index.sqlite'));
  open.push(index);
  return index;
}
afterEach(() => {
  for (const index of open.splice(0)) index.close();
});
afterAll(removeTempDirs);

function idOf(index: CorpusIndex, path: string): number | undefined {
  return index.database.prepare('SELECT id FROM documents WHERE path = ?').pluck().get(path) as
    | number
    | undefined;
}

describe('CorpusIndex', () => {
  it('indexes the bundled corpus: 320 documents in 8 folders, with titles and file tags', async () => {
    const index = openIndex(generatedCorpus());
    const report = await index.sync();
    expect(report).toEqual({ added: 320, updated: 0, removed: 0, oversized: 0, documents: 320 });
    const folders = index.database
      .prepare('SELECT folder, count(*) AS n FROM documents GROUP BY folder ORDER BY folder')
      .all();
    expect(folders).toHaveLength(8);
    expect(folders).toContainEqual({ folder: 'rivers', n: 40 });
    const id = idOf(index, 'rivers/001-ferry.md');
    expect(id).toBeDefined();
    const document = index.get(BigInt(id as number));
    expect(document?.title).toBe('Quiet ferry, note 1');
    expect(document?.fileTags).toEqual(['reference', 'rivers']);
    expect(document?.body.startsWith('# Quiet ferry')).toBe(true);
    expect(document?.mtimeMs).toBe(Date.UTC(2024, 5, 13, 15, 45, 35));
    expect(await index.sync()).toEqual({
      added: 0,
      updated: 0,
      removed: 0,
      oversized: 0,
      documents: 320,
    });
  });

  it('reads titles from front matter, a heading, the first line or the file name', async () => {
    const root = tempDir();
    writeFileSync(
      join(root, 'front.md'),
      '---\ntitle: "From front"\ntags: [a, b, a, "bad tag"]\n---\n# Heading\n',
    );
    writeFileSync(join(root, 'heading.md'), 'intro line\n# The heading\nbody');
    writeFileSync(join(root, 'plain.txt'), '\n\n  First line  \nsecond');
    writeFileSync(join(root, 'empty.txt'), '');
    const index = openIndex(root);
    await index.sync();
    const titles = index.database.prepare('SELECT path, title FROM documents ORDER BY path').all();
    expect(titles).toEqual([
      { path: 'empty.txt', title: 'empty.txt' },
      { path: 'front.md', title: 'From front' },
      { path: 'heading.md', title: 'The heading' },
      { path: 'plain.txt', title: 'First line' },
    ]);
    expect(index.fileTagsOf(idOf(index, 'front.md') as number)).toEqual(['a', 'b']);
  });

  it('skips hidden files, other extensions, oversized files and symbolic links', async () => {
    const root = tempDir();
    const outside = tempDir();
    writeFileSync(join(outside, 'secret.md'), 'outside the root');
    mkdirSync(join(root, '.hidden'));
    writeFileSync(join(root, '.hidden', 'a.md'), 'hidden');
    writeFileSync(join(root, '.dot.md'), 'hidden');
    writeFileSync(join(root, 'notes.json'), '{}');
    writeFileSync(join(root, 'big.txt'), 'x'.repeat(DOCUMENT_MAX_BYTES + 1));
    writeFileSync(join(root, 'kept.MD'), 'kept');
    symlinkSync(join(outside, 'secret.md'), join(root, 'link.md'));
    symlinkSync(outside, join(root, 'linked-folder'));
    const index = openIndex(root);
    const report = await index.sync();
    expect(report.oversized).toBe(1);
    expect(index.database.prepare('SELECT path FROM documents').pluck().all()).toEqual(['kept.MD']);
  });

  it('picks up added, changed and removed files and keeps the id of a changed one', async () => {
    const root = tempDir();
    mkdirSync(join(root, 'a'));
    writeFileSync(join(root, 'a', 'one.md'), '# One\napples');
    writeFileSync(join(root, 'a', 'two.md'), '# Two\npears');
    const index = openIndex(root);
    await index.sync();
    const one = idOf(index, 'a/one.md');
    writeFileSync(join(root, 'a', 'one.md'), '# One again\nplums and apples');
    utimesSync(join(root, 'a', 'one.md'), 1_700_000_000, 1_700_000_000);
    rmSync(join(root, 'a', 'two.md'));
    writeFileSync(join(root, 'three.txt'), 'Three\ncherries');
    const report = await index.sync();
    expect(report).toMatchObject({ added: 1, updated: 1, removed: 1, documents: 2 });
    expect(idOf(index, 'a/one.md')).toBe(one);
    expect(index.get(BigInt(one as number))?.title).toBe('One again');
    expect(idOf(index, 'a/two.md')).toBeUndefined();
    const fts = index.database.prepare(
      "SELECT count(*) FROM documents_fts WHERE documents_fts MATCH 'pears'",
    );
    expect(fts.pluck().get()).toBe(0);
    expect(index.get(BigInt(idOf(index, 'three.txt') as number))?.folder).toBe('.');
  });

  it('writes tags in one transaction, idempotently, and a reindex keeps them', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'a.md'), 'alpha');
    writeFileSync(join(root, 'b.md'), 'beta');
    const index = openIndex(root);
    await index.sync();
    const a = BigInt(idOf(index, 'a.md') as number);
    const b = BigInt(idOf(index, 'b.md') as number);
    const first = index.tag([a, b, a], { urgent: 'high', later: 'low' }, 'admin', null, 1);
    expect(first).toEqual({ ok: true, value: { pairs: 4, changed: 4 } });
    expect(index.tag([a, b], { urgent: 'high', later: 'low' }, 'admin', null, 2)).toEqual({
      ok: true,
      value: { pairs: 4, changed: 0 },
    });
    expect(index.tag([a], { later: 'normal' }, 'admin', '{"n":1}', 3)).toEqual({
      ok: true,
      value: { pairs: 1, changed: 1 },
    });
    const unknown = index.tag([b, 999_999n], { never: 'low' }, 'admin', null, 4);
    expect(unknown).toEqual({ ok: false, missing: 1 });
    expect(index.tagsOf(b)).toEqual({ later: 'low', urgent: 'high' });
    writeFileSync(join(root, 'a.md'), 'alpha changed');
    utimesSync(join(root, 'a.md'), 1_600_000_000, 1_600_000_000);
    await index.sync();
    expect(index.tagsOf(a)).toEqual({ later: 'normal', urgent: 'high' });
    const log = index.database
      .prepare('SELECT consumer, documents, tags, changed, note FROM tag_writes')
      .all();
    expect(log).toEqual([
      { consumer: 'admin', documents: 2, tags: 2, changed: 4, note: null },
      { consumer: 'admin', documents: 2, tags: 2, changed: 0, note: null },
      { consumer: 'admin', documents: 1, tags: 1, changed: 1, note: '{"n":1}' },
    ]);
  });

  it('leaves nothing of a tag write that fails part way (the whole write is one transaction)', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'a.md'), 'alpha');
    writeFileSync(join(root, 'b.md'), 'beta');
    const index = openIndex(root);
    await index.sync();
    const ids = [BigInt(idOf(index, 'a.md') as number), BigInt(idOf(index, 'b.md') as number)];
    // The second tag breaks the priority CHECK after the first pairs were written.
    const broken = { first: 'low', second: 'bogus' } as unknown as Record<string, 'low'>;
    expect(() => index.tag(ids, broken, 'admin', null, 1)).toThrow(/CHECK constraint/);
    expect(index.database.prepare('SELECT count(*) FROM tags').pluck().get()).toBe(0);
    expect(index.database.prepare('SELECT count(*) FROM tag_writes').pluck().get()).toBe(0);
  });

  it('refuses to open a root that is not a directory, with one line naming it', () => {
    const file = join(tempDir(), 'file.txt');
    writeFileSync(file, 'x');
    expect(() => openIndex(file)).toThrow(IndexOpenError);
    expect(() => openIndex(join(tempDir(), 'missing'))).toThrow(/is not a readable directory\.$/);
  });

  it('refuses a database of another schema version', () => {
    const root = tempDir();
    const data = tempDir();
    openIndex(root, data)
      .database.prepare("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
      .run();
    expect(() => openIndex(root, data)).toThrow(/schema version 0, not 1/);
  });
});
