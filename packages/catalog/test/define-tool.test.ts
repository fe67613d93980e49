/*
 * Guards what defineTool promises: a frozen, branded definition with `kind` defaulting to `tool`
 * and `registryAware` to false, recognised across copies of the package, its scope and guardrail
 * lists copied and frozen; and, at the type level, that `run` receives `Static<typeof input>`
 * (bigint for Int64) and the context of its kind, which says whether a consumer invoked it as a
 * tool.
 */
import { DateTime, Int32, Int64, Map as SchemaMap } from '@portcullis/schema';
import Type from 'typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ContextFor,
  type DispatchingContext,
  defineTool,
  isToolDefinition,
  type RegistryContext,
  type ToolArtifactRegistry,
  type ToolContext,
  thinkerInput,
} from '../src/index.ts';

const WEIGHT = { kind: 'compute', level: 2, minSeconds: 0, maxSeconds: 5 } as const;

describe('defineTool', () => {
  it('returns a frozen definition with the defaults filled in', () => {
    const definition = defineTool({
      name: 'add',
      description: 'Adds two numbers.',
      input: Type.Object({ a: Type.Number(), b: Type.Number() }),
      weight: WEIGHT,
      run: (input) => input.a + input.b,
    });
    expect(definition.kind).toBe('tool');
    expect(definition.registryAware).toBe(false);
    expect(Object.isFrozen(definition)).toBe(true);
    expect(isToolDefinition(definition)).toBe(true);
    expect(definition).not.toHaveProperty('scope');
  });

  it('keeps a frozen copy of an orchestrator scope, detached from the author’s array', () => {
    const scope = ['a', 'b'];
    const definition = defineTool({
      name: 'boss',
      description: 'Orchestrates.',
      kind: 'orchestrator',
      scope,
      input: Type.Object({}),
      weight: WEIGHT,
      run: () => null,
    });
    scope.push('c');
    expect(definition.scope).toEqual(['a', 'b']);
    expect(Object.isFrozen(definition.scope)).toBe(true);
  });

  it('recognises a definition by a registered symbol, so a second copy of the package agrees', () => {
    const brand = Symbol.for('@portcullis/catalog/tool-definition');
    expect(isToolDefinition({ [brand]: true })).toBe(true);
    expect(isToolDefinition({ [Symbol('@portcullis/catalog/tool-definition')]: true })).toBe(false);
    for (const value of [null, undefined, 'tool', 7, {}, [], () => null]) {
      expect(isToolDefinition(value)).toBe(false);
    }
  });

  it('answers false, never throws, for a value whose brand cannot be read', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const brand = Symbol.for('@portcullis/catalog/tool-definition');
    const throwing = Object.defineProperty({}, brand, {
      get() {
        throw new Error('unreadable');
      },
    });
    expect(isToolDefinition(proxy)).toBe(false);
    expect(isToolDefinition(throwing)).toBe(false);
  });

  it('passes the typed input and the context through to run', async () => {
    const definition = defineTool({
      name: 'ledger',
      description: 'Returns a ledger entry.',
      input: Type.Object({ id: Int64() }),
      output: Type.Object({ next: Type.String() }),
      weight: WEIGHT,
      run: (input, context) => ({ next: `${input.id + 1n}@${context.consumer}` }),
    });
    const context: ToolContext = {
      signal: new AbortController().signal,
      reportProgress: () => undefined,
      log: () => undefined,
      consumer: 'alice',
      invokedAsTool: true,
    };
    expect(await definition.run({ id: 9007199254740993n }, context)).toEqual({
      next: '9007199254740994@alice',
    });
  });
});

