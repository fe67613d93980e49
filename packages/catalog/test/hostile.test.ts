/*
 * Guards "the catalog fails fast with a CatalogError on every defect at build" against hostile
 * definitions and options: a getter that throws, a proxy whose traps throw, a guardrail whose
 * `judge` getter throws, a sparse `tools` array. Each is refused with the code of the check that
 * read it, the tool named, the place in `details.path` where there is one and what was thrown as
 * `cause`; nothing else escapes `createCatalog`, and `scanCatalog` rejects the same way.
 * `defineTool` itself never throws on what it copies, so the fault reaches the catalog.
 */
import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  type AnyToolDefinition,
  CATALOG_ERROR_CODES,
  createCatalog,
  defineTool,
  scanCatalog,
} from '../src/index.ts';
import { caught, rejected, tool, WEIGHT } from './helpers.ts';

const boom = new Error('boom');
const throwing = () => {
  throw boom;
};
/** A proxy of `target` whose every trap but the ones `keep` names throws `boom`. */
function trapped<T extends object>(target: T, keep: readonly string[] = []): T {
  const traps: ProxyHandler<T> = {};
  for (const trap of ['get', 'ownKeys', 'getOwnPropertyDescriptor', 'has'] as const) {
    if (!keep.includes(trap)) traps[trap] = throwing;
  }
  return new Proxy(target, traps);
}
const judge = () => ({ ok: true }) as const;

