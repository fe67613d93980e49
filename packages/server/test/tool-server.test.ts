/*
 * createToolServer finds everything that can fail at start and names it: options, the exposure,
 * grants, documents that cannot be rendered in a dialect or compiled by the gate, vendor budgets
 * over a consumer's granted tools together. And what it publishes: `initialize` instructions that
 * name the keys, and per-consumer listings in catalog order, in the requested dialect.
 */
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { Int32 } from '@portcullis/schema';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ERROR_CODES, ServerError } from '../src/errors.ts';
import { createToolServer } from '../src/tool-server.ts';
import { catalog, exposed, grants } from './fixtures/catalog.ts';
import { captureLogger, closeAll, fixtureServer, sdkClient } from './support.ts';

afterEach(closeAll);

const BASE = {
  grants: {},
  callTimeoutMs: 1000,
  dispatcher: { maxRunning: 1, maxQueued: 0 },
  logger: captureLogger(),
};

function refusal(build: () => unknown): ServerError {
  try {
    build();
  } catch (error) {
    if (error instanceof ServerError) return error;
    throw error;
  }
  throw new Error('the server started');
}

function optionalTool(name: string, count: number) {
  const properties: Record<string, ReturnType<typeof Type.Optional<ReturnType<typeof Int32>>>> = {};
  for (let index = 0; index < count; index += 1) properties[`p${index}`] = Type.Optional(Int32());
  return defineTool({
    name,
    description: 'Has many optional properties.',
    input: Type.Object(properties),
    weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
    run: () => null,
  });
}

describe('createToolServer refuses to start', () => {
  it('without callTimeoutMs, naming the option', () => {
    const error = refusal(() =>
      createToolServer({ ...BASE, exposure: exposed, callTimeoutMs: undefined as never }),
    );
    expect(error.code).toBe(SERVER_ERROR_CODES.INVALID_OPTIONS);
    expect(error.details.option).toBe('callTimeoutMs');
  });

  it('with an empty exposure', () => {
    const error = refusal(() => createToolServer({ ...BASE, exposure: exposure(catalog, []) }));
    expect(error.code).toBe(SERVER_ERROR_CODES.EMPTY_EXPOSURE);
  });

  it('with a grant naming a tool not exposed, naming the consumer and the tool', () => {
    const error = refusal(() =>
      createToolServer({ ...BASE, exposure: exposed, grants: { dave: ['greet', 'leaf'] } }),
    );
    expect(error.code).toBe(SERVER_ERROR_CODES.UNKNOWN_GRANT);
    expect(error.details).toEqual({ consumer: 'dave', tool: 'leaf' });
  });

  it('with a tool that cannot be rendered in a dialect, naming the tool and the dialect', () => {
    const wide = createCatalog({ tools: [optionalTool('wide', 25)] });
    const error = refusal(() => createToolServer({ ...BASE, exposure: exposure(wide, ['wide']) }));
    expect(error.code).toBe(SERVER_ERROR_CODES.UNRENDERABLE_TOOL);
    expect(error.details).toMatchObject({
      tool: 'wide',
      dialect: 'anthropic_strict',
      side: 'input',
    });
  });

  it('with granted tools that together pass a per-request budget, but not when granted apart', () => {
    const two = createCatalog({ tools: [optionalTool('left', 13), optionalTool('right', 13)] });
    const served = exposure(two, ['left', 'right']);
    const error = refusal(() =>
      createToolServer({ ...BASE, exposure: served, grants: { both: ['left', 'right'] } }),
    );
    expect(error.code).toBe(SERVER_ERROR_CODES.BUDGET_EXCEEDED);
    expect(error.details).toEqual({
      consumer: 'both',
      dialect: 'anthropic_strict',
      limit: 'optionalProperties',
    });
    expect(() =>
      createToolServer({ ...BASE, exposure: served, grants: { one: ['left'], other: ['right'] } }),
    ).not.toThrow();
  });

  it('with a document the gate cannot compile, naming the tool and the dialect', () => {
    const entry = exposed.get('greet')!;
    const canonicalInput = {
      ...entry.canonicalInput,
      // `\-` compiles without the `u` flag, but not with it, which is how the gate runs patterns.
      properties: { name: { type: 'string', pattern: '^\\-' } },
    };
    const broken = { ...exposed, entries: [{ ...entry, canonicalInput }] };
    const error = refusal(() => createToolServer({ ...BASE, exposure: broken as never }));
    expect(error.code).toBe(SERVER_ERROR_CODES.UNCOMPILABLE_TOOL);
    expect(error.details.tool).toBe('greet');
    expect(error.details.dialect).toBeTypeOf('string');
  });
});