describe('the context of run', () => {
  it('says whether an outside consumer invoked the tool, for every kind', () => {
    expectTypeOf<ToolContext['invokedAsTool']>().toEqualTypeOf<boolean>();
    expectTypeOf<ContextFor<'thinker', false>['invokedAsTool']>().toEqualTypeOf<boolean>();
    expectTypeOf<ContextFor<'orchestrator', true>['invokedAsTool']>().toEqualTypeOf<boolean>();
  });

  it('hands a thinker the flag its run branches on', async () => {
    const thinker = defineTool({
      name: 'ponder',
      description: 'Ponders.',
      kind: 'thinker',
      input: thinkerInput(),
      weight: WEIGHT,
      run: (input, context) => (context.invokedAsTool ? `asked: ${input.query}` : 'a step'),
    });
    const context = (invokedAsTool: boolean): DispatchingContext => ({
      signal: new AbortController().signal,
      reportProgress: () => undefined,
      log: () => undefined,
      consumer: 'alice',
      invokedAsTool,
      dispatch: async () => null,
    });
    expect(await thinker.run({ query: 'why' }, context(true))).toBe('asked: why');
    expect(await thinker.run({ query: 'why' }, context(false))).toBe('a step');
  });
});

describe('the types of run', () => {
  it('types the input from the schema, with bigint for Int64', () => {
    defineTool({
      name: 'typed',
      description: 'Typed input.',
      input: Type.Object({
        id: Int64(),
        count: Int32(),
        when: DateTime(),
        tags: SchemaMap(Type.String()),
        note: Type.Optional(Type.String()),
      }),
      weight: WEIGHT,
      run: (input) => {
        expectTypeOf(input.id).toEqualTypeOf<bigint>();
        expectTypeOf(input.count).toEqualTypeOf<number>();
        expectTypeOf(input.when).toEqualTypeOf<string>();
        expectTypeOf(input.tags).toEqualTypeOf<{ [key: string]: string }>();
        expectTypeOf(input.note).toEqualTypeOf<string | undefined>();
        // @ts-expect-error an Int64 is a bigint, not a number
        const wrong: number = input.id;
        return wrong;
      },
    });
  });

  it('requires run to return the declared output', () => {
    defineTool({
      name: 'out',
      description: 'Typed output.',
      input: Type.Object({}),
      output: Type.Object({ total: Type.Number() }),
      weight: WEIGHT,
      // @ts-expect-error the output declares a number total
      run: () => ({ total: 'many' }),
    });
    defineTool({
      name: 'out_async',
      description: 'Typed async output.',
      input: Type.Object({}),
      output: Type.Object({ total: Type.Number() }),
      weight: WEIGHT,
      run: async () => ({ total: 1 }),
    });
  });

  it('gives a plain tool no dispatch and no registry', () => {
    expectTypeOf<ContextFor<'tool', false>>().toEqualTypeOf<ToolContext>();
    expectTypeOf<ContextFor<'tool', false>>().not.toHaveProperty('dispatch');
    expectTypeOf<ContextFor<'tool', false>>().not.toHaveProperty('registry');
    defineTool({
      name: 'plain',
      description: 'Plain.',
      input: Type.Object({}),
      weight: WEIGHT,
      run: (_input, context) => {
        expectTypeOf(context).toEqualTypeOf<ToolContext>();
        // @ts-expect-error a plain tool cannot dispatch
        return context.dispatch('other', {});
      },
    });
  });

  it('gives thinkers and orchestrators dispatch, and registry-aware tools the registry', () => {
    expectTypeOf<ContextFor<'thinker', false>>().toEqualTypeOf<DispatchingContext>();
    expectTypeOf<ContextFor<'orchestrator', false>>().toEqualTypeOf<DispatchingContext>();
    expectTypeOf<ContextFor<'tool', true>>().toEqualTypeOf<ToolContext & RegistryContext>();
    defineTool({
      name: 'thinker',
      description: 'Thinks.',
      kind: 'thinker',
      registryAware: true,
      input: Type.Object({ query: Type.String() }),
      weight: WEIGHT,
      run: async (input, context) => {
        expectTypeOf(context.dispatch).toEqualTypeOf<DispatchingContext['dispatch']>();
        expectTypeOf(context.registry).toEqualTypeOf<ToolArtifactRegistry>();
        return context.dispatch('plain', { query: input.query });
      },
    });
  });
});
