/**
 * What the benchmark calls, declared for each contender: a trivial tool, and one whose arguments
 * are about 1.2 KB of JSON. Every contender answers the same text for the same call.
 */
import { defineTool } from '@portcullis/catalog';
import { DateTime, Int32 } from '@portcullis/schema';
import { Type } from 'typebox';
import * as z from 'zod';

const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;

export const ping = defineTool({
  name: 'ping_tool',
  description: 'Answers at once.',
  input: Type.Object({}),
  weight: WEIGHT,
  run: () => ({ ok: true }),
});

const Item = Type.Object({
  id: Int32({ minimum: 0 }),
  name: Type.String(),
  score: Type.Number(),
  tags: Type.Array(Type.String()),
});

export const search = defineTool({
  name: 'search_tool',
  description: 'Counts what it is given.',
  input: Type.Object({
    query: Type.String(),
    filters: Type.Object({
      region: Type.Union([Type.Literal('eu'), Type.Literal('us'), Type.Literal('apac')]),
      since: DateTime(),
      limit: Int32({ minimum: 1, maximum: 100 }),
    }),
    items: Type.Array(Item),
  }),
  weight: WEIGHT,
  run: (input) => ({ count: input.items.length }),
});

/** The same two tools as zod shapes, for the SDK's `McpServer`. */
export const zodSearch = {
  query: z.string(),
  filters: z.object({
    region: z.enum(['eu', 'us', 'apac']),
    since: z.iso.datetime(),
    limit: z.number().int().min(1).max(100),
  }),
  items: z.array(
    z.object({
      id: z.number().int().min(0),
      name: z.string(),
      score: z.number(),
      tags: z.array(z.string()),
    }),
  ),
};

/** The arguments of a search call: about 1.2 KB as JSON. */
export const SEARCH_ARGUMENTS = {
  query: 'quarterly revenue by region with the largest accounts first',
  filters: { region: 'eu', since: '2024-01-01T00:00:00Z', limit: 50 },
  items: Array.from({ length: 12 }, (_, index) => ({
    id: index,
    name: `account number ${index} of the sample set`,
    score: index * 1.5,
    tags: ['priority', 'renewal', `segment-${index % 3}`],
  })),
};

/** The text every contender answers a call with. */
export function answerOf(name: string, args: { items?: unknown[] }): string {
  return name === 'ping_tool' ? '{"ok":true}' : JSON.stringify({ count: args.items?.length ?? 0 });
}
