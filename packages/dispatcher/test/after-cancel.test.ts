/*
 * Guards what follows a cancel: queued jobs never start and their slot goes on; a job spawned or
 * submitted into the cancelled workflow (cancelled by object or by id) is refused at once and never
 * runs, and so is a spawn from a job that has already returned; a leaf mid-call finishes that call
 * and its result is dropped; a signal first read after the cancel is born aborted; a child still
 * live when its parent completes is cancelled with `parent_finished`.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  CancellationError,
  type CancelReason,
  createDispatcher,
  type JobContext,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';
import { cancelled, deferred, expectEmpty, flush, untilAborted } from './helpers.ts';

describe('after a cancel', () => {
  it('queued jobs never start, and the slot they waited for goes to the next workflow', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 4 });
    const holder = Workflow.root('alice', 'mcp');
    const doomed = Workflow.root('bob', 'mcp');
    const later = Workflow.root('carol', 'mcp');
    const release = deferred();
    const ran: string[] = [];
    const first = dispatcher.submit(
      { name: 'holder', input: null, run: () => release.promise },
      holder,
    );
    const queued = [0, 1, 2].map((i) =>
      dispatcher.submit(
        {
          name: `queued-${i}`,
          input: null,
          run: () => {
            ran.push(`queued-${i}`);
          },
        },
        doomed,
      ),
    );
    const afterThem = dispatcher.submit(
      {
        name: 'after',
        input: null,
        run: () => {
          ran.push('after');
          return 'done';
        },
      },
      later,
    );
    expect(dispatcher.stats()).toMatchObject({ running: 1, queued: 4 });

    expect(dispatcher.cancelWorkflow(doomed.id, 'client_cancel')).toBe(3);
    expect(dispatcher.stats()).toMatchObject({ running: 1, queued: 1, jobs: 2 });
    for (const outcome of queued) expect(await outcome).toEqual(cancelled('client_cancel'));

    release.resolve();
    expect(await first).toEqual({ status: 'completed', value: undefined });
    expect(await afterThem).toEqual({ status: 'completed', value: 'done' });
    expect(ran).toEqual(['after']);
    await expectEmpty(dispatcher);
  });

  it('a job spawned or submitted into the cancelled workflow is refused at once and never runs', async () => {
    const dispatcher = createDispatcher({ maxRunning: 2, maxQueued: 2 });
    const workflow = Workflow.root('alice', 'mcp');
    const ran: string[] = [];
    let spawnedAfter: Promise<JobOutcome> | undefined;
    const outcome = dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          await untilAborted(context);
          spawnedAfter = context.spawn({ name: 'late', input: null, run: () => ran.push('late') });
        },
      },
      workflow,
    );
    dispatcher.cancelWorkflow(workflow, 'timeout');
    expect(await outcome).toEqual(cancelled('timeout'));
    await flush();
    expect(await spawnedAfter).toEqual(cancelled('timeout'));

    const resubmitted = await dispatcher.submit(
      { name: 'again', input: null, run: () => ran.push('again') },
      workflow,
    );
    expect(resubmitted).toEqual(cancelled('timeout'));
    expect(ran).toEqual([]);
    await expectEmpty(dispatcher);
  });

  it.each(['by workflow', 'by id'] as const)(
    'cancelled %s, the workflow refuses what a job still running spawns during the cancel, and what is submitted after',
    async (how) => {
      const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
      const workflow = Workflow.root('alice', 'mcp');
      const ran: string[] = [];
      let sibling: JobContext<null> | undefined;
      let spawnedDuringCancel: Promise<JobOutcome> | undefined;
      const outcome = dispatcher.submit(
        {
          name: 'root',
          input: null,
          run: async (context) => {
            const first = context.spawn({
              name: 'first',
              input: null,
              run: (inner) => {
                // Runs while the cancel walks the tree: `second` has not been reached yet.
                inner.signal.addEventListener('abort', () => {
                  spawnedDuringCancel = sibling?.spawn({
                    name: 'late',
                    input: null,
                    run: () => ran.push('late'),
                  });
                });
                return untilAborted(inner);
              },
            });
            const second = context.spawn({
              name: 'second',
              input: null,
              run: (inner) => {
                sibling = inner;
                return untilAborted(inner);
              },
            });
            await untilAborted(context);
            return Promise.all([first, second]);
          },
        },
        workflow,
      );
      expect(dispatcher.stats().jobs).toBe(3);
      expect(
        dispatcher.cancelWorkflow(how === 'by id' ? workflow.id : workflow, 'disconnect'),
      ).toBe(3);
      expect(workflow.cancelled).toBe('disconnect');
      expect(await outcome).toEqual(cancelled('disconnect'));
      expect(spawnedDuringCancel).toBeDefined();
      expect(await spawnedDuringCancel).toEqual(cancelled('disconnect'));

      const resubmitted = await dispatcher.submit(
        { name: 'again', input: null, run: () => ran.push('again') },
        workflow,
      );
      expect(resubmitted).toEqual(cancelled('disconnect'));
      expect(ran).toEqual([]);
      await expectEmpty(dispatcher);
    },
  );

  it.each<[string, () => string, CancelReason]>([
    ['completed', () => 'done', 'parent_finished'],
    [
      'failed',
      () => {
        throw new Error('parent broke');
      },
      'parent_finished',
    ],
  ])(
    'a spawn after its parent %s and returned is refused at once and never runs',
    async (_, body, reason) => {
      const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
      const workflow = Workflow.root('alice', 'mcp');
      let kept: JobContext<null> | undefined;
      await dispatcher.submit(
        {
          name: 'parent',
          input: null,
          run: (context) => {
            kept = context;
            return body();
          },
        },
        workflow,
      );
      await expectEmpty(dispatcher);
      const run = vi.fn();
      expect(await kept?.spawn({ name: 'late', input: null, run })).toEqual(cancelled(reason));
      expect(run).not.toHaveBeenCalled();
      expect(workflow.cancelled).toBeUndefined();
      await expectEmpty(dispatcher);
    },
  );

  it('a job cancelled because its parent failed refuses its own later spawns with that reason', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const fail = deferred();
    let orphan: JobContext<null> | undefined;
    let child: Promise<JobOutcome> | undefined;
    const outcome = dispatcher.submit(
      {
        name: 'parent',
        input: null,
        run: async (context) => {
          child = context.spawn({
            name: 'orphan',
            input: null,
            run: (inner) => {
              orphan = inner;
              return untilAborted(inner);
            },
          });
          await fail.promise;
          throw new Error('parent broke');
        },
      },
      workflow,
    );
    fail.resolve();
    expect(await outcome).toMatchObject({ status: 'failed' });
    expect(await child).toEqual(cancelled('parent_failed'));
    const run = vi.fn();
    expect(await orphan?.spawn({ name: 'late', input: null, run })).toEqual(
      cancelled('parent_failed'),
    );
    expect(run).not.toHaveBeenCalled();
    await expectEmpty(dispatcher);
  });

  it('a workflow cancelled while nothing of it is live stays cancelled', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    expect(dispatcher.cancelWorkflow(workflow, 'disconnect')).toBe(0);
    expect(workflow.cancelled).toBe('disconnect');
    const run = vi.fn();
    expect(await dispatcher.submit({ name: 'x', input: null, run }, workflow)).toEqual(
      cancelled('disconnect'),
    );
    expect(run).not.toHaveBeenCalled();
    dispatcher.cancelWorkflow(workflow, 'timeout');
    expect(workflow.cancelled).toBe('disconnect');
  });

  it('a leaf mid-call finishes that call; its result is dropped and its slot held until it returns', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const workflow = Workflow.root('alice', 'mcp');
    const call = deferred<string>();
    let finishedCall = false;
    const outcome = dispatcher.submit(
      {
        name: 'stubborn',
        input: null,
        run: async () => {
          const value = await call.promise;
          finishedCall = true;
          return value;
        },
      },
      workflow,
    );
    const waiting = vi.fn(() => 'next');
    const next = dispatcher.submit(
      { name: 'next', input: null, run: waiting },
      Workflow.root('bob', 'mcp'),
    );

    dispatcher.cancelWorkflow(workflow, 'client_cancel');
    expect(await outcome).toEqual(cancelled('client_cancel'));
    expect(dispatcher.stats()).toMatchObject({ running: 1, draining: 1, queued: 1, jobs: 2 });
    await flush();
    expect(waiting).not.toHaveBeenCalled();

    call.resolve('too late');
    expect(await next).toEqual({ status: 'completed', value: 'next' });
    expect(finishedCall).toBe(true);
    await expectEmpty(dispatcher);
  });

  it('a job that first reads its signal after the cancel finds it already aborted, with the reason', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const step = deferred();
    let seen: { aborted: boolean; reason: unknown } | undefined;
    const outcome = dispatcher.submit(
      {
        name: 'late-reader',
        input: null,
        run: async (context) => {
          await step.promise;
          seen = { aborted: context.signal.aborted, reason: context.signal.reason };
        },
      },
      workflow,
    );
    dispatcher.cancelWorkflow(workflow, 'disconnect');
    step.resolve();
    expect(await outcome).toEqual(cancelled('disconnect'));
    await expectEmpty(dispatcher);
    expect(seen?.aborted).toBe(true);
    expect(seen?.reason).toBeInstanceOf(CancellationError);
    expect((seen?.reason as CancellationError | undefined)?.details.reason).toBe('disconnect');
  });

  it('a child still live when its parent completes is cancelled with parent_finished', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    let child: Promise<JobOutcome> | undefined;
    let reason: unknown;
    const outcome = await dispatcher.submit(
      {
        name: 'parent',
        input: null,
        run: (context) => {
          child = context.spawn({
            name: 'orphan',
            input: null,
            run: (inner) => {
              inner.signal.addEventListener('abort', () => {
                reason = inner.signal.reason;
              });
              return untilAborted(inner);
            },
          });
          return 'parent done';
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({ status: 'completed', value: 'parent done' });
    expect(await child).toEqual(cancelled('parent_finished'));
    expect(reason).toBeInstanceOf(CancellationError);
    expect((reason as CancellationError).details.reason).toBe('parent_finished');
    await expectEmpty(dispatcher);
  });
});
