/*
 * Guards "a dialect never makes a tool uncallable", end to end over real HTTP with the SDK Client:
 * for every dialect, a call to every exposed tool built from the input document that dialect
 * publishes (every property it declares given, maps as the dialect spells them, recursion as deep
 * as it states; under openai_strict also every optional as null) is served; and calls just past a
 * bound the document states (one tag too many, one folder too many, a key given twice in an entry
 * list) are refused as correctable, in words that say the bound and repeat nothing sent. Under
 * anthropic_strict, a filter as deep as the document states is served and one level deeper is
 * refused in words that say the depth, the same depth the README states.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXPOSED_TOOLS } from '../src/tools/index.ts';
import { SURVEY_MAX_FOLDERS } from '../src/tools/survey-corpus.ts';
import { TAG_MAX_TAGS } from '../src/tools/tag-documents.ts';
import { buildCall, type Hints } from './support/calls.ts';
import { type ServedApp, serveInProcess } from './support/in-process.ts';
import { closeClients, httpClient, textOf } from './support/mcp-client.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';

const DIALECTS = [
  'canonical',
  'openai_strict',
  'gemini',
  'gemini_json',
  'nova',
  'anthropic_strict',
] as const;

/** The dialects that spell a map as a list of `{ key, value }` entries. */
const ENTRY_DIALECTS: ReadonlySet<string> = new Set([
  'openai_strict',
  'anthropic_strict',
  'gemini',
]);

let served: ServedApp;
let hints: Hints;

beforeAll(async () => {
  served = await serveInProcess(generatedCorpus(), { surveyPaceMs: 0 });
  const client = await httpClient(served.url, served.tokens.admin);
  const found = await client.callTool({
    name: 'search_documents',
    arguments: { query: 'the', limit: 1 },
  });
  const hit = (found.structuredContent as { hits: { id: number; path: string }[] }).hits[0];
  if (hit === undefined) throw new Error('The corpus holds no document with "the".');
  hints = {
    id: hit.id,
    ids: [hit.id],
    folders: [hit.path.slice(0, hit.path.indexOf('/'))],
    query: 'the',
    tag: 'contract',
    key: 'contract',
  };
  await client.close();
});
afterEach(closeClients);
afterAll(async () => {
  await served.close();
  removeTempDirs();
});

async function listed(client: Client) {
  const { tools } = await client.listTools();
  return tools;
}

/** Nulls every property the strict spelling lets be null (an optional), at the top level. */
function nullOptionals(schema: Record<string, unknown>, args: Record<string, unknown>) {
  const properties = schema['properties'] as Record<string, { type?: unknown; anyOf?: unknown }>;
  const out: Record<string, unknown> = { ...args };
  for (const [name, property] of Object.entries(properties)) {
    const types = Array.isArray(property.type) ? property.type : [];
    const branches = Array.isArray(property.anyOf) ? (property.anyOf as { type?: unknown }[]) : [];
    if (types.includes('null') || branches.some((branch) => branch.type === 'null'))
      out[name] = null;
  }
  return out;
}

async function refusedWith(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  words: string,
): Promise<void> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} was served`).toBe(true);
  expect(result._meta?.['portcullis/correctable']).toBe(true);
  expect(textOf(result)).toContain(words);
  expect(textOf(result)).not.toContain('canary');
}

describe.each(DIALECTS)('under %s', (dialect) => {
  const connect = () => httpClient(`${served.url}?dialect=${dialect}`, served.tokens.admin);

  it('serves a call to every tool that uses every property its document declares', async () => {
    const client = await connect();
    const tools = await listed(client);
    expect(tools.map((tool) => tool.name)).toEqual([...EXPOSED_TOOLS]);
    for (const tool of tools) {
      const args = buildCall(tool.inputSchema as Record<string, unknown>, hints);
      const result = await client.callTool({ name: tool.name, arguments: args });
      expect(result.isError, `${tool.name} ${JSON.stringify(args)}: ${textOf(result)}`).toBeFalsy();
    }
  });

  it.runIf(dialect === 'openai_strict')(
    'serves every tool with every optional property null, as strict mode spells absence',
    async () => {
      const client = await connect();
      for (const tool of await listed(client)) {
        const schema = tool.inputSchema as Record<string, unknown>;
        const args = nullOptionals(schema, buildCall(schema, hints));
        const result = await client.callTool({ name: tool.name, arguments: args });
        expect(result.isError, `${tool.name}: ${textOf(result)}`).toBeFalsy();
      }
    },
  );

  it('refuses one tag past the bound and one folder past the bound, saying the bound', async () => {
    const client = await connect();
    const tools = await listed(client);
    const tag = tools.find((tool) => tool.name === 'tag_documents');
    const args = buildCall(tag?.inputSchema as Record<string, unknown>, hints);
    const names = Array.from({ length: TAG_MAX_TAGS + 1 }, (_, i) => `canary${i}`);
    const tags = ENTRY_DIALECTS.has(dialect)
      ? names.map((key) => ({ key, value: 'low' }))
      : Object.fromEntries(names.map((key) => [key, 'low']));
    await refusedWith(client, 'tag_documents', { ...args, tags }, `${TAG_MAX_TAGS}`);
    const survey = tools.find((tool) => tool.name === 'survey_corpus');
    const surveyArgs = buildCall(survey?.inputSchema as Record<string, unknown>, hints);
    const folders = Array.from({ length: SURVEY_MAX_FOLDERS + 1 }, (_, i) => `canary${i}`);
    await refusedWith(client, 'survey_corpus', { ...surveyArgs, folders }, `${SURVEY_MAX_FOLDERS}`);
  });

  it.runIf(ENTRY_DIALECTS.has(dialect))(
    'refuses a key given twice in the entry list at the declared path, never naming the key',
    async () => {
      const client = await connect();
      const tag = (await listed(client)).find((tool) => tool.name === 'tag_documents');
      const args = buildCall(tag?.inputSchema as Record<string, unknown>, hints);
      const tags = [
        { key: 'canary', value: 'low' },
        { key: 'canary', value: 'high' },
      ];
      await refusedWith(
        client,
        'tag_documents',
        { ...args, tags },
        'The value at `/tags` must give each key once',
      );
    },
  );
});

describe('the recursive filter under anthropic_strict', () => {
  /** A filter `levels` deep: a tag at the bottom, each level above it a `not`. */
  const nested = (levels: number): Record<string, unknown> =>
    levels === 1 ? { tag: 'contract' } : { not: nested(levels - 1) };

  it('is served as deep as the document states, refused one level deeper saying the limit, as the README says', async () => {
    const client = await httpClient(`${served.url}?dialect=anthropic_strict`, served.tokens.admin);
    const search = (await listed(client)).find((tool) => tool.name === 'search_documents');
    const stated = /Filter is accepted to (\d+) levels? of nesting/.exec(
      JSON.stringify(search?.inputSchema),
    );
    expect(stated).not.toBeNull();
    const depth = Number(stated?.[1]);
    const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
    expect(readme).toContain(
      `the filter is stated **${depth}** ${depth === 1 ? 'level' : 'levels'} deep`,
    );
    const answer = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'the', filter: nested(depth) },
    });
    expect(answer.isError, textOf(answer)).toBeFalsy();
    await refusedWith(
      client,
      'search_documents',
      { query: 'the', filter: nested(depth + 1) },
      `accepted to ${depth} ${depth === 1 ? 'level' : 'levels'} of nesting, and level ${depth + 1} accepts no names`,
    );
  });
});
