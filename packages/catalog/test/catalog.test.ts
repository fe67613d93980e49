/*
 * Guards the fail-fast build: every fault a definition can carry is a CatalogError with a pinned
 * code, message and details naming the tool (or the module file / list position of a nameless
 * one); the same definition object arriving more than once is one entry; createCatalog is
 * synchronous and takes only `tools`.
 */
import { fileURLToPath } from 'node:url';
import { SchemaDefectError } from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  type AnyToolDefinition,
  CATALOG_ERROR_CODES,
  type Catalog,
  createCatalog,
  scanCatalog,
  thinkerInput,
} from '../src/index.ts';
import { BROKEN, COLLISION, caught, GOOD, rejected, tool, WEIGHT } from './helpers.ts';

const ANNOTATIONS_ACCEPTED =
  '`annotations` accepts only `title`, `readOnlyHint`, `destructiveHint`, `idempotentHint` and `openWorldHint`';

async function goodDefaultExport(file: string): Promise<AnyToolDefinition> {
  const module = (await import(new URL(file, GOOD).href)) as { default: AnyToolDefinition };
  return module.default;
}

describe('createCatalog over the good fixtures', () => {
  it('holds one entry of each kind, scanned recursively in path order', async () => {
    const catalog = await scanCatalog(GOOD);
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
    const catalog = await scanCatalog(GOOD, { tools: [clock, clock] });
    expect(catalog.size).toBe(4);
    expect(catalog.entries.filter((entry) => entry.name === 'current-time')).toHaveLength(1);
    const entry = catalog.get('current-time');
    expect(entry?.definition).toBe(clock);
    expect(entry?.origin).toEqual({ source: 'explicit', index: 0 });
    expect(catalog.entries[0]?.name).toBe('current-time');
  });

  it('refuses a different definition that claims a scanned name', async () => {
    const impostor = tool({ name: 'current-time' });
    const error = await rejected(() => scanCatalog(GOOD, { tools: [impostor] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe(
      'Tool `current-time` is claimed by two definitions, tools[0] and module `nested/clock-again.js`. Rename one of them.',
    );
    expect(error.details.tool).toBe('current-time');
  });
});

describe('createCatalog with explicit tools only', () => {
  it('builds synchronously, in the given order', () => {
    const a = tool({ name: 'a' });
    const b = tool({ name: 'b', kind: 'thinker', input: thinkerInput() });
    const catalog: Catalog = createCatalog({ tools: [b, a] });
    expect(catalog).not.toBeInstanceOf(Promise);
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['b', 'a']);
    expect(catalog.get('b')?.kind).toBe('thinker');
  });

  it('builds an empty catalog from no tools (emptiness is refused by the exposure)', () => {
    expect(createCatalog({ tools: [] }).size).toBe(0);
  });

  it('refuses two definitions claiming one name, naming both positions', () => {
    const error = caught(() => createCatalog({ tools: [tool(), tool({ name: 'x' }), tool()] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe(
      'Tool `echo` is claimed by two definitions, tools[0] and tools[2]. Rename one of them.',
    );
  });

  it.each([
    ['not an object', undefined, 'The options of `createCatalog` must be an object.'],
    [
      'tools that are not an array',
      { tools: 'echo' },
      'The `tools` option of `createCatalog` must be an array of tool definitions.',
    ],
    ['no tools', {}, 'The `tools` option of `createCatalog` must be an array of tool definitions.'],
    [
      'a scan, which is scanCatalog’s',
      { tools: [], scan: 'tools' },
      'The options of `createCatalog` have 1 undeclared property, and it takes only `tools`. Scan a directory with `scanCatalog`.',
    ],
  ])('refuses options with %s', (_what, options, message) => {
    const error = caught(() => createCatalog(options as never));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_OPTIONS);
    expect(error.message).toBe(message);
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
      `The tool definition at tools[${index}] has no name. Give every definition a \`name\`.`,
    );
    expect(error.details).toStrictEqual({});
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
    expect(error.details.tool).toBe(name);
  });

  it('pins the invalid-name message and shortens an overlong name in it', () => {
    expect(caught(() => createCatalog({ tools: [tool({ name: 'a b' })] })).message).toBe(
      'Tool `a b` (tools[0]) has an invalid name. Name it with 1 to 128 characters of `A-Z`, `a-z`, `0-9`, `_`, `-` and `.`, as MCP requires.',
    );
    const long = caught(() => createCatalog({ tools: [tool({ name: 'y'.repeat(5000) })] }));
    expect(long.message).toContain(`\`${'y'.repeat(128)}…\``);
    expect(long.message.length).toBeLessThan(300);
  });

  it('refuses a name that is not a string', () => {
    const error = caught(() => createCatalog({ tools: [tool({ name: 42 })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.message).toBe(
      'The tool definition at tools[0] has a name that is not a string. Give it a string `name`.',
    );
  });

  it('accepts the longest name and every character the rule allows', () => {
    const names = ['x'.repeat(128), 'A-Za_z.0-9', 'getUser', 'DATA_EXPORT_v2', 'admin.tools.list'];
    const catalog = createCatalog({ tools: names.map((name) => tool({ name })) });
    expect(catalog.entries.map((entry) => entry.name)).toEqual(names);
  });
});

describe('the broken fixtures', () => {
  it('refuses a nameless definition, naming its module and export', async () => {
    const error = await rejected(() => scanCatalog(new URL('missing-name/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.MISSING_NAME);
    expect(error.message).toBe(
      'The tool definition at export `default` of module `tool.js` has no name. Give every definition a `name`.',
    );
    expect(error.details.module).toBe(fileURLToPath(new URL('missing-name/tool.js', BROKEN)));
  });

  it('refuses an invalid name, naming the tool and its module', async () => {
    const error = await rejected(() => scanCatalog(new URL('invalid-name/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.message).toBe(
      'Tool `fetch page/v2` (module `tool.js`) has an invalid name. Name it with 1 to 128 characters of `A-Z`, `a-z`, `0-9`, `_`, `-` and `.`, as MCP requires.',
    );
    expect(error.details.tool).toBe('fetch page/v2');
  });

  it('refuses an unrenderable input schema, with the defect as cause and its path as a field', async () => {
    const error = await rejected(() => scanCatalog(new URL('unrenderable-schema/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(error.message).toBe(
      'Tool `loose_union` (module `tool.js`) has an input schema the publisher cannot render (`UNSUPPORTED_CONSTRUCT`): A union of object shapes has no discriminator, so a value cannot select its member; give every member one required property of the same name holding a string literal distinct per member (for example `kind: Type.Literal(...)`), declared inline in each member. Change the declaration where `details.path` points.',
    );
    expect(error.cause).toBeInstanceOf(SchemaDefectError);
    expect(error.details).toStrictEqual({
      tool: 'loose_union',
      module: fileURLToPath(new URL('unrenderable-schema/tool.js', BROKEN)),
      path: '/properties/id',
    });
  });

  it('refuses an inverted weight, naming the rule', async () => {
    const error = await rejected(() => scanCatalog(new URL('invalid-weight/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
    expect(error.message).toBe(
      'Tool `inverted_weight` (module `tool.js`) has an invalid weight: `weight.maxSeconds` must not be less than `weight.minSeconds`.',
    );
  });

  it('refuses a catastrophic pattern, naming the tool, its module and the place', async () => {
    const error = await rejected(() => scanCatalog(new URL('unsafe-pattern/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.UNSAFE_PATTERN);
    expect(error.message).toBe(
      'Tool `catastrophic` (module `tool.js`) has an input schema whose `pattern` can take exponential time on some text, so a consumer could stall the gate with one argument (ReDoS). Rewrite the pattern where `details.path` points without nested or overlapping repetition (such as `(a+)+` or `(a|a)*`), or check the value in the handler.',
    );
    expect(error.details).toStrictEqual({
      tool: 'catastrophic',
      module: fileURLToPath(new URL('unsafe-pattern/tool.js', BROKEN)),
      path: '/properties/words/items',
    });
  });

  it('refuses a module that cannot be imported, naming it, with the import error as cause', async () => {
    const error = await rejected(() => scanCatalog(new URL('import-throws/', BROKEN)));
    expect(error.code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect(error.message).toBe(
      'The scan for tools cannot import module `tool.js`. Fix the module; the cause is the import error.',
    );
    expect((error.cause as Error).message).toBe('this module cannot be loaded');
  });

  it('refuses the whole broken folder at its first fault in path order', async () => {
    const error = await rejected(() => scanCatalog(BROKEN));
    expect(error.code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect(error.message).toContain('`import-throws/tool.js`');
  });
});

describe('the collision fixtures', () => {
  it('refuses two modules claiming one name, naming the tool and both modules', async () => {
    const error = await rejected(() => scanCatalog(COLLISION));
    expect(error.code).toBe(CATALOG_ERROR_CODES.DUPLICATE_NAME);
    expect(error.message).toBe(
      'Tool `fetch_page` is claimed by two definitions, module `first.js` and module `second.js`. Rename one of them.',
    );
    expect(error.details.module).toBe(fileURLToPath(new URL('second.js', COLLISION)));
  });
});

describe('malformed definitions', () => {
  it.each([
    [{ description: '' }, '`description` must be a non-empty string'],
    [{ description: 7 }, '`description` must be a non-empty string'],
    [{ title: 3 }, '`title` must be a string'],
    [{ run: 'nope' }, '`run` must be a function'],
    [{ kind: 'agent' }, '`kind` must be one of `tool`, `thinker` or `orchestrator`'],
    [{ registryAware: 'yes' }, '`registryAware` must be a boolean'],
    [{ input: undefined }, '`input` must be a schema'],
    [{ output: 'text' }, '`output` must be a schema'],
    [{ annotations: [] }, '`annotations` must be an object'],
    [{ annotations: { readonlyHint: true } }, ANNOTATIONS_ACCEPTED],
    [{ annotations: { destructiveHint: 'no' } }, '`annotations.destructiveHint` must be a boolean'],
    [{ annotations: { constructor: true } }, ANNOTATIONS_ACCEPTED],
    [{ annotations: { toString: 'hint' } }, ANNOTATIONS_ACCEPTED],
    [{ annotations: JSON.parse('{"__proto__": true}') }, ANNOTATIONS_ACCEPTED],
    [{ scope: ['echo'] }, 'only an orchestrator declares a `scope`'],
    [{ kind: 'orchestrator', scope: 'echo' }, '`scope` must be an array of tool names'],
    [
      { inputSchema: {} },
      'it has 1 undeclared property, and a definition accepts only `name`, `title`, `description`, `input`, `output`, `weight`, `annotations`, `kind`, `registryAware`, `scope`, `guardrails` and `run`',
    ],
  ])('refuses %j: %s', (overrides, fault) => {
    const error = caught(() => createCatalog({ tools: [tool(overrides)] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(`Tool \`echo\` (tools[0]) is malformed: ${fault}.`);
    expect(error.details.tool).toBe('echo');
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
      'The value at tools[1] is not a tool definition. Declare tools with `defineTool`.',
    );
  });

  it('accepts a spread copy of a definition as a definition of its own', () => {
    const original = tool();
    const copy = { ...original, name: 'echo_copy' } as AnyToolDefinition;
    const catalog = createCatalog({ tools: [original, copy] });
    expect(catalog.get('echo_copy')?.definition).toBe(copy);
  });

  it('refuses an invalid weight with its rule', () => {
    const error = caught(() =>
      createCatalog({ tools: [tool({ weight: { ...WEIGHT, level: 9 } })] }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
    expect(error.message).toBe(
      'Tool `echo` (tools[0]) has an invalid weight: `weight.level` must be an integer from 1 to 5.',
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
      'Orchestrator `boss` (tools[0]) scopes tool `ghost`, which the catalog does not hold. Add that tool to the catalog or take it out of the `scope`.',
    );
  });
});
