/*
 * Guards that the PostgreSQL corpus is the SQLite corpus: the same tool calls, run from the
 * catalog against both stores over the same files, give the same results, field for field (hits,
 * their order, scores, snippets, totals, counts, documents, tag writes, surveys, refusals), before
 * and after tag writes and after files are added, changed and removed. Also: migrations applied at
 * start (and once when two start together), a root switch refused, and a tag write that fails
 * half-way leaving nothing behind. Real SQLite and the real PostgreSQL on 127.0.0.1:5432.
 */
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CorpusIndex } from '../src/corpus/corpus-index.ts';
import { PostgresCorpus, PostgresOpenError } from '../src/corpus/postgres-corpus.ts';
import { createTestSchema } from './support/postgres.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';
import { type Harness, harnessOver, NOW } from './support/tool-harness.ts';

const schema = await createTestSchema();
let root: string;
let sqlite: Harness<CorpusIndex>;
let postgres: Harness<PostgresCorpus>;

beforeAll(async () => {
  if (schema === undefined) return;
  root = generatedCorpus();
  const index = CorpusIndex.open(root, join(tempDir(), 'index.sqlite'));
  await index.sync();
  const corpus = await PostgresCorpus.open(root, schema.url);
  await corpus.sync();
  sqlite = harnessOver(index);
  postgres = harnessOver(corpus);
}, 120_000);
afterAll(async () => {
  await sqlite?.close();
  await postgres?.close();
  await schema?.drop();
  removeTempDirs();
});

const plain = (_: string, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value);

/** A result or the failure it threw, as plain data, with the artifact refs (random) masked. */
async function outcome(
  harness: Harness<never> | Harness<CorpusIndex> | Harness<PostgresCorpus>,
  tool: string,
  input: Record<string, unknown>,
) {
  try {
    const result = await harness.call(tool, input);
    return JSON.parse(
      JSON.stringify(result, (_, value) =>
        typeof value === 'bigint' ? `${value}n` : value,
      ).replace(/document:[0-9a-f-]{36}/g, 'document:<ref>'),
    );
  } catch (error) {
    return {
      thrown: (error as Error).name,
      text: (error as { text?: string }).text ?? String(error),
    };
  }
}

async function same(tool: string, input: Record<string, unknown>): Promise<unknown> {
  const expected = await outcome(sqlite, tool, input);
  const actual = await outcome(postgres, tool, input);
  expect(actual, `${tool} ${JSON.stringify(input, plain)}`).toEqual(expected);
  return expected;
}

