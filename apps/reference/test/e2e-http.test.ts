/*
 * Guards the reference server end to end over real HTTP on 127.0.0.1 with the SDK Client: each
 * consumer sees and may call exactly its grants (no token: nothing), every tool answers a valid
 * call with structured content and refuses an invalid one as a correctable error in our words, and
 * read_document's artifact carries a minted ref and its text as an embedded resource.
 */
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
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

const ALL = [
  'search_documents',
  'read_document',
  'tag_documents',
  'corpus_stats',
  'survey_corpus',
  'explain_query',
];
const READ_ONLY = ['search_documents', 'read_document', 'corpus_stats', 'explain_query'];

describe('grants over HTTP', () => {
  it('lists each consumer its grants, and nothing without a valid token', async () => {
    const names = async (token?: string) =>
      (await (await httpClient(served.url, token)).listTools()).tools.map((tool) => tool.name);
    expect(await names(served.tokens.admin)).toEqual(ALL);
    expect(await names(served.tokens.reader)).toEqual(READ_ONLY);
    // A legacy session is opened only for a resolved consumer: without a valid token the client
    // cannot connect at all, and the refusal says so in our words, repeating nothing it sent.
    for (const token of [undefined, `${served.tokens.admin}x`]) {
      const refused = await httpClient(served.url, token).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(refused).toBeInstanceOf(Error);
      const message = (refused as Error).message;
      expect(message).toContain('Sessions are kept only for an authenticated consumer.');
      expect(message).not.toContain(served.tokens.admin);
    }
  });

  it('answers a call outside the grants with the one constant protocol error', async () => {
    const reader = await httpClient(served.url, served.tokens.reader);
    const errors: McpError[] = [];
    for (const [client, name] of [
      [reader, 'tag_documents'],
      [reader, 'survey_folder'],
      [reader, CANARY],
    ] as const) {
      const error = await client
        .callTool({ name, arguments: {} })
        .catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(McpError);
      errors.push(error as McpError);
    }
    expect(new Set(errors.map((error) => `${error.code} ${error.message}`)).size).toBe(1);
    expect(errors[0]?.code).toBe(-32602);
    expect(errors.some((error) => error.message.includes(CANARY))).toBe(false);
  });
});

describe('every tool over HTTP', () => {
  it('answers valid calls with structured content', async () => {
    const admin = await httpClient(served.url, served.tokens.admin);
    const found = await admin.callTool({
      name: 'search_documents',
      arguments: { query: 'keeper lantern', limit: 3 },
    });
    expect(found.isError).toBeFalsy();
    const hits = (found.structuredContent as { hits: { id: number; snippet: string }[] }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(JSON.parse(textOf(found))).toEqual(found.structuredContent);
    const id = hits[0]?.id as number;

    const read = await admin.callTool({ name: 'read_document', arguments: { id, max_lines: 3 } });
    const document = (
      read.structuredContent as { document: { ref: string; id: number; text: string } }
    ).document;
    expect(document.ref).toMatch(/^document:[0-9a-f-]{36}$/);
    expect(document.id).toBe(id);
    const resource = (
      read.content as { type: string; resource?: { uri: string; text: string } }[]
    ).find((block) => block.type === 'resource');
    expect(resource?.resource?.uri).toBe(`portcullis-reference://documents/${id}`);
    expect(resource?.resource?.text).toBe(document.text);

    const tagged = await admin.callTool({
      name: 'tag_documents',
      arguments: { ids: [id], tags: { 'e2e/review': 'high' }, note: { why: ['e2e', 1] } },
    });
    expect(tagged.structuredContent).toEqual({ documents: 1, pairs: 1, changed: 1 });
    const again = await admin.callTool({
      name: 'tag_documents',
      arguments: { ids: [id], tags: { 'e2e/review': 'high' } },
    });
    expect(again.structuredContent).toEqual({ documents: 1, pairs: 1, changed: 0 });

    const stats = await admin.callTool({
      name: 'corpus_stats',
      arguments: { group_by: 'priority', since: '1970-01-01' },
    });
    const groups = (stats.structuredContent as { groups: { key: string; documents: number }[] })
      .groups;
    expect(groups.find((group) => group.key === 'high')?.documents).toBe(1);

    const explained = await admin.callTool({
      name: 'explain_query',
      arguments: { query: 'keeper lantern', depth: 3 },
    });
    const explanation = explained.structuredContent as {
      steps: string[];
      preview: { id: number }[];
    };
    expect(explanation.steps.length).toBeGreaterThan(3);
    expect(explanation.preview.length).toBeGreaterThan(0);

    const survey = await admin.callTool({
      name: 'survey_corpus',
      arguments: { folders: ['rivers', 'mills'], max_files_per_folder: 3 },
    });
    expect((survey.structuredContent as { files: number }).files).toBe(6);
  });

  it.each([
    ['search_documents', { query: 'x', limit: 0 }],
    ['search_documents', { query: 'x', filter: { or: [{ tag: 7 }] } }],
    ['search_documents', { query: 'x', [CANARY]: true }],
    ['read_document', { id: '1' }],
    ['read_document', {}],
    ['tag_documents', { ids: [1], tags: { a: 'sometimes' } }],
    ['corpus_stats', { group_by: 'color', since: '2024-01-01' }],
    ['corpus_stats', { group_by: 'folder', since: 'yesterday' }],
    ['survey_corpus', { folders: 'rivers' }],
    ['explain_query', { query: 'x', depth: 9 }],
    ['explain_query', { query: 'x', artifact_refs: [] }],
  ])('refuses %s %j as a correctable error that repeats nothing sent', async (name, args) => {
    const admin = await httpClient(served.url, served.tokens.admin);
    const result = await admin.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(result._meta?.['portcullis/correctable']).toBe(true);
    expect(textOf(result)).not.toMatch(/canary|sometimes|color|yesterday/);
  });

  it.each([
    ['read_document', { id: 987654321 }, 'No document matches the request.'],
    ['tag_documents', { ids: [987654321], tags: { a: 'low' } }, 'No document matches the request.'],
    ['survey_corpus', { folders: [CANARY] }, 'No folder matches the request.'],
  ])("refuses %s %j in the tool's own words", async (name, args, text) => {
    const admin = await httpClient(served.url, served.tokens.admin);
    const result = await admin.callTool({ name, arguments: args });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(text);
    expect(textOf(result)).not.toContain('987654321');
    expect(textOf(result)).not.toContain(CANARY);
  });

  it('publishes and admits the dialect a client picks with ?dialect=', async () => {
    const searchOf = async (url: string) =>
      (await (await httpClient(url, served.tokens.admin)).listTools()).tools.find(
        (tool) => tool.name === 'search_documents',
      )?.inputSchema as Record<string, unknown>;
    const canonical = await searchOf(served.url);
    const strict = await searchOf(`${served.url}?dialect=openai_strict`);
    expect(canonical.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(strict).not.toEqual(canonical);
    expect(strict.required).toEqual([
      'query',
      'filter',
      'order',
      'limit',
      'snippet_words',
      'modified_after',
    ]);
    const client = await httpClient(`${served.url}?dialect=openai_strict`, served.tokens.admin);
    const result = await client.callTool({
      name: 'search_documents',
      arguments: {
        query: 'keeper',
        filter: null,
        order: null,
        limit: null,
        snippet_words: null,
        modified_after: null,
      },
    });
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { total_matches: number }).total_matches).toBeGreaterThan(
      0,
    );
  });
});
