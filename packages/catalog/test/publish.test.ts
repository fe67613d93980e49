/*
 * Guards what a built catalog publishes: every entry holds its canonical input and output
 * documents, published once at build (never on reading) and deep-frozen, and the published
 * `tools/list` entry built from them; the good fixtures' documents are pinned as the design's
 * contract states them; a schema the publisher cannot render is an UNRENDERABLE_SCHEMA whose path
 * is a field (never glued onto the message) and whose cause is the publisher's defect.
 */
import {
  INT64_MAX,
  INT64_MIN,
  publishCanonical,
  publishCanonicalOutput,
  type SchemaDefectError,
} from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import {
  CATALOG_ERROR_CODES,
  createCatalog,
  exposure,
  KIND_META_KEY,
  scanCatalog,
  WEIGHT_META_KEY,
} from '../src/index.ts';
import { caught, GOOD, tool } from './helpers.ts';

// The publisher, observed: every call still reaches the real one.
vi.mock('@portcullis/schema', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portcullis/schema')>();
  return {
    ...actual,
    publishCanonical: vi.fn(actual.publishCanonical),
    publishCanonicalOutput: vi.fn(actual.publishCanonicalOutput),
  };
});

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

describe('the documents of the good fixtures', () => {
  it('pins the canonical input documents', async () => {
    const catalog = await scanCatalog(GOOD);
    const inputs = Object.fromEntries(catalog.entries.map((e) => [e.name, e.canonicalInput]));
    expect(inputs).toStrictEqual({
      lookup_forecast: {
        $schema: SCHEMA,
        type: 'object',
        properties: {
          station: {
            type: 'integer',
            minimum: INT64_MIN,
            maximum: INT64_MAX,
            description: 'Station identifier',
          },
          from: { type: 'string', format: 'date-time' },
          days: { type: 'integer', minimum: 1, maximum: 14 },
          units: {
            type: 'object',
            additionalProperties: { type: 'string', enum: ['metric', 'imperial'] },
          },
        },
        required: ['station', 'from'],
        additionalProperties: false,
      },
      'current-time': {
        $schema: SCHEMA,
        type: 'object',
        properties: {},
        required: [],
        additionalProperties: false,
      },
      'research.plan': {
        $schema: SCHEMA,
        type: 'object',
        properties: { topic: { type: 'string' }, outline: { $ref: '#/$defs/Outline' } },
        required: ['topic'],
        additionalProperties: false,
        $defs: {
          Outline: {
            type: 'object',
            properties: {
              heading: { type: 'string' },
              children: { type: 'array', items: { $ref: '#/$defs/Outline' } },
            },
            required: ['heading', 'children'],
            additionalProperties: false,
          },
        },
      },
      summarize: {
        $schema: SCHEMA,
        type: 'object',
        properties: {
          query: { type: 'string', description: 'What the thinker is asked.' },
          depth: { type: 'integer', minimum: 0, maximum: 3, description: 'Passes over the text.' },
          maxWords: { type: 'integer', minimum: 0, maximum: 65535 },
        },
        required: ['query'],
        additionalProperties: false,
      },
    });
  });

  it('pins the canonical output documents, absent where no output is declared', async () => {
    const catalog = await scanCatalog(GOOD);
    const outputs = Object.fromEntries(catalog.entries.map((e) => [e.name, e.canonicalOutput]));
    expect(outputs).toStrictEqual({
      lookup_forecast: {
        $schema: SCHEMA,
        type: 'object',
        properties: {
          station: { type: 'string' },
          summary: { type: 'string' },
          readings: { type: 'array', items: { type: 'number' } },
        },
        additionalProperties: false,
      },
      'current-time': undefined,
      'research.plan': undefined,
      summarize: {
        $schema: SCHEMA,
        type: 'object',
        properties: { summary: { type: 'string' }, reasoning: { type: 'string' } },
        additionalProperties: false,
      },
    });
  });

  it('pins the published tool entry with its weight and kind under _meta', async () => {
    const catalog = await scanCatalog(GOOD);
    const entry = catalog.get('lookup_forecast');
    expect(entry?.published).toStrictEqual({
      name: 'lookup_forecast',
      title: 'Forecast lookup',
      description: 'Returns the forecast for a weather station from a moment on.',
      inputSchema: entry?.canonicalInput,
      outputSchema: entry?.canonicalOutput,
      annotations: { readOnlyHint: true, openWorldHint: true },
      _meta: {
        'portcullis/weight': { kind: 'lookup', level: 1, minSeconds: 0.2, maxSeconds: 3 },
        'portcullis/kind': 'tool',
      },
    });
    expect(entry?.published.inputSchema).toBe(entry?.canonicalInput);
    const plan = catalog.get('research.plan');
    expect(plan?.published._meta[WEIGHT_META_KEY]).toEqual({
      kind: 'agent',
      level: 5,
      minSeconds: 30,
      maxSeconds: 900,
    });
    expect(plan?.published._meta[KIND_META_KEY]).toBe('orchestrator');
    expect(plan?.published).not.toHaveProperty('outputSchema');
    expect(plan?.published).not.toHaveProperty('title');
  });

  it('publishes once and freezes what it published', async () => {
    const catalog = await scanCatalog(GOOD);
    for (const entry of catalog.entries) {
      expect(entry.published.inputSchema).toBe(entry.canonicalInput);
      expect(deeplyFrozen(entry.published)).toBe(true);
      expect(Object.isFrozen(entry)).toBe(true);
    }
    expect(Object.isFrozen(catalog.entries)).toBe(true);
    const first = catalog.get('summarize')?.canonicalInput as Record<string, unknown>;
    expect(() => {
      first.required = [];
    }).toThrow(TypeError);
  });
});