/** Words to search for: every distinct word of a spread of documents, and pairs of them. */
async function vocabulary(): Promise<string[]> {
  const words = new Set<string>();
  for (const id of [1, 58, 150, 222, 319]) {
    const record = await sqlite.services.index.get(BigInt(id));
    for (const word of `${record?.title} ${record?.body}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ??
      []) {
      words.add(word);
    }
  }
  return [...words].sort();
}

describe.skipIf(schema === undefined)('the PostgreSQL corpus against the SQLite corpus', () => {
  it('searches alike: every word of a spread of documents, alone and in pairs, in every order', async () => {
    const words = await vocabulary();
    expect(words.length).toBeGreaterThan(100);
    let found = 0;
    for (const [i, word] of words.entries()) {
      const result = (await same('search_documents', { query: word, limit: 50 })) as {
        total_matches?: number;
      };
      found += result.total_matches ?? 0;
      if (i % 3 === 0) {
        await same('search_documents', {
          query: `${word} ${words[(i * 7) % words.length]}`,
          limit: 10,
          snippet_words: 8 + (i % 20),
        });
      }
      if (i % 11 === 0) {
        for (const direction of ['newest', 'oldest']) {
          await same('search_documents', { query: word, order: { by: 'modified', direction } });
        }
      }
    }
    expect(found).toBeGreaterThan(1000);
    await same('search_documents', { query: 'zzzz-not-a-word' });
    await same('search_documents', { query: '!!!' });
  }, 180_000);

  it('filters alike: paths, tags, dates, time windows, and/or/not', async () => {
    const filters: unknown[] = [
      { path_prefix: 'rivers/' },
      { path_prefix: 'r' },
      { tag: 'reference' },
      { modified_after: '2024-03-01T00:00:00Z' },
      { modified_before: '2023-09-01T12:00:00Z' },
      { modified_on: '2024-06-13' },
      { modified_within: 'P200D' },
      { modified_time: { from: '08:00:00', to: '17:30:00' } },
      { modified_time: { from: '22:00:00', to: '06:00:00' } },
      { and: [] },
      { or: [] },
      { not: { path_prefix: 'rivers/' } },
      {
        or: [
          { tag: 'reference' },
          { and: [{ path_prefix: 'r' }, { not: { modified_after: '2024-01-01T00:00:00Z' } }] },
        ],
      },
    ];
    for (const filter of filters) {
      for (const query of ['the', 'keeper', 'river note']) {
        await same('search_documents', { query, filter, limit: 50 });
      }
    }
    await same('search_documents', { query: 'the', modified_after: '2024-05-01T00:00:00Z' });
  });

  it('counts, reads, explains and surveys alike', async () => {
    for (const group_by of ['folder', 'extension', 'tag', 'priority', 'month']) {
      for (const utc_offset_minutes of [0, 330, -480]) {
        await same('corpus_stats', { group_by, since: '2023-06-01', utc_offset_minutes });
      }
    }
    for (const id of [1n, 2n, 160n, 320n, 321n, 99999n]) {
      await same('read_document', { id });
      await same('read_document', { id, start_line: -3, max_lines: 2 });
    }
    for (const depth of [0, 1, 2, 3, 5]) {
      await same('explain_query', { query: 'keeper lighthouse', depth });
    }
    await same('survey_corpus', { max_files_per_folder: 5 });
    await same('survey_corpus', { folders: ['rivers'], max_files_per_folder: 40 });
  });

  it('writes tags alike, and searches and counts them alike afterwards', async () => {
    await same('tag_documents', { ids: [1n, 2n, 3n], tags: { urgent: 'high', later: 'low' } });
    await same('tag_documents', { ids: [1n, 2n, 3n], tags: { urgent: 'high', later: 'low' } });
    await same('tag_documents', { ids: [2n, 40n], tags: { urgent: 'urgent' }, note: { why: 1 } });
    await same('tag_documents', { ids: [4n, 99999n], tags: { lost: 'low' } });
    for (const group_by of ['tag', 'priority']) {
      await same('corpus_stats', { group_by, since: '2020-01-01' });
    }
    await same('search_documents', { query: 'the', filter: { tag: 'urgent' } });
    await same('search_documents', { query: 'the', filter: { tag: 'lost' } });
    await same('read_document', { id: 2n });
    const count = async (sql: string) =>
      Number((await postgres.services.index.pool.query<{ n: string }>(sql)).rows[0]!.n);
    expect(await count("SELECT count(*) AS n FROM tags WHERE tag = 'lost'")).toBe(0);
    expect(await count('SELECT count(*) AS n FROM tag_writes')).toBe(3);
  });

  it('indexes and finds a word too long for a tsvector lexeme alike', async () => {
    const long = 'q'.repeat(999);
    const wide = '\u{1d400}'.repeat(900);
    writeFileSync(
      join(root, 'long-words.md'),
      `# Long\n\n${long} ${wide} ${'x'.repeat(300_000)} plain\n`,
    );
    const reports = [await sqlite.services.index.sync(), await postgres.services.index.sync()];
    expect(reports[1]).toEqual(reports[0]);
    await same('search_documents', { query: long });
    await same('search_documents', { query: wide.slice(0, 1000) });
    await same('search_documents', { query: `plain ${long}` });
    await same('explain_query', { query: long, depth: 2 });
  });

  it('follows added, changed and removed files alike', async () => {
    writeFileSync(
      join(root, 'rivers', 'zz-new.md'),
      '# Brand new\n\nA quokka keeper wrote this.\n',
    );
    writeFileSync(join(root, 'added.txt'), 'Plain quokka text at the root.\n');
    utimesSync(join(root, 'added.txt'), new Date(NOW - 1000), new Date(NOW - 1000));
    rmSync(join(root, 'rivers', '001-ferry.md'));
    writeFileSync(
      join(root, 'rivers', '002-lock.md'),
      '---\ntags: [changed]\n---\n# Changed lock\n\nquokka quokka.\n',
    );
    const reports = [await sqlite.services.index.sync(), await postgres.services.index.sync()];
    expect(reports[1]).toEqual(reports[0]);
    expect(reports[0]).toMatchObject({ removed: 1 });
    expect(reports[0]!.added + reports[0]!.updated).toBe(3);
    await same('search_documents', { query: 'quokka' });
    await same('search_documents', { query: 'keeper', limit: 50 });
    await same('corpus_stats', { group_by: 'folder', since: '2000-01-01' });
    await same('corpus_stats', { group_by: 'tag', since: '2000-01-01' });
  });
});

