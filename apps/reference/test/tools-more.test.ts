/*
 * Guards tag_documents (one transaction, idempotent, nothing written on a refusal; its shape
 * refused by the gate from its contract alone), corpus_stats (counts by each enum field since a
 * date, in a time zone), survey_corpus (one sub-agent per folder, progress, merged findings
 * recorded once; a cancel stops every sub-agent and records nothing) and explain_query (its
 * reasoning at each depth, computed from the index).
 */
import { judge } from '@portcullis/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceNotFoundError } from '../src/tools/failures.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';
import { type Harness, NOW, openHarness } from './support/tool-harness.ts';

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness(generatedCorpus());
});
afterAll(() => {
  harness.close();
  removeTempDirs();
});

function idsIn(folder: string, count: number): bigint[] {
  return (
    harness.services.index.database
      .prepare('SELECT id FROM documents WHERE folder = ? ORDER BY path LIMIT ?')
      .pluck()
      .all(folder, count) as number[]
  ).map(BigInt);
}
const count = (sql: string): number =>
  harness.services.index.database.prepare(sql).pluck().get() as number;

describe('tag_documents', () => {
  it('writes every pair in one call, idempotently, and logs the note as canonical JSON', async () => {
    const ids = idsIn('weather', 3);
    const input = {
      ids,
      tags: { storm: 'urgent', review: 'low' },
      note: { n: 2n ** 60n, by: 'test' },
    };
    expect(await harness.call('tag_documents', input)).toEqual({
      documents: 3,
      pairs: 6,
      changed: 6,
    });
    expect(await harness.call('tag_documents', input)).toEqual({
      documents: 3,
      pairs: 6,
      changed: 0,
    });
    expect(
      await harness.call('tag_documents', { ids: [ids[1]], tags: { review: 'high' } }),
    ).toEqual({
      documents: 1,
      pairs: 1,
      changed: 1,
    });
    expect(harness.services.index.tagsOf(ids[1] as bigint)).toEqual({
      review: 'high',
      storm: 'urgent',
    });
    const note = harness.services.index.database
      .prepare('SELECT note FROM tag_writes ORDER BY id LIMIT 1')
      .pluck()
      .get();
    expect(note).toBe('{"n":1152921504606846976,"by":"test"}');
  });

  it('writes nothing when an id is unknown, and says not-found for the document type only', async () => {
    const before = count('SELECT count(*) FROM tags');
    const writes = count('SELECT count(*) FROM tag_writes');
    const error = await harness
      .call('tag_documents', {
        ids: [...idsIn('mills', 2), 987_654_321n],
        tags: { mill: 'normal' },
      })
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).resourceType).toBe('document');
    expect(count('SELECT count(*) FROM tags')).toBe(before);
    expect(count('SELECT count(*) FROM tag_writes')).toBe(writes);
  });

  it.each([
    ['no ids', { ids: [], tags: { a: 'low' } }, 'The value at `/ids` must be an array of 1 to 100'],
    ['no tags', { ids: [1n], tags: {} }, 'The value at `/tags` must hold 1 to 20 entries'],
    [
      'too many tags',
      {
        ids: [1n],
        tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, 'low'])),
      },
      'The value at `/tags` must hold 1 to 20 entries',
    ],
    [
      'a bad tag name',
      { ids: [1n], tags: { 'canary-7f3a with space': 'low' } },
      'A key at `/tags/<entry>` must be a key matching the declared pattern',
    ],
    [
      'too many ids',
      { ids: Array.from({ length: 101 }, (_, i) => BigInt(i + 1)), tags: { a: 'low' } },
      'The value at `/ids` must be an array of 1 to 100',
    ],
  ])('refuses %s by the contract, which the gate judges before `run`', (_, input, text) => {
    const entry = harness.catalog.get('tag_documents');
    const judgement = judge(input, entry?.canonicalInput as never);
    expect(judgement.ok).toBe(false);
    const refusal = judgement.ok ? '' : judgement.refusal.text;
    expect(refusal).toContain(text);
    expect(refusal).not.toContain('canary');
  });
});

