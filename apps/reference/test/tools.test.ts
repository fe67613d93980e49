/*
 * Guards each document tool's own rules, run straight from the catalog over the generated corpus
 * (the gate and the transport are tested end to end elsewhere): what a valid call returns, what a
 * refused call says (our words only, never the caller's), and what reaches the database.
 */
import { judge } from '@portcullis/gate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResourceNotFoundError, ToolError } from '../src/tools/failures.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';
import { type Harness, openHarness } from './support/tool-harness.ts';

interface Hit {
  id: bigint;
  path: string;
  title: string;
  snippet: string;
  score: number;
  modified: string;
  tags: Record<string, string>;
}
interface SearchOutput {
  hits: Hit[];
  total_matches: number;
  words: string[];
}

let harness: Harness;
beforeAll(async () => {
  harness = await openHarness(generatedCorpus());
});
afterAll(() => {
  harness.close();
  removeTempDirs();
});

const search = (input: Record<string, unknown>) =>
  harness.call('search_documents', input) as Promise<SearchOutput>;
const CANARY = 'canary-7f3a';

async function refusal(promise: Promise<unknown>): Promise<ToolError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ToolError);
  const failure = error as ToolError;
  expect(failure.correctable).toBe(true);
  expect(failure.text).not.toContain(CANARY);
  expect(failure.text).toMatch(/^[A-Z].*\.$/);
  return failure;
}