describe.skipIf(schema === undefined)('the PostgreSQL corpus at start', () => {
  it('applies its migrations once, even when two replicas start together', async () => {
    const url = await schema!.another();
    const both = await Promise.all([
      PostgresCorpus.open(root, url),
      PostgresCorpus.open(root, url),
    ]);
    const { rows } = await both[0].pool.query('SELECT version FROM schema_migrations');
    expect(rows).toEqual([{ version: 1 }]);
    await Promise.all(both.map((corpus) => corpus.close()));
    const again = await PostgresCorpus.open(root, url);
    await again.close();
  });

  it('refuses a database that holds another root, and a root that is no folder', async () => {
    const url = await schema!.another();
    const first = await PostgresCorpus.open(root, url);
    await first.close();
    await expect(PostgresCorpus.open(tempDir(), url)).rejects.toThrow(PostgresOpenError);
    await expect(PostgresCorpus.open(join(root, 'nowhere'), url)).rejects.toThrow(
      /is not a readable directory/,
    );
  });

  it('refuses a database it cannot reach, in one line', async () => {
    await expect(PostgresCorpus.open(root, 'postgres://postgres@127.0.0.1:1/test')).rejects.toThrow(
      /^The PostgreSQL database cannot be opened/,
    );
  });

  it('keeps nothing of a tag call cancelled before its commit, on both stores', async () => {
    const url = await schema!.another();
    const corpus = await PostgresCorpus.open(root, url);
    const index = CorpusIndex.open(root, join(tempDir(), 'cancel.sqlite'));
    try {
      await corpus.sync();
      await index.sync();
      const before = new AbortController();
      before.abort(new Error('cancelled'));
      expect(() =>
        index.tag([1n, 2n], { cancelled: 'low' }, 'admin', null, NOW, before.signal),
      ).toThrow('cancelled');
      await expect(
        corpus.tag([1n, 2n], { cancelled: 'low' }, 'admin', null, NOW, before.signal),
      ).rejects.toThrow('cancelled');
      // Cancelled while the transaction runs: its writes are rolled back before the commit.
      const during = new AbortController();
      const written = corpus.tag(
        [1n, 2n, 3n],
        { cancelled: 'low' },
        'admin',
        null,
        NOW,
        during.signal,
      );
      during.abort(new Error('cancelled'));
      await expect(written).rejects.toThrow('cancelled');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      const left = await admin.query(
        'SELECT (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM tag_writes) AS writes',
      );
      await admin.end();
      expect(left.rows).toEqual([{ tags: '0', writes: '0' }]);
      expect(index.tagsOf(1n)).toEqual({});
    } finally {
      await corpus.close();
      index.close();
    }
  });

  it('writes a tag call in one transaction: a failure half-way leaves nothing', async () => {
    const url = await schema!.another();
    const corpus = await PostgresCorpus.open(root, url);
    try {
      await corpus.sync();
      // A trigger that fails on the third pair stands in for a crash mid-write.
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE FUNCTION fail_third() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF (SELECT count(*) FROM tags) >= 2 THEN RAISE EXCEPTION 'stop'; END IF; RETURN NEW; END $$`);
      await admin.query(
        'CREATE TRIGGER fail_third BEFORE INSERT ON tags FOR EACH ROW EXECUTE FUNCTION fail_third()',
      );
      await expect(corpus.tag([1n, 2n, 3n], { a: 'low' }, 'admin', null, NOW)).rejects.toThrow();
      const left = await admin.query(
        'SELECT (SELECT count(*) FROM tags) AS tags, (SELECT count(*) FROM tag_writes) AS writes',
      );
      expect(left.rows).toEqual([{ tags: '0', writes: '0' }]);
      await admin.end();
    } finally {
      await corpus.close();
    }
  });
});
