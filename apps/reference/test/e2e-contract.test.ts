/*
 * Guards the contract keywords the tools declare, end to end over real HTTP with the SDK Client:
 * the longest `query`, a `tag` filter's pattern, `ids` counted and distinct, `filter` nullable and
 * `order` a union told apart by `by`. Each is served when kept and refused when broken by the gate,
 * as a correctable error that names the rule and repeats nothing sent; and under a dialect that
 * drops a keyword (listing its place in `narrowed`), the canonical pass still refuses.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TAG_PATTERN } from '../src/corpus/document-text.ts';
import { QUERY_MAX_LENGTH } from '../src/tools/search-documents.ts';
import { TAG_MAX_DOCUMENTS } from '../src/tools/tag-documents.ts';
import { type ServedApp, serveInProcess } from './support/in-process.ts';
import { closeClients, httpClient, textOf } from './support/mcp-client.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';

const CANARY = 'canary-7f3a';
let served: ServedApp;

beforeAll(async () => {
  served = await serveInProcess(generatedCorpus(), { surveyPaceMs: 0 });
});
afterEach(closeClients);
afterAll(async () => {
  await served.close();
  removeTempDirs();
});

const admin = (dialect?: string) =>
  httpClient(
    dialect === undefined ? served.url : `${served.url}?dialect=${dialect}`,
    served.tokens.admin,
  );

interface Hit {
  readonly id: number;
  readonly modified: string;
}

async function search(client: Client, args: Record<string, unknown>) {
  const result = await client.callTool({ name: 'search_documents', arguments: args });
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as { hits: Hit[]; total_matches: number };
}

/** A refusal by the gate: correctable, naming each of `words`, repeating nothing of `sent`. */
async function refused(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  words: readonly string[],
  sent: readonly string[] = [],
): Promise<void> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError).toBe(true);
  expect(result._meta?.['portcullis/correctable']).toBe(true);
  const text = textOf(result);
  expect(text).toMatch(/^The arguments do not match the declared input schema/);
  for (const word of words) expect(text).toContain(word);
  for (const value of [CANARY, ...sent]) expect(JSON.stringify(result)).not.toContain(value);
}

/** What a dialect lists for a tool: its input document and the places it narrowed. */
async function listing(dialect: string, name: string) {
  const { tools } = await (await admin(dialect)).listTools();
  const tool = tools.find((entry) => entry.name === name);
  return {
    schema: tool?.inputSchema as Record<string, unknown>,
    narrowed: (tool?._meta?.['portcullis/narrowed'] ?? []) as string[],
  };
}

/** The ids of two documents, from a search. */
async function someIds(client: Client): Promise<number[]> {
  return (await search(client, { query: 'the', limit: 2 })).hits.map((hit) => hit.id);
}

/** The `search_documents` arguments `openai_strict` asks for: every property, null when unused. */
const STRICT_SEARCH = {
  filter: null,
  order: null,
  limit: null,
  snippet_words: null,
  modified_after: null,
};

