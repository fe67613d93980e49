/**
 * Longer than 400 lines: one dialect's every rule, each pinned beside the others it interacts with
 * (closure, nullable splits, unrolling, budgets); split by rule it would scatter the shared fixtures.
 *
 * Pins the anthropic_strict spelling: closure everywhere, optional properties left optional
 * (identity inverse), bounds and lengths dropped, nullable spelled with anyOf, the formats Claude
 * supports (uri and email among them) kept, maps and open values narrowed and reported, and
 * Anthropic's per-tool budgets. Recursion: each recursive definition is unrolled
 * ANTHROPIC_STRICT_UNROLL_DEPTH levels deep and the next level closed, so a value that deep is
 * admitted by the rendering (judged with Ajv) and one level deeper is refused at a declared path,
 * every last level is listed in `narrowed`, and the budgets are counted on the unrolled rendering.
 */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SchemaObject } from '@portcullis/schema/document';
import { describe, expect, it } from 'vitest';
import {
  ANTHROPIC_STRICT_LIMITS,
  ANTHROPIC_STRICT_UNROLL_DEPTH,
  DIALECT_ERROR_CODES,
  DIALECTS,
  DialectError,
} from '../src/index.ts';
import { ENTRIES_SENTENCE } from '../src/internal/entries.ts';
import { measureSchema } from '../src/internal/measure.ts';
import {
  maps,
  noParams,
  open,
  recursionMap,
  recursionMutual,
  recursionSelf,
  SCHEMA_2020,
  scalars,
} from './fixtures/catalog.ts';
import { admits } from './fixtures/judge.ts';
import { optionalChain } from './fixtures/optional-chain.ts';

const anthropic = DIALECTS.anthropic_strict;

const tool = (properties: Record<string, unknown>, required: string[] = []) => ({
  $schema: SCHEMA_2020,
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});

