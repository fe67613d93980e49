/*
 * Maps sent as entry lists over real HTTP on 127.0.0.1: a tool with a bounded map, a key rule and
 * a map inside a union (beside a string, beside a list of strings), called in each entry dialect.
 * The entries are served as the map; a canary in a key or a value, a key given twice, a key
 * breaking the rule and a list past the bound are refused as correctable errors that repeat
 * nothing sent.
 */
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { Map as MapOf } from '@portcullis/schema';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { httpClient, httpHost } from './http-support.ts';
import { closeAll, textOf } from './support.ts';

const CANARY = 'CANARY91d4';

const tagged = defineTool({
  name: 'tagged',
  title: 'Tagged',
  description: 'Returns the tags it was given.',
  input: Type.Object({
    tags: MapOf(Type.Union([Type.Literal('low'), Type.Literal('high')]), {
      minProperties: 1,
      maxProperties: 3,
      keys: Type.String({ pattern: '^[a-z][a-z0-9]*$', maxLength: 6 }),
    }),
    either: Type.Union([MapOf(Type.String()), Type.String()]),
    listed: Type.Union([MapOf(Type.Boolean()), Type.Array(Type.String())]),
  }),
  output: Type.Object({ count: Type.Integer(), either: Type.String(), listed: Type.String() }),
  weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
  annotations: { readOnlyHint: true, idempotentHint: true },
  run: (input) => ({
    count: Object.keys(input.tags).length,
    either: typeof input.either === 'string' ? input.either : Object.keys(input.either).join(','),
    listed: Array.isArray(input.listed)
      ? `list ${input.listed.length}`
      : `map ${Object.keys(input.listed).length}`,
  }),
});

const exposed = exposure(createCatalog({ tools: [tagged] }), () => true);

afterEach(closeAll);

const entries = (pairs: [unknown, unknown][]) => pairs.map(([key, value]) => ({ key, value }));

describe.each(['openai_strict', 'anthropic_strict', 'gemini'] as const)('%s', (dialect) => {
  async function client() {
    const { host } = await httpHost({ exposure: exposed, grants: { alice: ['tagged'] } });
    const url = new URL(host.url);
    url.searchParams.set('dialect', dialect);
    return httpClient(url, 'alice');
  }

  it('serves a bounded map and a map in a union sent as entries', async () => {
    const alice = await client();
    const result = await alice.callTool({
      name: 'tagged',
      arguments: {
        tags: entries([
          ['a', 'low'],
          ['b2', 'high'],
        ]),
        either: entries([
          ['x', '1'],
          ['y', '2'],
        ]),
        listed: entries([['on', true]]),
      },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(result.structuredContent).toEqual({ count: 2, either: 'x,y', listed: 'map 1' });
    const list = await alice.callTool({
      name: 'tagged',
      arguments: { tags: entries([['a', 'low']]), either: 'plain', listed: [] },
    });
    expect(list.structuredContent).toEqual({ count: 1, either: 'plain', listed: 'list 0' });
  });

  it('refuses hostile entries without repeating anything sent', async () => {
    const alice = await client();
    for (const tags of [
      entries([[CANARY, 'low']]),
      entries([['a', CANARY]]),
      entries([
        ['a', 'low'],
        ['a', 'high'],
      ]),
      entries([
        [`x${CANARY.toLowerCase()}`, 'low'],
        [`x${CANARY.toLowerCase()}`, 'low'],
      ]),
      entries(['a', 'b', 'c', 'd'].map((key) => [key, 'low'])),
      [],
      [{ key: 'a', value: 'low', [CANARY]: 1 }],
    ]) {
      const result = await alice.callTool({
        name: 'tagged',
        arguments: { tags, either: entries([['x', CANARY]]), listed: [CANARY] },
      });
      expect(result.isError, JSON.stringify(tags)).toBe(true);
      expect(result._meta?.['portcullis/correctable']).toBe(true);
      expect(JSON.stringify(result)).not.toContain(CANARY);
      expect(JSON.stringify(result).toLowerCase()).not.toContain(CANARY.toLowerCase());
    }
  });
});