describe('publishing', () => {
  it('renders each definition once at build, however often it arrives, and never on reading', () => {
    const echo = tool({ output: Type.Object({ text: Type.String() }) });
    const other = tool({ name: 'other', input: Type.Object({ count: Type.Number() }) });
    vi.mocked(publishCanonical).mockClear();
    vi.mocked(publishCanonicalOutput).mockClear();
    const catalog = createCatalog({ tools: [echo, other, echo] });
    expect(vi.mocked(publishCanonical).mock.calls).toEqual([[echo.input], [other.input]]);
    expect(vi.mocked(publishCanonicalOutput).mock.calls).toEqual([[echo.output]]);
    const served = exposure(catalog, ['echo', 'other']);
    expect(served.get('echo')?.published.outputSchema).toBe(catalog.get('echo')?.canonicalOutput);
    expect(publishCanonical).toHaveBeenCalledTimes(2);
    expect(publishCanonicalOutput).toHaveBeenCalledTimes(1);
  });

  it('leaves the declared schemas as they were', () => {
    const example = { city: 'Oslo' };
    const input = Type.Object({ city: Type.String({ examples: [example] }) });
    const before = structuredClone(input);
    createCatalog({ tools: [tool({ input })] });
    expect(input).toStrictEqual(before);
    expect(Object.isFrozen(input)).toBe(false);
    expect(Object.isFrozen(example)).toBe(false);
  });
});

describe('documents of explicit tools', () => {
  it('publishes no output document for a non-object or indescribable output', () => {
    const catalog = createCatalog({
      tools: [
        tool({ name: 'text', output: Type.String() }),
        tool({
          name: 'union',
          output: Type.Object({
            id: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
          }),
        }),
      ],
    });
    expect(catalog.get('text')?.canonicalOutput).toBeUndefined();
    expect(catalog.get('union')?.canonicalOutput).toBeUndefined();
    expect(catalog.get('union')?.published).not.toHaveProperty('outputSchema');
  });
});

describe('unrenderable schemas declared explicitly', () => {
  it('refuses a malformed output, naming it as the output', () => {
    const output = Type.Object({ count: Type.Integer({ minimum: 5, maximum: 1 }) });
    const error = caught(() => createCatalog({ tools: [tool({ output })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.message).toBe(
      'Tool `echo` (tools[0]) has an output schema the publisher cannot render (`MALFORMED_SCHEMA`): The lower bound exceeds the upper bound (`minimum` or `exclusiveMinimum` against `maximum` or `exclusiveMaximum`), so nothing is admitted; give bounds that admit a value. Change the declaration where `details.path` points.',
    );
    expect((error.cause as SchemaDefectError).code).toBe('MALFORMED_SCHEMA');
    expect(error.details.path).toBe('/properties/count');
  });

  it('refuses an unresolvable reference', () => {
    const input = Type.Object({ node: Type.Ref('Missing') });
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect((error.cause as SchemaDefectError).code).toBe('UNRESOLVABLE_REF');
    expect(error.message).toContain('(`UNRESOLVABLE_REF`)');
    expect(error.message).not.toContain('/properties/node');
    expect(error.details.path).toBe('/properties/node');
  });
});
