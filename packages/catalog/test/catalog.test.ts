/*
 * Guards the fail-fast build: every fault a definition can carry is a CatalogError with a pinned
 * code and message naming the tool (or the module file / list position of a nameless one); the
 * same definition object arriving more than once is one entry; every entry holds its canonical
 * input and output documents, published once and frozen, and the good fixtures' documents are
 * pinned as the design's contract states them.
 */
import { fileURLToPath } from 'node:url';
import {
  INT64_MAX,
  INT64_MIN,
  publishCanonical,
  publishCanonicalOutput,
  SchemaDefectError,
} from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it, vi } from 'vitest';
import {
  type AnyToolDefinition,
  CATALOG_ERROR_CODES,
  type Catalog,
  CatalogError,
  createCatalog,
  defineTool,
  exposure,
  KIND_META_KEY,
  WEIGHT_META_KEY,
} from '../src/index.ts';

// The publisher, observed: every call still reaches the real one.
vi.mock('@portcullis/schema', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@portcullis/schema')>();
  return {
    ...actual,
    publishCanonical: vi.fn(actual.publishCanonical),
    publishCanonicalOutput: vi.fn(actual.publishCanonicalOutput),
  };
});

const FIXTURES = new URL('./fixtures/', import.meta.url);
const GOOD = new URL('good/', FIXTURES);
const BROKEN = new URL('broken/', FIXTURES);
const COLLISION = new URL('collision/', FIXTURES);

const WEIGHT = { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 } as const;
const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

function tool(overrides: Record<string, unknown> = {}): AnyToolDefinition {
  return defineTool({
    name: 'echo',
    description: 'Echoes its text.',
    input: Type.Object({ text: Type.String() }),
    weight: WEIGHT,
    run: (input: { text: string }) => input.text,
    ...overrides,
  } as never) as AnyToolDefinition;
}

