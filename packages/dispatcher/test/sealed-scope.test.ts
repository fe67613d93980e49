import { describe, expect, it } from 'vitest';
import {
  createDispatcher,
  DISPATCH_REFUSAL_TEXTS,
  type Job,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';

describe('sealed scopes', () => {
  const leaf = (name: string): Job<null, string> => ({ name, input: null, run: () => name });

  it('refuses a descendant at any depth that asks for a name outside the seal', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const results: Record<string, JobOutcome> = {};
    const outcome = await dispatcher.submit(
      {
        name: 'orchestrator',
        input: null,
        scope: ['search', 'fetch', 'helper'],
        run: async (context) => {
          results.search = await context.spawn(leaf('search'));
          results.shell = await context.spawn(leaf('shell'));
          results.viaHelper = await context.spawn({
            name: 'helper',
            input: null,
            run: async (inner) => ({
              fetch: await inner.spawn(leaf('fetch')),
              shell: await inner.spawn(leaf('shell')),
            }),
          });
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome.status).toBe('completed');
    const sealed = {
      status: 'refused',
      refusal: {
        code: 'SEALED_SCOPE',
        allowed: ['fetch', 'helper', 'search'],
        text: 'This tool may not be dispatched here. Tools the enclosing task allows: fetch, helper, search.',
        correctable: true,
      },
    };
    expect(results.search).toEqual({ status: 'completed', value: 'search' });
    expect(results.shell).toEqual(sealed);
    expect(results.viaHelper).toEqual({
      status: 'completed',
      value: { fetch: { status: 'completed', value: 'fetch' }, shell: sealed },
    });
  });

  it('a nested orchestrator can narrow the seal but never widen it', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    let inner: Record<string, JobOutcome> = {};
    await dispatcher.submit(
      {
        name: 'outer',
        input: null,
        scope: ['inner', 'search'],
        run: async (context) => {
          await context.spawn({
            name: 'inner',
            input: null,
            scope: ['search', 'shell'],
            run: async (c) => {
              inner = {
                search: await c.spawn(leaf('search')),
                shell: await c.spawn(leaf('shell')),
              };
            },
          });
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(inner.search).toEqual({ status: 'completed', value: 'search' });
    expect(inner.shell).toMatchObject({
      status: 'refused',
      refusal: { code: 'SEALED_SCOPE', allowed: ['search'] },
    });
  });

  it('an empty seal refuses every dispatch; no seal refuses none', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    let sealed: JobOutcome | undefined;
    let open: JobOutcome | undefined;
    await dispatcher.submit(
      {
        name: 'closed',
        input: null,
        scope: [],
        run: async (c) => {
          sealed = await c.spawn(leaf('anything'));
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    await dispatcher.submit(
      {
        name: 'open',
        input: null,
        run: async (c) => {
          open = await c.spawn(leaf('anything'));
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(sealed).toMatchObject({
      status: 'refused',
      refusal: { code: 'SEALED_SCOPE', allowed: [], text: DISPATCH_REFUSAL_TEXTS.sealedScope([]) },
    });
    expect(open).toEqual({ status: 'completed', value: 'anything' });
  });
});