describe('a hostile guardrail', () => {
  it.each([
    [
      'a judge getter that throws',
      {
        input: [
          {
            name: 'g',
            get judge() {
              return throwing();
            },
          },
        ],
      },
      'guardrails.input[0]',
      'a guardrail that throws when it is read',
    ],
    [
      'a name getter that throws',
      {
        output: [
          { name: 'ok', judge },
          {
            get name() {
              return throwing();
            },
            judge,
          },
        ],
      },
      'guardrails.output[1]',
      'a guardrail that throws when it is read',
    ],
    [
      'a guardrail that is a throwing proxy',
      { admission: [trapped({ name: 'g', judge })] },
      'guardrails.admission[0]',
      'a guardrail that throws when it is read',
    ],
  ])('refuses %s, naming the guardrail in details', (_what, guardrails, path, fault) => {
    const error = caught(() => createCatalog({ tools: [tool({ guardrails })] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_GUARDRAIL);
    expect(error.message).toBe(
      `Tool \`echo\` (tools[0]) has ${fault}: declare guardrails as plain values.`,
    );
    expect(error.details).toStrictEqual({ tool: 'echo', path });
    expect(error.cause).toBe(boom);
  });

  it('refuses a guardrails object or a stage that throws when it is read', () => {
    const stages = caught(() => createCatalog({ tools: [tool({ guardrails: trapped({}) })] }));
    expect(stages.code).toBe(CATALOG_ERROR_CODES.INVALID_GUARDRAIL);
    expect(stages.details).toStrictEqual({ tool: 'echo', path: 'guardrails' });
    expect(stages.cause).toBe(boom);
    const list = trapped([{ name: 'g', judge }], ['getOwnPropertyDescriptor', 'has']);
    const stage = caught(() => createCatalog({ tools: [tool({ guardrails: { input: list } })] }));
    expect(stage.code).toBe(CATALOG_ERROR_CODES.INVALID_GUARDRAIL);
    expect(stage.details).toStrictEqual({ tool: 'echo', path: 'guardrails.input' });
    expect(stage.cause).toBe(boom);
  });

  it('lets defineTool keep what it cannot copy, for the catalog to refuse', () => {
    const guardrails = trapped({});
    const scope = trapped(['echo'], ['getOwnPropertyDescriptor', 'has']);
    const boss = defineTool({
      name: 'boss',
      description: 'Plans.',
      kind: 'orchestrator',
      input: Type.Object({}),
      weight: WEIGHT,
      scope,
      guardrails,
      run: () => undefined,
    } as never) as AnyToolDefinition;
    expect(boss.guardrails).toBe(guardrails);
    expect(boss.scope).toBe(scope);
  });
});

describe('a hostile definition', () => {
  const brand = Symbol.for('@portcullis/catalog/tool-definition');
  const fields = { ...tool(), [brand]: true };

  it('refuses a name getter that throws with INVALID_NAME, naming the position', () => {
    const nameless = Object.defineProperty({ ...fields }, 'name', { get: throwing });
    const error = caught(() => createCatalog({ tools: [nameless] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_NAME);
    expect(error.message).toBe(
      'The tool definition at tools[0] has a name that throws when it is read. Give it a plain string `name`; the cause is what it threw.',
    );
    expect(error.details).toStrictEqual({});
    expect(error.cause).toBe(boom);
  });

  it.each([
    ['description', CATALOG_ERROR_CODES.INVALID_DEFINITION],
    ['annotations', CATALOG_ERROR_CODES.INVALID_DEFINITION],
    ['weight', CATALOG_ERROR_CODES.INVALID_WEIGHT],
    ['input', CATALOG_ERROR_CODES.INVALID_DEFINITION],
  ])('refuses a %s getter that throws, naming the tool', (field, code) => {
    const hostile = Object.defineProperty({ ...fields }, field, { get: throwing });
    const error = caught(() => createCatalog({ tools: [hostile] }));
    expect(error.code).toBe(code);
    expect(error.details).toStrictEqual({ tool: 'echo' });
    expect(error.cause).toBe(boom);
  });

  it('refuses an input or a weight that is a throwing proxy', () => {
    const input = trapped(Type.Object({ text: Type.String() }));
    const schema = caught(() => createCatalog({ tools: [tool({ input })] }));
    expect(schema.code).toBe(CATALOG_ERROR_CODES.UNRENDERABLE_SCHEMA);
    expect(schema.cause).toBe(boom);
    const weight = caught(() => createCatalog({ tools: [tool({ weight: trapped(WEIGHT) })] }));
    expect(weight.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
    expect(weight.message).toBe(
      'Tool `echo` (tools[0]) has an invalid weight: `weight` throws when it is read. Declare it as a plain object; the cause is what it threw.',
    );
  });

  it('refuses a definition whose keys cannot be listed', () => {
    const hostile = trapped({ ...fields }, ['get']);
    const error = caught(() => createCatalog({ tools: [hostile] }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(
      'Tool `echo` (tools[0]) is malformed: a field throws when it is read. Declare the definition with `defineTool` from plain values; the cause is what it threw.',
    );
    expect(error.cause).toBe(boom);
  });

  it('rejects from scanCatalog the same way, never throwing', async () => {
    const hostile = Object.defineProperty({ ...fields }, 'weight', { get: throwing });
    const error = await rejected(() =>
      scanCatalog(new URL('./fixtures/good/', import.meta.url), { tools: [hostile] }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_WEIGHT);
  });
});

describe('hostile options', () => {
  it('refuses options that throw when read with INVALID_OPTIONS', () => {
    const getter = Object.defineProperty({}, 'tools', { get: throwing, enumerable: true });
    for (const options of [getter, trapped({ tools: [] })]) {
      const error = caught(() => createCatalog(options as never));
      expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_OPTIONS);
      expect(error.message).toBe(
        'The options of `createCatalog` throw when they are read. Pass a plain object and a plain array of tools; the cause is what they threw.',
      );
      expect(error.cause).toBe(boom);
    }
  });

  it('refuses a tools array whose items throw when read', () => {
    const tools = trapped([tool()], ['has', 'getOwnPropertyDescriptor']);
    const error = caught(() => createCatalog({ tools }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_OPTIONS);
    expect(error.cause).toBe(boom);
  });

  it('refuses a hole in the tools array as a value that is not a definition', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test
    const error = caught(() => createCatalog({ tools: [, tool()] as never }));
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_DEFINITION);
    expect(error.message).toBe(
      'The value at tools[0] is not a tool definition. Declare tools with `defineTool`.',
    );
  });

  it('rejects scanCatalog extensions that throw when read', async () => {
    const extensions = trapped(['.js'], ['has', 'getOwnPropertyDescriptor']);
    const error = await rejected(() =>
      scanCatalog(new URL('./fixtures/good/', import.meta.url), { extensions }),
    );
    expect(error.code).toBe(CATALOG_ERROR_CODES.INVALID_OPTIONS);
    expect(error.cause).toBe(boom);
  });
});