describe('what the server publishes', () => {
  it('names the dialect key, every dialect, the weight and correctable keys at initialize', async () => {
    const { server } = fixtureServer({ instructions: 'Fixture tools.' });
    const client = await sdkClient(server, 'alice');
    const instructions = client.getInstructions() ?? '';
    expect(instructions.startsWith('Fixture tools.\n\n')).toBe(true);
    for (const word of [
      '_meta["portcullis/dialect"]',
      'canonical, openai_strict, gemini, gemini_json, nova, anthropic_strict',
      '_meta["portcullis/weight"]',
      '_meta["portcullis/correctable"]',
      '_meta["portcullis/narrowed"]',
    ]) {
      expect(instructions).toContain(word);
    }
  });

  it('lists each consumer its granted tools in catalog order, and nothing to anyone else', async () => {
    const { server } = fixtureServer();
    const names = async (consumer: string | undefined) =>
      (await (await sdkClient(server, consumer)).listTools()).tools.map((tool) => tool.name);
    expect(await names('alice')).toEqual(grants.alice);
    expect(await names('bob')).toEqual(['add', 'double', 'greet']);
    expect(await names('carol')).toEqual(['echo']);
    expect(await names('mallory')).toEqual([]);
    expect(await names(undefined)).toEqual([]);
  });

  it('carries the weight, kind and annotations, and narrowed paths only under a narrowing dialect', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'carol');
    const [canonical] = (await client.listTools()).tools;
    expect(canonical?._meta).toEqual({
      'portcullis/weight': { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
      'portcullis/kind': 'tool',
    });
    expect(canonical?.annotations).toEqual({ readOnlyHint: true, idempotentHint: true });
    const [strict] = (await client.listTools({ _meta: { 'portcullis/dialect': 'openai_strict' } }))
      .tools;
    expect(strict?._meta?.['portcullis/narrowed']).toEqual(
      expect.arrayContaining(['/inputSchema/properties/extra']),
    );
    // A map is a list of entries there, stated whole: it is not listed.
    expect(strict?._meta?.['portcullis/narrowed']).not.toContain('/inputSchema/properties/labels');
    expect(strict?.inputSchema.properties?.['labels']).toHaveProperty('type', 'array');
    expect(strict?.inputSchema.required).toContain('maybe');
  });

  it('publishes each dialect from its cache, the connection dialect when the request names none', async () => {
    const { server } = fixtureServer();
    const byConnection = await sdkClient(server, 'bob', {}, 'gemini');
    const [add] = (await byConnection.listTools()).tools;
    expect(add?.inputSchema).not.toHaveProperty('additionalProperties');
    const [again] = (await byConnection.listTools({ _meta: { 'portcullis/dialect': 'canonical' } }))
      .tools;
    expect(again?.inputSchema).toHaveProperty('additionalProperties', false);
    expect(again?.inputSchema).toHaveProperty('$schema');
  });

  it('refuses a dialect it does not publish with the accepted names only', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'bob');
    const error = await client
      .listTools({ _meta: { 'portcullis/dialect': 'canary-7f3a' } })
      .catch((caught: unknown) => caught as Error);
    expect((error as Error).message).toContain(
      'Accepted dialects: canonical, openai_strict, gemini, gemini_json, nova, anthropic_strict.',
    );
    expect((error as Error).message).not.toContain('canary');
  });
});