function caught(build: () => unknown): CatalogError {
  try {
    build();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error('expected a CatalogError');
}

async function rejected(build: () => Promise<unknown>): Promise<CatalogError> {
  const error = await build().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(CatalogError);
  return error as CatalogError;
}

function deeplyFrozen(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true;
  return Object.isFrozen(value) && Object.values(value).every(deeplyFrozen);
}

async function goodDefaultExport(file: string): Promise<AnyToolDefinition> {
  const module = (await import(new URL(file, GOOD).href)) as { default: AnyToolDefinition };
  return module.default;
}

describe('createCatalog over the good fixtures', () => {
  it('holds one entry of each kind, scanned recursively in path order', async () => {
    const catalog = await createCatalog({ scan: GOOD });
    expect(catalog.entries.map((entry) => [entry.name, entry.kind])).toEqual([
      ['lookup_forecast', 'tool'],
      ['current-time', 'tool'],
      ['research.plan', 'orchestrator'],
      ['summarize', 'thinker'],
    ]);
    expect(catalog.size).toBe(4);
    expect(catalog.has('summarize')).toBe(true);
    expect(catalog.has('Summarize')).toBe(false);
    expect(catalog.get('summarize')?.origin).toEqual({
      source: 'scan',
      module: fileURLToPath(new URL('summarize-thinker.js', GOOD)),
      relativeModule: 'summarize-thinker.js',
      exportName: 'summarize',
    });
  });

  it('keeps one entry for the definition that arrives explicitly, by re-export and by scan', async () => {
    const clock = await goodDefaultExport('shared-clock.js');
    const again = (await import(new URL('nested/clock-again.js', GOOD).href)) as {
      clock: AnyToolDefinition;
    };
    expect(again.clock).toBe(clock);
    const catalog = await createCatalog({ tools: [clock, clock], scan: GOOD });
    expect(catalog.size).toBe(4);
    expect(catalog.entries.filter((entry) => entry.name === 'current-time')).toHaveLength(1);
    const entry = catalog.get('current-time');
    expect(entry?.definition).toBe(clock);
    expect(entry?.origin).toEqual({ source: 'explicit', index: 0 });
    expect(catalog.entries[0]?.name).toBe('current-time');
  });

  it('refuses a different definition that claims a scanned name', async () => {
    const impostor = tool({ name: 'current-time' });
    const error = await rejected(() => createCatalog({ tools: [impostor], scan: GOOD }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe(
      'Tool "current-time" is claimed by two definitions: tools[0] and module "nested/clock-again.js"',
    );
    expect(error.tool).toBe('current-time');
  });

  it('pins the canonical input documents', async () => {
    const catalog = await createCatalog({ scan: GOOD });
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
          query: { type: 'string' },
          depth: { type: 'integer', minimum: 0, maximum: 3 },
        },
        required: ['query'],
        additionalProperties: false,
      },
    });
  });

  it('pins the canonical output documents, absent where no output is declared', async () => {
    const catalog = await createCatalog({ scan: GOOD });
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
    const catalog = await createCatalog({ scan: GOOD });
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
    const catalog = await createCatalog({ scan: GOOD });
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

describe('createCatalog with explicit tools only', () => {
  it('builds synchronously, in the given order', () => {
    const a = tool({ name: 'a' });
    const b = tool({ name: 'b', kind: 'thinker' });
    const catalog: Catalog = createCatalog({ tools: [b, a] });
    expect(catalog).not.toBeInstanceOf(Promise);
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['b', 'a']);
    expect(catalog.get('b')?.kind).toBe('thinker');
  });

  it('builds an empty catalog from nothing (emptiness is refused by the exposure)', () => {
    expect(createCatalog({ tools: [] }).size).toBe(0);
    expect(createCatalog({}).size).toBe(0);
  });

  it('publishes no output document for a non-object or indescribable output', () => {
    const catalog = createCatalog({
      tools: [
        tool({ name: 'text', output: Type.String() }),
        tool({
          name: 'union',
          output: Type.Object({ id: Type.Union([Type.String(), Type.Number()]) }),
        }),
      ],
    });
    expect(catalog.get('text')?.canonicalOutput).toBeUndefined();
    expect(catalog.get('union')?.canonicalOutput).toBeUndefined();
    expect(catalog.get('union')?.published).not.toHaveProperty('outputSchema');
  });

  it('refuses two definitions claiming one name, naming both positions', () => {
    const error = caught(() => createCatalog({ tools: [tool(), tool({ name: 'x' }), tool()] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe('Tool "echo" is claimed by two definitions: tools[0] and tools[2]');
  });

  it('treats names case-sensitively, as MCP does', () => {
    expect(createCatalog({ tools: [tool({ name: 'echo' }), tool({ name: 'Echo' })] }).size).toBe(2);
  });
});

describe('names', () => {
  it.each([
    [undefined, 1],
    ['', 1],
    [null, 0],
  ])('refuses the name %j as missing, naming the list position', (name, index) => {
    const tools = [tool({ name: 'first' }), tool({ name })];
    if (index === 0) tools.reverse();
    const error = caught(() => createCatalog({ tools }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.MISSING_NAME);
    expect(error.message).toBe(
      `The tool definition at tools[${index}] has no name: every exposable definition needs one`,
    );
    expect(error.tool).toBeUndefined();
  });

  it.each([
    ['fetch page', 'a space'],
    ['a,b', 'a comma'],
    ['user/profile', 'a slash'],
    ['caf\u00e9', 'a non-ASCII letter'],
    ['x'.repeat(129), 'a 129th character'],
  ])('refuses %j (%s) as an invalid name', (name) => {
    const error = caught(() => createCatalog({ tools: [tool({ name })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.tool).toBe(name);
  });

  it('pins the invalid-name message and shortens an overlong name in it', () => {
    expect(caught(() => createCatalog({ tools: [tool({ name: 'a b' })] })).message).toBe(
      'Tool "a b" (tools[0]) has an invalid name: an MCP tool name is 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
    );
    const long = caught(() => createCatalog({ tools: [tool({ name: 'y'.repeat(5000) })] }));
    expect(long.message).toContain(`"${'y'.repeat(128)}…"`);
    expect(long.message.length).toBeLessThan(300);
  });

  it('refuses a name that is not a string', () => {
    const error = caught(() => createCatalog({ tools: [tool({ name: 42 })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.message).toBe('The tool definition at tools[0] has a name that is not a string');
  });

  it('accepts the longest name and every character the rule allows', () => {
    const names = ['x'.repeat(128), 'A-Za_z.0-9', 'getUser', 'DATA_EXPORT_v2', 'admin.tools.list'];
    const catalog = createCatalog({ tools: names.map((name) => tool({ name })) });
    expect(catalog.entries.map((entry) => entry.name)).toEqual(names);
  });
});

describe('the broken fixtures', () => {
  it('refuses a nameless definition, naming its module and export', async () => {
    const error = await rejected(() => createCatalog({ scan: new URL('missing-name/', BROKEN) }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.MISSING_NAME);
    expect(error.message).toBe(
      'The tool definition at export "default" of module "tool.js" has no name: every exposable definition needs one',
    );
    expect(error.module).toBe(fileURLToPath(new URL('missing-name/tool.js', BROKEN)));
  });

  it('refuses an invalid name, naming the tool and its module', async () => {
    const error = await rejected(() => createCatalog({ scan: new URL('invalid-name/', BROKEN) }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.message).toBe(
      'Tool "fetch page/v2" (module "tool.js") has an invalid name: an MCP tool name is 1 to 128 characters of A-Z, a-z, 0-9, "_", "-" and "."',
    );
    expect(error.tool).toBe('fetch page/v2');
  });

  it('refuses an unrenderable input schema, carrying the SchemaDefectError and its path', async () => {
    const error = await rejected(() =>
      createCatalog({ scan: new URL('unrenderable-schema/', BROKEN) }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.message).toBe(
      'Tool "loose_union" (module "tool.js") has an input schema the publisher cannot render: UNSUPPORTED_CONSTRUCT at /properties/id: a union other than of literals is outside the vocabulary',
    );
    expect(error.cause).toBeInstanceOf(SchemaDefectError);
    expect((error.cause as SchemaDefectError).path).toBe('/properties/id');
  });

  it('refuses an inverted weight, naming the rule', async () => {
    const error = await rejected(() => createCatalog({ scan: new URL('invalid-weight/', BROKEN) }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
    expect(error.message).toBe(
      'Tool "inverted_weight" (module "tool.js") has an invalid weight: weight.maxSeconds must not be less than weight.minSeconds',
    );
  });

  it('refuses a module that cannot be imported, naming it, with the import error as cause', async () => {
    const error = await rejected(() => createCatalog({ scan: new URL('import-throws/', BROKEN) }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect(error.message).toBe('Scanning for tools failed: module "tool.js" could not be imported');
    expect((error.cause as Error).message).toBe('this module cannot be loaded');
  });

  it('refuses the whole broken folder at its first fault in path order', async () => {
    const error = await rejected(() => createCatalog({ scan: BROKEN }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect(error.message).toContain('"import-throws/tool.js"');
  });
});

describe('the collision fixtures', () => {
  it('refuses two modules claiming one name, naming the tool and both modules', async () => {
    const error = await rejected(() => createCatalog({ scan: COLLISION }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe(
      'Tool "fetch_page" is claimed by two definitions: module "first.js" and module "second.js"',
    );
    expect(error.module).toBe(fileURLToPath(new URL('second.js', COLLISION)));
  });
});

describe('unrenderable schemas declared explicitly', () => {
  it('refuses an input whose root is not an object', () => {
    const error = caught(() => createCatalog({ tools: [tool({ input: Type.String() })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.message).toBe(
      'Tool "echo" (tools[0]) has an input schema the publisher cannot render: UNSUPPORTED_CONSTRUCT at the root: the root of a published document must be an object',
    );
  });

  it('refuses a malformed output, naming it as the output', () => {
    const output = Type.Object({ count: Type.Integer({ minimum: 5, maximum: 1 }) });
    const error = caught(() => createCatalog({ tools: [tool({ output })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.message).toBe(
      'Tool "echo" (tools[0]) has an output schema the publisher cannot render: MALFORMED_SCHEMA at /properties/count: the minimum exceeds the maximum',
    );
    expect((error.cause as SchemaDefectError).code).toBe('MALFORMED_SCHEMA');
  });

  it('refuses an unresolvable reference', () => {
    const input = Type.Object({ node: Type.Ref('Missing') });
    const error = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect((error.cause as SchemaDefectError).code).toBe('UNRESOLVABLE_REF');
    expect(error.message).toContain('UNRESOLVABLE_REF at /properties/node');
  });
});

describe('malformed definitions', () => {
  it.each([
    [{ description: '' }, 'description must be a non-empty string'],
    [{ description: 7 }, 'description must be a non-empty string'],
    [{ title: 3 }, 'title must be a string'],
    [{ run: 'nope' }, 'run must be a function'],
    [{ kind: 'agent' }, 'kind must be one of tool, thinker, orchestrator'],
    [{ registryAware: 'yes' }, 'registryAware must be a boolean'],
    [{ input: undefined }, 'input must be a schema'],
    [{ output: 'text' }, 'output must be a schema'],
    [{ annotations: [] }, 'annotations must be an object'],
    [
      { annotations: { readonlyHint: true } },
      'annotations accept only title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint',
    ],
    [{ annotations: { destructiveHint: 'no' } }, 'annotations.destructiveHint must be a boolean'],
    [
      { annotations: { constructor: true } },
      'annotations accept only title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint',
    ],
    [
      { annotations: { toString: 'hint' } },
      'annotations accept only title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint',
    ],
    [
      { annotations: JSON.parse('{"__proto__": true}') },
      'annotations accept only title, readOnlyHint, destructiveHint, idempotentHint, openWorldHint',
    ],
    [{ scope: ['echo'] }, 'only an orchestrator declares a scope'],
    [{ kind: 'orchestrator', scope: 'echo' }, 'scope must be an array of tool names'],
    [
      { inputSchema: {} },
      '1 undeclared property (accepted: name, title, description, input, output, weight, annotations, kind, registryAware, scope, run)',
    ],
  ])('refuses %j: %s', (overrides, fault) => {
    const error = caught(() => createCatalog({ tools: [tool(overrides)] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(`Tool "echo" (tools[0]) is malformed: ${fault}`);
    expect(error.tool).toBe('echo');
  });

  it('refuses a value not made by defineTool', () => {
    const forged = {
      name: 'forged',
      description: 'Looks like a definition.',
      input: Type.Object({}),
      weight: WEIGHT,
      kind: 'tool',
      registryAware: false,
      run: () => null,
    } as unknown as AnyToolDefinition;
    const error = caught(() => createCatalog({ tools: [tool({ name: 'ok' }), forged] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(
      'The value at tools[1] is not a tool definition: declare tools with defineTool',
    );
  });

  it('accepts a spread copy of a definition as a definition of its own', () => {
    const original = tool();
    const copy = { ...original, name: 'echo_copy' } as AnyToolDefinition;
    const catalog = createCatalog({ tools: [original, copy] });
    expect(catalog.get('echo_copy')?.definition).toBe(copy);
  });

  it('refuses tools that are not an array', () => {
    const error = caught(() => createCatalog({ tools: tool() as never }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe('The tools option must be an array of tool definitions');
  });

  it('refuses an invalid weight with its rule', () => {
    const error = caught(() =>
      createCatalog({ tools: [tool({ weight: { ...WEIGHT, level: 9 } })] }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
    expect(error.message).toBe(
      'Tool "echo" (tools[0]) has an invalid weight: weight.level must be an integer from 1 to 5',
    );
  });
});

describe('orchestrator scopes', () => {
  it('accepts a scope of catalog tools, whatever their order of arrival', () => {
    const boss = tool({ name: 'boss', kind: 'orchestrator', scope: ['worker'] });
    const catalog = createCatalog({ tools: [boss, tool({ name: 'worker' })] });
    expect(catalog.get('boss')?.definition.scope).toEqual(['worker']);
  });

  it('refuses a scope naming a tool the catalog lacks', () => {
    const boss = tool({ name: 'boss', kind: 'orchestrator', scope: ['worker', 'ghost'] });
    const error = caught(() => createCatalog({ tools: [boss, tool({ name: 'worker' })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNKNOWN_SCOPE_TOOL);
    expect(error.message).toBe(
      'Orchestrator "boss" (tools[0]) scopes tool "ghost", which the catalog does not hold',
    );
  });
});