describe('search_documents', () => {
  it(`serves a query of ${QUERY_MAX_LENGTH} characters and refuses a longer one`, async () => {
    const client = await admin();
    const longest = 'keeper '.repeat(QUERY_MAX_LENGTH / 7).padEnd(QUERY_MAX_LENGTH, 'x');
    expect([...longest]).toHaveLength(QUERY_MAX_LENGTH);
    await search(client, { query: longest });
    const longer = `${CANARY} `.repeat(QUERY_MAX_LENGTH / 12 + 1);
    await refused(
      client,
      'search_documents',
      { query: longer },
      ['`/query`', `at most ${QUERY_MAX_LENGTH} characters`],
      [longer],
    );
    await refused(client, 'explain_query', { query: longer }, [
      `at most ${QUERY_MAX_LENGTH} characters`,
    ]);
  });

  it('refuses a long query under openai_strict, which drops maxLength, in the canonical pass', async () => {
    const { schema, narrowed } = await listing('openai_strict', 'search_documents');
    expect(narrowed).toContain('/inputSchema/properties/query');
    expect(schema.properties).toHaveProperty('query.type', 'string');
    expect(schema.properties).not.toHaveProperty('query.maxLength');
    const client = await admin('openai_strict');
    await refused(
      client,
      'search_documents',
      { ...STRICT_SEARCH, query: `${CANARY} `.repeat(QUERY_MAX_LENGTH / 12 + 1) },
      [`at most ${QUERY_MAX_LENGTH} characters`],
    );
  });

  it('filters by a tag name and refuses one the pattern does not match, nested too', async () => {
    const client = await admin();
    const tagged = await search(client, { query: 'the', filter: { tag: 'draft' } });
    const all = await search(client, { query: 'the' });
    expect(tagged.total_matches).toBeGreaterThan(0);
    expect(tagged.total_matches).toBeLessThan(all.total_matches);
    const pattern = `the declared pattern \`${TAG_PATTERN}\``;
    await refused(
      client,
      'search_documents',
      { query: 'the', filter: { tag: `${CANARY} with space` } },
      ['`/filter/tag`', pattern],
    );
    await refused(
      client,
      'search_documents',
      { query: 'the', filter: { and: [{ not: { tag: `-${CANARY}` } }] } },
      ['`/filter/and/0/not/tag`', pattern],
    );
  });

  it('refuses a bad tag name under anthropic_strict, which drops the pattern, in the canonical pass', async () => {
    const { narrowed } = await listing('anthropic_strict', 'search_documents');
    expect(narrowed).toContain('/inputSchema/properties/filter/anyOf/0/properties/tag');
    await refused(
      await admin('anthropic_strict'),
      'search_documents',
      { query: 'the', filter: { tag: `${CANARY} with space` } },
      ['`/filter/tag`', 'the declared pattern'],
    );
  });

  it('reads a null filter as no filter, and refuses what is neither a filter nor null', async () => {
    const client = await admin();
    const all = await search(client, { query: 'the' });
    expect((await search(client, { query: 'the', filter: null })).total_matches).toBe(
      all.total_matches,
    );
    await refused(client, 'search_documents', { query: 'the', filter: CANARY }, [
      '`/filter`',
      'an object or null',
    ]);
  });

  it('orders hits by relevance or by modification time, as `by` chooses', async () => {
    const client = await admin();
    const relevance = await search(client, { query: 'the', limit: 20 });
    const byRelevance = await search(client, {
      query: 'the',
      limit: 20,
      order: { by: 'relevance' },
    });
    expect(byRelevance.hits).toEqual(relevance.hits);
    const newest = await search(client, {
      query: 'the',
      limit: 20,
      order: { by: 'modified', direction: 'newest' },
    });
    const oldest = await search(client, {
      query: 'the',
      limit: 20,
      order: { by: 'modified', direction: 'oldest' },
    });
    const times = (hits: readonly Hit[]) => hits.map((hit) => Date.parse(hit.modified));
    expect(times(newest.hits)).toEqual(times(newest.hits).toSorted((a, b) => b - a));
    expect(times(oldest.hits)).toEqual(times(oldest.hits).toSorted((a, b) => a - b));
    expect(times(newest.hits)[0]).toBeGreaterThan(times(oldest.hits)[0] as number);
    expect(newest.hits.map((hit) => hit.id)).not.toEqual(relevance.hits.map((hit) => hit.id));
  });

  it.each([
    [{ by: CANARY }, ['`/order/by`', 'one of "relevance", "modified"']],
    [{ direction: 'newest' }, ['`/order/by`', 'one of "relevance", "modified"']],
    [{ by: 'modified' }, ['`/order/direction`', 'is missing; send one of "newest", "oldest"']],
    [{ by: 'modified', direction: CANARY }, ['`/order/direction`', 'one of "newest", "oldest"']],
    [{ by: 'relevance', direction: 'newest' }, ['`/order`', 'the accepted names are `by`']],
  ])('refuses the order %j, naming the discriminator or the member', async (order, words) => {
    await refused(await admin(), 'search_documents', { query: 'the', order }, words);
  });

  it('orders and refuses the same under openai_strict', async () => {
    const client = await admin('openai_strict');
    const newest = await search(client, {
      ...STRICT_SEARCH,
      query: 'the',
      order: { by: 'modified', direction: 'newest' },
    });
    expect(newest.hits.length).toBeGreaterThan(0);
    await refused(
      client,
      'search_documents',
      { ...STRICT_SEARCH, query: 'the', order: { by: CANARY } },
      ['one of "relevance", "modified"'],
    );
  });
});

describe('tag_documents', () => {
  it('tags distinct ids, and refuses none, too many, or one twice, writing nothing', async () => {
    const client = await admin();
    const [first, second] = await someIds(client);
    const tagged = await client.callTool({
      name: 'tag_documents',
      arguments: { ids: [first, second], tags: { contract: 'low' } },
    });
    expect(tagged.structuredContent).toEqual({ documents: 2, pairs: 2, changed: 2 });
    const many = Array.from({ length: TAG_MAX_DOCUMENTS + 1 }, (_, i) => 987_654_000 + i);
    for (const [ids, words] of [
      [[], [`1 to ${TAG_MAX_DOCUMENTS} items`]],
      [many, [`1 to ${TAG_MAX_DOCUMENTS} items`]],
      [[first, 987_654_321, first], ['distinct items; the items at indexes 0 and 2 are equal']],
    ] as const) {
      await refused(
        client,
        'tag_documents',
        { ids, tags: { [CANARY]: 'urgent' } },
        ['`/ids`', ...words],
        ['987654'],
      );
    }
    const stats = await client.callTool({
      name: 'corpus_stats',
      arguments: { group_by: 'priority', since: '1970-01-01' },
    });
    const groups = (stats.structuredContent as { groups: { key: string }[] }).groups;
    expect(groups.map((group) => group.key)).not.toContain('urgent');
  });

  it.each([
    ['openai_strict', '/inputSchema/properties/ids'],
    ['gemini', '/inputSchema/properties/ids'],
  ])(
    'refuses a repeated id under %s, which drops uniqueItems, in the canonical pass',
    async (dialect, place) => {
      const { schema, narrowed } = await listing(dialect, 'tag_documents');
      expect(narrowed).toContain(place);
      expect(schema.properties).not.toHaveProperty('ids.uniqueItems');
      const [first] = await someIds(await admin());
      const client = await admin(dialect);
      await refused(
        client,
        'tag_documents',
        // Both spell the map `tags` as a list of entries (openai_strict wants every property).
        dialect === 'openai_strict'
          ? { ids: [first, first], tags: [{ key: 'contract', value: 'urgent' }], note: null }
          : { ids: [first, first], tags: [{ key: 'contract', value: 'urgent' }] },
        ['`/ids`', 'distinct items'],
      );
    },
  );
});
