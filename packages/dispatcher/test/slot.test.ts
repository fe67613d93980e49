/*
 * Guards the admission slot a submitted job holds for its whole tree: it is released only when
 * every job of the tree has returned, draining descendants included; a cancel after completion
 * changes nothing; a cancel issued again from inside an abort listener neither repeats outcomes nor
 * loses count.
 */
import { describe, expect, it, vi } from 'vitest';
import { createDispatcher, type JobOutcome, Workflow } from '../src/index.ts';
import { cancelled, deferred, expectEmpty, flush, untilAborted } from './helpers.ts';

describe('a slot and the tree it carries', () => {
  it('a submitted job that completes with a child still draining keeps its slot until the child returns', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const call = deferred<string>();
    let child: Promise<JobOutcome> | undefined;
    const outcome = await dispatcher.submit(
      {
        name: 'parent',
        input: null,
        run: (context) => {
          child = context.spawn({ name: 'stubborn', input: null, run: () => call.promise });
          return 'parent done';
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({ status: 'completed', value: 'parent done' });
    expect(await child).toEqual(cancelled('parent_finished'));

    const next = vi.fn(() => 'next');
    const waiting = dispatcher.submit(
      { name: 'next', input: null, run: next },
      Workflow.root('bob', 'mcp'),
    );
    await flush();
    expect(next).not.toHaveBeenCalled();
    expect(dispatcher.stats()).toMatchObject({ running: 1, queued: 1, draining: 1, jobs: 2 });

    call.resolve('too late');
    expect(await waiting).toEqual({ status: 'completed', value: 'next' });
    await expectEmpty(dispatcher);
  });

  it('a cancelled root that returns at once keeps its slot while a leaf of its tree still drains', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const workflow = Workflow.root('alice', 'mcp');
    const call = deferred<string>();
    const outcome = dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          void context.spawn({ name: 'leaf', input: null, run: () => call.promise });
          return untilAborted(context);
        },
      },
      workflow,
    );
    const next = vi.fn(() => 'next');
    const waiting = dispatcher.submit(
      { name: 'next', input: null, run: next },
      Workflow.root('bob', 'mcp'),
    );

    expect(dispatcher.cancelWorkflow(workflow, 'timeout')).toBe(2);
    expect(await outcome).toEqual(cancelled('timeout'));
    await flush();
    expect(dispatcher.stats()).toMatchObject({ running: 1, queued: 1, draining: 1 });
    expect(next).not.toHaveBeenCalled();

    call.resolve('too late');
    expect(await waiting).toEqual({ status: 'completed', value: 'next' });
    await expectEmpty(dispatcher);
  });

  it('a cancel that arrives after the job completed changes no outcome and cancels nothing', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const outcome = dispatcher.submit({ name: 'quick', input: null, run: () => 'done' }, workflow, {
      timeoutMs: 1000,
    });
    expect(dispatcher.cancelWorkflow(workflow, 'client_cancel')).toBe(0);
    expect(await outcome).toEqual({ status: 'completed', value: 'done' });
    expect(workflow.cancelled).toBe('client_cancel');
    await expectEmpty(dispatcher);
  });

  it('a cancel issued again from inside an abort listener neither repeats outcomes nor loses count', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const inner: number[] = [];
    const spawnedInListener: Promise<JobOutcome>[] = [];
    const outcome = dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          const child = context.spawn({
            name: 'child',
            input: null,
            run: (c) => {
              c.signal.addEventListener('abort', () => {
                inner.push(dispatcher.cancelWorkflow(workflow, 'disconnect'));
                spawnedInListener.push(c.spawn({ name: 'late', input: null, run: () => 1 }));
              });
              return untilAborted(c);
            },
          });
          await untilAborted(context);
          return child;
        },
      },
      workflow,
    );
    expect(dispatcher.cancelWorkflow(workflow, 'client_cancel')).toBe(2);
    expect(inner).toEqual([0]);
    expect(await outcome).toEqual(cancelled('client_cancel'));
    expect(await Promise.all(spawnedInListener)).toEqual([cancelled('client_cancel')]);
    expect(workflow.cancelled).toBe('client_cancel');
    await expectEmpty(dispatcher);
  });
});