describe('anthropic_strict input', () => {
  it('drops bounds, keeps optional properties optional and formats it supports', () => {
    const doc = anthropic.publish(scalars, 'input').schema;
    expect(doc.required).toEqual(scalars.required);
    const p = doc.properties as Record<string, unknown>;
    expect(p.int64).toEqual({
      type: 'integer',
      description: 'At least -9223372036854775808 and at most 9223372036854775807.',
    });
    expect(p.span).toEqual({ type: 'string', format: 'duration' });
    const formats = anthropic.publish(
      tool({ u: { type: 'string', format: 'uri' }, e: { type: 'string', format: 'email' } }),
      'input',
    ).schema;
    expect(formats.properties).toEqual({
      u: { type: 'string', format: 'uri' },
      e: { type: 'string', format: 'email' },
    });
  });

  it('spells every map as a list of entries, listing only an open value shape it narrowed', () => {
    expect(anthropic.publish(maps, 'input').narrowed).toEqual([
      '/properties/extras/items/properties/value',
    ]);
  });

  it('publishes an open value as a primitive union and no parameters as the closed object', () => {
    const p = anthropic.publish(maps, 'input').schema.properties as Record<string, unknown>;
    const entries = (value: unknown) => ({
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string', description: 'The key of this entry.' }, value },
        required: ['key', 'value'],
        additionalProperties: false,
      },
    });
    expect(p.scores).toEqual({
      ...entries({ type: 'integer' }),
      description: `Per name. ${ENTRIES_SENTENCE}`,
    });
    const { schema, narrowed } = anthropic.publish(open, 'input');
    const primitives = [
      { type: 'string' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
    ];
    expect(p.extras).toEqual({
      ...entries({ anyOf: primitives }),
      description: ENTRIES_SENTENCE,
    });
    expect(schema.properties).toEqual({
      payload: { description: 'Anything', anyOf: primitives },
      extra: { anyOf: primitives },
      bag: { type: 'array', items: { anyOf: primitives } },
    });
    expect(narrowed).toEqual(['/properties/payload', '/properties/extra', '/properties/bag/items']);
    expect(anthropic.publish(noParams, 'input').schema).toEqual({
      type: 'object',
      properties: {},
      additionalProperties: false,
    });
  });

  it('drops exclusive bounds and multipleOf, which strict mode lacks', () => {
    const doc = anthropic.publish(
      tool({ n: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 9, multipleOf: 3 } }),
      'input',
    ).schema;
    expect(doc.properties).toEqual({
      n: { type: 'number', description: 'Greater than 0 and less than 9. A multiple of 3.' },
    });
  });

  it('spells a nullable type array with anyOf, the object branch closed', () => {
    const doc = anthropic.publish(
      tool({ n: { type: ['string', 'null'], description: 'N' } }),
      'input',
    ).schema;
    expect(doc.properties).toEqual({
      n: { description: 'N', anyOf: [{ type: 'string' }, { type: 'null' }] },
    });
    const object = anthropic.publish(
      tool({ o: { type: ['object', 'null'], properties: { a: { type: 'string' } } } }),
      'input',
    ).schema;
    expect(object.properties).toEqual({
      o: {
        anyOf: [
          { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
          { type: 'null' },
        ],
      },
    });
  });

  it('refuses one tool over the optional-property budget, naming the limit', () => {
    const many = Object.fromEntries(
      Array.from({ length: ANTHROPIC_STRICT_LIMITS.optionalProperties + 1 }, (_, i) => [
        `p${i}`,
        { type: 'string' },
      ]),
    );
    expect(() => anthropic.publish(tool(many), 'input').schema).toThrow(
      expect.objectContaining({
        code: DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        details: {
          dialect: 'anthropic_strict',
          limit: 'optionalProperties',
          path: `/properties/p${ANTHROPIC_STRICT_LIMITS.optionalProperties}`,
        },
      }),
    );
    expect(() => anthropic.publish(tool(many, Object.keys(many)), 'input').schema).not.toThrow();
    expect(() => anthropic.publish(tool(many), 'output').schema).not.toThrow();
  });

  it('refuses one tool over the union budget', () => {
    const unions = Object.fromEntries(
      Array.from({ length: ANTHROPIC_STRICT_LIMITS.unionProperties + 1 }, (_, i) => [`p${i}`, {}]),
    );
    let caught: unknown;
    try {
      anthropic.publish(tool(unions, Object.keys(unions)), 'input').schema;
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(DialectError);
    expect((caught as DialectError).details.limit).toBe('unionProperties');
    expect((caught as DialectError).message).toBe(
      "The rendering states 17 properties whose schema is a union, over the vendor's documented limit of 16 (`unionProperties`). State fewer in the canonical document, or publish the tool in another dialect.",
    );
  });
});

it('output keeps maps and adds no closure to them', () => {
  const p = anthropic.publish(maps, 'output').schema.properties as Record<string, unknown>;
  expect(p.scores).toEqual({
    type: 'object',
    additionalProperties: { type: 'integer' },
    description: 'Per name',
  });
});

/** The closed last level of an unrolled `name`, as the rendering states it. */
const lastLevel = (name: string) => ({
  type: 'object',
  description: `Deeper than this schema states: ${name} is accepted to 3 levels of nesting, and level 4 accepts no names.`,
  properties: {},
  additionalProperties: false,
});

/** A `recursionSelf` tree `depth` levels of `Node` deep (one child per level). */
function tree(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { value: `v${depth}` };
  for (let level = depth - 1; level >= 1; level--) node = { value: `v${level}`, children: [node] };
  return { tree: node };
}

describe('anthropic_strict recursion', () => {
  it('unrolls a recursive definition 3 levels deep and closes the fourth', () => {
    expect(ANTHROPIC_STRICT_UNROLL_DEPTH).toBe(3);
    const level = (inner: object) => ({
      type: 'object',
      properties: { value: { type: 'string' }, children: { type: 'array', items: inner } },
      required: ['value'],
      additionalProperties: false,
    });
    const { schema, narrowed } = anthropic.publish(recursionSelf, 'input');
    expect(schema).toEqual({
      type: 'object',
      properties: { tree: level(level(level(lastLevel('Node')))) },
      required: ['tree'],
      additionalProperties: false,
    });
    expect(narrowed).toEqual([
      '/properties/tree/properties/children/items/properties/children/items/properties/children/items',
    ]);
  });

  it('admits a tree as deep as the unroll and refuses one level deeper', () => {
    const doc = anthropic.publish(recursionSelf, 'input').schema;
    for (const depth of [1, 2, 3]) {
      expect(admits(recursionSelf, tree(depth)), `canonical, depth ${depth}`).toBe(true);
      expect(admits(doc, tree(depth)), `anthropic_strict, depth ${depth}`).toBe(true);
    }
    const empty = tree(3) as { tree: { children: [{ children: [Record<string, unknown>] }] } };
    empty.tree.children[0].children[0].children = [];
    expect(admits(doc, empty)).toBe(true);
    expect(admits(recursionSelf, tree(4))).toBe(true);
    expect(admits(doc, tree(4))).toBe(false);
    expect(admits(doc, tree(5))).toBe(false);
  });

  it('counts the depth per definition on mutual recursion', () => {
    const { schema, narrowed } = anthropic.publish(recursionMutual, 'input');
    const ab = '/properties/b/properties/a';
    const last = `/properties/start${ab}${ab}${ab}`;
    // Each stated B's `size` drops its bounds (said in words); the fourth A is the last level.
    const sizes = [1, 2, 3].map(
      (level) => `/properties/start${ab.repeat(level - 1)}/properties/b/properties/size`,
    );
    expect(narrowed).toEqual([sizes[0], sizes[1], sizes[2], last]);
    let node: unknown = schema;
    for (const segment of last.slice(1).split('/'))
      node = (node as Record<string, unknown>)[segment];
    expect(node).toEqual(lastLevel('A'));
    const chain = (depth: number): Record<string, unknown> => {
      let a: Record<string, unknown> = { name: `a${depth}` };
      for (let level = depth - 1; level >= 1; level--) {
        a = { name: `a${level}`, b: { size: level, a } };
      }
      return { start: a };
    };
    expect(admits(recursionMutual, chain(4))).toBe(true);
    expect(admits(schema, chain(3))).toBe(true);
    expect(admits(schema, chain(4))).toBe(false);
  });

  it('joins a use-site description in front of the last level, and lists every last level', () => {
    const doc: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { head: { $ref: '#/$defs/Item' } },
      required: ['head'],
      additionalProperties: false,
      $defs: {
        Item: {
          type: 'object',
          properties: {
            left: { $ref: '#/$defs/Item', description: 'The left branch' },
            right: { $ref: '#/$defs/Item' },
          },
          additionalProperties: false,
        },
      },
    };
    const { schema, narrowed } = anthropic.publish(doc, 'input');
    expect(narrowed).toHaveLength(2 ** ANTHROPIC_STRICT_UNROLL_DEPTH);
    expect(narrowed[0]).toBe('/properties/head/properties/left/properties/left/properties/left');
    const text = lastLevel('Item').description;
    expect(JSON.stringify(schema)).toContain(`"The left branch. ${text}"`);
  });

  it('lists a last level inside a nullable definition where the split puts it', () => {
    const doc: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { n: { $ref: '#/$defs/Link' } },
      required: ['n'],
      additionalProperties: false,
      $defs: {
        Link: {
          type: ['object', 'null'],
          properties: { next: { $ref: '#/$defs/Link' } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    };
    const { schema, narrowed } = anthropic.publish(doc, 'input');
    const step = '/anyOf/0/properties/next';
    expect(narrowed).toEqual([`/properties/n${step}${step}${step}`]);
    // Null is a Link with no nesting, admitted at the last level; an object there is refused.
    expect(admits(schema, { n: { next: { next: { next: null } } } })).toBe(true);
    expect(admits(schema, { n: { next: { next: { next: { next: null } } } } })).toBe(false);
    expect(admits(doc, { n: { next: { next: { next: { next: null } } } } })).toBe(true);
  });

  it('keeps null at the last level of a nullable definition named through a $defs chain', () => {
    const doc: SchemaObject = {
      $schema: SCHEMA_2020,
      type: 'object',
      properties: { n: { $ref: '#/$defs/Alias' } },
      required: ['n'],
      additionalProperties: false,
      $defs: {
        Alias: { $ref: '#/$defs/Link' },
        Link: {
          type: ['object', 'null'],
          properties: { next: { $ref: '#/$defs/Alias' } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    };
    const { schema } = anthropic.publish(doc, 'input');
    expect(admits(schema, { n: { next: { next: { next: null } } } })).toBe(true);
    expect(admits(schema, { n: { next: { next: { next: { next: null } } } } })).toBe(false);
  });

  it('keeps null on a nullable map, spelled with anyOf beside its entry list, listing nothing', () => {
    const { schema, narrowed } = anthropic.publish(
      tool({ tags: { type: ['object', 'null'], additionalProperties: { type: 'string' } } }, [
        'tags',
      ]),
      'input',
    );
    expect(schema.properties).toEqual({
      tags: {
        description: ENTRIES_SENTENCE,
        anyOf: [
          {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                key: { type: 'string', description: 'The key of this entry.' },
                value: { type: 'string' },
              },
              required: ['key', 'value'],
              additionalProperties: false,
            },
          },
          { type: 'null' },
        ],
      },
    });
    expect(narrowed).toEqual([]);
    expect(admits(schema, { tags: null })).toBe(true);
    expect(admits(schema, { tags: [{ key: 'a', value: 'b' }] })).toBe(true);
  });

  it('unrolls a recursion through a map spelled as entries, and reports each last level in order', () => {
    const { schema, narrowed } = anthropic.publish(recursionMap, 'input');
    const kids = '/properties/kids/items/properties/value';
    const next = '/properties/next';
    const steps = [kids, next];
    const paths = steps.flatMap((a) =>
      steps.flatMap((b) => steps.map((c) => `/properties/t${a}${b}${c}`)),
    );
    expect(narrowed).toEqual(paths);
    expect(JSON.stringify(schema)).not.toContain('$ref');
  });

  it('counts the budgets on the unrolled rendering', () => {
    const node = optionalChain;
    // 9 optional properties as declared (the cycle counted once), 27 once unrolled 3 levels: past
    // the budget of 24, so the recursion is unrolled 2 levels (18) and the description says so.
    expect(measureSchema(node(9)).optionalProperties).toBe(9);
    const depthOf = (schema: SchemaObject) =>
      /accepted to (\d) level/.exec(JSON.stringify(schema))?.[1];
    const nine = anthropic.publish(node(9), 'input');
    expect(depthOf(nine.schema)).toBe('2');
    expect(measureSchema(nine.schema).optionalProperties).toBe(18);
    expect(nine.narrowed).toHaveLength(1);
    const chain = (levels: number): unknown =>
      levels === 1 ? { o0: 'x' } : { o0: 'x', next: chain(levels - 1) };
    expect(admits(nine.schema, { root: chain(2) })).toBe(true);
    expect(admits(nine.schema, { root: chain(3) })).toBe(false);
    // 8 fit 3 levels (24); 13 fit only 1 level (13, as 26 at 2 levels would not); 25 fit none.
    expect(depthOf(anthropic.publish(node(8), 'input').schema)).toBe('3');
    expect(depthOf(anthropic.publish(node(13), 'input').schema)).toBe('1');
    expect(() => anthropic.publish(node(25), 'input')).toThrow(
      expect.objectContaining({
        code: DIALECT_ERROR_CODES.LIMIT_EXCEEDED,
        details: expect.objectContaining({ limit: 'optionalProperties' }),
      }),
    );
    expect(() => anthropic.publish(node(9), 'output')).not.toThrow();
  });

  it('breaks recursion in an output to a described object, never closed', () => {
    const { schema, narrowed } = anthropic.publish(recursionSelf, 'output');
    const items = (schema.properties as Record<string, Record<string, Record<string, unknown>>>)
      .tree!.properties!.children as Record<string, unknown>;
    expect(items.items).toEqual({
      type: 'object',
      description: 'A recursive reference to Node, whose shape is not restated here.',
    });
    expect(narrowed).toEqual([]);
  });
});

describe('the unroll depth the README states', () => {
  it('is the constant, and the last level of a small recursion says that same depth', () => {
    const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
    const depth = ANTHROPIC_STRICT_UNROLL_DEPTH;
    expect(readme).toContain(`unrolled \`ANTHROPIC_STRICT_UNROLL_DEPTH\` (${depth}) levels`);
    const published = JSON.stringify(anthropic.publish(recursionSelf, 'input').schema);
    const stated =
      /Node is accepted to (\d+) levels? of nesting, and level (\d+) accepts no names\./.exec(
        published,
      );
    expect(stated?.slice(1).map(Number)).toEqual([depth, depth + 1]);
    expect(readme).toContain(stated?.[0]);
  });
});