describe('search_documents', () => {
  it('ranks hits with snippets marking the matched words', async () => {
    const found = await search({ query: 'Lighthouse KEEPER!', limit: 5 });
    expect(found.words).toEqual(['lighthouse', 'keeper']);
    expect(found.hits.length).toBeLessThanOrEqual(5);
    expect(found.total_matches).toBeGreaterThanOrEqual(found.hits.length);
    const keeper = await search({ query: 'keeper' });
    expect(keeper.total_matches).toBeGreaterThan(10);
    for (const hit of keeper.hits) {
      expect(hit.snippet).toContain('[keeper]');
      expect(typeof hit.id).toBe('bigint');
      expect(hit.modified).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    const scores = keeper.hits.map((hit) => hit.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('reads search syntax as words: quotes, operators and column filters find text', async () => {
    const found = await search({ query: '"keeper" OR title:NEAR(* -- DROP TABLE documents' });
    expect(found.words).toEqual(['keeper', 'or', 'title', 'near', 'drop', 'table', 'documents']);
    expect(found.total_matches).toBe(0);
  });

  it('filters by path prefix, tag, dates and their and / or / not combinations', async () => {
    const inRivers = await search({ query: 'the', limit: 50, filter: { path_prefix: 'rivers/' } });
    expect(inRivers.total_matches).toBe(40);
    expect(inRivers.hits.every((hit) => hit.path.startsWith('rivers/'))).toBe(true);
    const notRivers = await search({
      query: 'the',
      limit: 1,
      filter: { not: { path_prefix: 'rivers/' } },
    });
    expect(notRivers.total_matches).toBe(280);
    const either = await search({
      query: 'the',
      filter: { or: [{ path_prefix: 'rivers/' }, { path_prefix: 'mills/' }] },
    });
    expect(either.total_matches).toBe(80);
    const tagged = await search({
      query: 'the',
      filter: { and: [{ tag: 'mills' }, { tag: 'draft' }] },
    });
    expect(tagged.total_matches).toBeGreaterThan(0);
    expect(tagged.total_matches).toBeLessThan(40);
    const year2024 = await search({
      query: 'the',
      filter: {
        modified_after: '2024-01-01T00:00:00Z',
        modified_before: '2025-01-01T00:00:00+00:00',
      },
    });
    const after = await search({ query: 'the', modified_after: '2023-12-31T23:59:59.999Z' });
    expect(after.total_matches).toBe(year2024.total_matches);
    const within = await search({ query: 'the', filter: { modified_within: 'P1Y' } });
    expect(within.total_matches).toBe(year2024.total_matches);
    expect((await search({ query: 'the', filter: { or: [] } })).total_matches).toBe(0);
    expect((await search({ query: 'the', filter: {} })).total_matches).toBe(320);
    const day = (await search({ query: 'ferry', filter: { path_prefix: 'rivers/001' } }))
      .hits[0] as Hit;
    const onDay = await search({
      query: 'ferry',
      filter: { modified_on: day.modified.slice(0, 10) },
    });
    expect(onDay.hits.map((hit) => hit.id)).toContain(day.id);
    const minute = day.modified.slice(11, 16);
    const window = await search({
      query: 'ferry',
      filter: {
        path_prefix: 'rivers/001',
        modified_time: { from: `${minute}:00+00:00`, to: `${minute}:59Z` },
      },
    });
    expect(window.total_matches).toBe(1);
    const outside = await search({
      query: 'ferry',
      filter: {
        path_prefix: 'rivers/001',
        modified_time: { from: `${minute}:00+01:00`, to: `${minute}:59+01:00` },
      },
    });
    expect(outside.total_matches).toBe(0);
  });

  it('declares a query without words refused by its pattern, and refuses a filter too deep in its own words', async () => {
    const contract = harness.catalog.get('search_documents')?.canonicalInput;
    const judgement = judge({ query: ` ?! ${'-'.repeat(3)} ` }, contract as never);
    expect(judgement.ok).toBe(false);
    expect(judgement.ok ? '' : judgement.refusal.text).toContain(
      'The value at `/query` must match the declared pattern `[\\p{L}\\p{N}]`',
    );
    expect(judge({ query: 'é' }, contract as never).ok).toBe(true);
    let deep: Record<string, unknown> = { tag: CANARY };
    for (let level = 0; level < 20; level++) deep = { not: deep };
    expect((await refusal(search({ query: 'the', filter: deep }))).text).toContain(
      'nests deeper than 12 levels',
    );
    const wide = { or: Array.from({ length: 300 }, () => ({ tag: CANARY })) };
    expect((await refusal(search({ query: 'the', filter: wide }))).text).toContain(
      'more than 200 nodes',
    );
    const many = Array.from({ length: 40 }, (_, i) => `${CANARY}${i}`).join(' ');
    expect((await refusal(search({ query: many }))).text).toContain('more than 32 different words');
  });
});

describe('read_document', () => {
  it('returns a document artifact with a minted ref, whole or by lines', async () => {
    const hit = (await search({ query: 'ferry', filter: { path_prefix: 'rivers/001' } }))
      .hits[0] as Hit;
    const { document } = (await harness.call('read_document', { id: hit.id })) as {
      document: Record<string, unknown>;
    };
    expect(document.ref).toMatch(/^document:[0-9a-f-]{36}$/);
    expect(document).toMatchObject({
      id: hit.id,
      path: 'rivers/001-ferry.md',
      title: 'Quiet ferry, note 1',
      first_line: 1,
    });
    expect(document.file_tags).toEqual(['reference', 'rivers']);
    const lines = String(document.text).split('\n');
    expect(lines.length).toBe(document.line_count);
    const tail = (await harness.call('read_document', {
      id: hit.id,
      start_line: -2,
      max_lines: 1,
    })) as {
      document: Record<string, unknown>;
    };
    expect(tail.document.text).toBe(lines.at(-2));
    expect(tail.document.first_line).toBe(lines.length - 1);
    const past = (await harness.call('read_document', { id: hit.id, start_line: 100_000 })) as {
      document: Record<string, unknown>;
    };
    expect(past.document.text).toBe('');
  });

  it('answers an unknown id with a not-found naming the resource type only', async () => {
    for (const id of [0n, 999_999n, 9223372036854775807n, -1n]) {
      const error = await harness.call('read_document', { id }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(ResourceNotFoundError);
      expect((error as ResourceNotFoundError).resourceType).toBe('document');
      expect((error as Error).message).not.toContain(String(id));
    }
  });
});