describe('corpus_stats', () => {
  it('counts by folder, extension, tag, priority and month since a date', async () => {
    const byFolder = (await harness.call('corpus_stats', {
      group_by: 'folder',
      since: '1970-01-01',
    })) as {
      documents: number;
      groups: { key: string; documents: number }[];
      counted_at: string;
    };
    expect(byFolder.documents).toBe(320);
    expect(byFolder.groups).toHaveLength(8);
    expect(byFolder.groups.every((group) => group.documents === 40)).toBe(true);
    expect(byFolder.counted_at).toBe(new Date(NOW).toISOString());
    const since2024 = (await harness.call('corpus_stats', {
      group_by: 'extension',
      since: '2024-01-01',
    })) as {
      documents: number;
      groups: { key: string; documents: number }[];
    };
    expect(since2024.groups.map((group) => group.key).sort()).toEqual(['.md', '.txt']);
    expect(since2024.groups.reduce((sum, group) => sum + group.documents, 0)).toBe(
      since2024.documents,
    );
    const months = (await harness.call('corpus_stats', {
      group_by: 'month',
      since: '2024-01-01',
    })) as {
      groups: { key: string }[];
    };
    expect(months.groups.every((group) => /^2024-\d\d$/.test(group.key))).toBe(true);
    const east = (await harness.call('corpus_stats', {
      group_by: 'folder',
      since: '2024-01-01',
      utc_offset_minutes: 840,
    })) as { documents: number };
    expect(east.documents).toBeGreaterThanOrEqual(since2024.documents);
    const priorities = (await harness.call('corpus_stats', {
      group_by: 'priority',
      since: '1970-01-01',
    })) as {
      groups: { key: string; documents: number }[];
    };
    expect(priorities.groups.find((group) => group.key === 'untagged')?.documents).toBeGreaterThan(
      300,
    );
    const tags = (await harness.call('corpus_stats', { group_by: 'tag', since: '1970-01-01' })) as {
      groups: { key: string; documents: number }[];
    };
    // Only Markdown files carry front-matter tags.
    expect(tags.groups.find((group) => group.key === 'rivers')?.documents).toBe(
      count("SELECT count(*) FROM documents WHERE folder = 'rivers' AND extension = '.md'"),
    );
  });
});

describe('survey_corpus', () => {
  it('dispatches one sub-agent per folder, reports progress, merges and records the findings', async () => {
    harness.progress.length = 0;
    const result = (await harness.call('survey_corpus', { max_files_per_folder: 5 })) as {
      run_id: bigint;
      folders: { folder: string; files: number; top_terms: string[] }[];
      files: number;
      top_terms: string[];
    };
    expect(result.folders).toHaveLength(8);
    expect(result.files).toBe(40);
    expect(result.folders.every((finding) => finding.top_terms.length === 5)).toBe(true);
    expect(result.top_terms.length).toBeGreaterThan(0);
    const monitor = harness.services.surveys;
    expect(monitor.running).toBe(0);
    expect(monitor.history.filter((record) => record.outcome === 'completed')).toHaveLength(8);
    expect(harness.progress).toContainEqual({
      progress: 0,
      total: 8,
      message: '8 sub-agents dispatched, one per folder.',
    });
    expect(harness.progress).toContainEqual({
      progress: 8,
      total: 8,
      message: '8 of 8 folders surveyed.',
    });
    expect(count(`SELECT count(*) FROM survey_findings WHERE run_id = ${result.run_id}`)).toBe(8);
  });

  it('stops every sub-agent on a cancel and records nothing', async () => {
    const slow = await openHarness(generatedCorpus(), { surveyPaceMs: 60_000 });
    try {
      const controller = new AbortController();
      const started = new Promise<void>((resolve) => {
        slow.services.surveys.on('start', () => {
          if (slow.services.surveys.running === 2) resolve();
        });
      });
      const call = slow.call(
        'survey_corpus',
        { folders: ['rivers', 'mills'] },
        { signal: controller.signal },
      );
      await started;
      controller.abort();
      await expect(call).rejects.toThrow();
      expect(slow.services.surveys.running).toBe(0);
      expect(slow.services.surveys.history.map((record) => record.outcome)).toEqual([
        'cancelled',
        'cancelled',
      ]);
      expect(
        slow.services.index.database.prepare('SELECT count(*) FROM survey_runs').pluck().get(),
      ).toBe(0);
    } finally {
      slow.close();
    }
  });

  it('refuses an unknown folder as not found, naming the type only', async () => {
    const error = await harness
      .call('survey_corpus', { folders: ['rivers', 'canary-7f3a'] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceNotFoundError);
    expect((error as ResourceNotFoundError).resourceType).toBe('folder');
  });
});

describe('explain_query', () => {
  it('reasons more at each depth, from the index', async () => {
    const shallow = (await harness.call('explain_query', {
      query: 'Quiet ferry!',
      depth: 0,
    })) as Record<string, unknown>;
    expect(shallow).toMatchObject({
      words: ['quiet', 'ferry'],
      expression: '"quiet" AND "ferry"',
      word_documents: [],
      preview: [],
    });
    const deep = (await harness.call('explain_query', { query: 'Quiet ferry!', depth: 3 })) as {
      word_documents: { word: string; documents: number }[];
      matching_documents: number;
      preview: { id: bigint; title: string }[];
      steps: string[];
      reasoning: string;
    };
    const ferry = deep.word_documents.find((entry) => entry.word === 'ferry')?.documents ?? 0;
    expect(ferry).toBeGreaterThan(0);
    expect(deep.matching_documents).toBeLessThanOrEqual(ferry);
    expect(deep.preview.length).toBe(Math.min(3, deep.matching_documents));
    expect(deep.steps.length).toBeGreaterThan(4);
    expect(deep.reasoning).toBe(deep.steps.join(' '));
  });
});
