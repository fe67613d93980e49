/*
 * Guards cancellation of a workflow as a whole: every job of a three-level tree is aborted through
 * its signal whether the root is cancelled by its deadline, by an explicit cancel or by a parent's
 * failure; queued jobs never start; jobs spawned or submitted after a cancel are refused at once; a
 * leaf mid-call finishes that call, its result is dropped and its slot is held until it returns;
 * and nothing of the workflow stays in the dispatcher's bookkeeping.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_REASONS,
  CancellationError,
  type CancelReason,
  createDispatcher,
  DISPATCH_REFUSAL_TEXTS,
  type Dispatcher,
  DispatcherError,
  type Job,
  type JobContext,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';
import { deferred, flush, untilAborted } from './helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

const EMPTY = {
  workflows: 0,
  jobs: 0,
  running: 0,
  queued: 0,
  draining: 0,
  timers: 0,
  reportListeners: 0,
};

function cancelled(reason: CancelReason): JobOutcome {
  return {
    status: 'refused',
    refusal: {
      code: 'CANCELLED',
      reason,
      text: DISPATCH_REFUSAL_TEXTS.cancelled[reason],
      correctable: false,
    },
  };
}

/** Root → two mids → two leaves each; records which job saw its signal abort, and why. */
function tree(rootBody?: (spawned: Promise<unknown>) => Promise<unknown>) {
  const aborted = new Map<string, unknown>();
  const started: string[] = [];
  const childOutcomes = new Map<string, JobOutcome>();
  const watch = (name: string, signal: AbortSignal) => {
    started.push(name);
    signal.addEventListener('abort', () => aborted.set(name, signal.reason), { once: true });
  };
  const leaf = (name: string): Job<null, string> => ({
    name: 'leaf',
    input: null,
    run: (context) => {
      watch(name, context.signal);
      return untilAborted(context);
    },
  });
  const mid = (i: number): Job<null, unknown> => ({
    name: 'mid',
    input: null,
    run: async (context) => {
      watch(`mid-${i}`, context.signal);
      const outcomes = await Promise.all([0, 1].map((j) => context.spawn(leaf(`leaf-${i}-${j}`))));
      outcomes.forEach((outcome, j) => {
        childOutcomes.set(`leaf-${i}-${j}`, outcome);
      });
      return outcomes;
    },
  });
  const root: Job<null, unknown> = {
    name: 'root',
    input: null,
    run: async (context) => {
      watch('root', context.signal);
      const spawned = Promise.all([0, 1].map((i) => context.spawn(mid(i)))).then((outcomes) => {
        outcomes.forEach((outcome, i) => {
          childOutcomes.set(`mid-${i}`, outcome);
        });
        return outcomes;
      });
      return rootBody === undefined ? spawned : rootBody(spawned);
    },
  };
  return { root, aborted, started, childOutcomes };
}

const ALL = ['root', 'mid-0', 'mid-1', 'leaf-0-0', 'leaf-0-1', 'leaf-1-0', 'leaf-1-1'];

function reasonsOf(aborted: Map<string, unknown>): Record<string, CancelReason | 'other'> {
  const out: Record<string, CancelReason | 'other'> = {};
  for (const [name, reason] of aborted) {
    out[name] = reason instanceof CancellationError ? reason.details.reason : 'other';
  }
  return out;
}

async function expectEmpty(dispatcher: Dispatcher): Promise<void> {
  await flush();
  expect(dispatcher.stats()).toEqual(EMPTY);
}

describe('a three-level tree cancelled at the root', () => {
  it('by its deadline: every job aborts with timeout, the root answers cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dispatcher = createDispatcher({ maxRunning: 2, maxQueued: 2 });
    const workflow = Workflow.root('alice', 'mcp');
    const t = tree();
    const outcome = dispatcher.submit(t.root, workflow, { timeoutMs: 1000 });
    expect(t.started.sort()).toEqual([...ALL].sort());
    expect(dispatcher.stats()).toMatchObject({ workflows: 1, jobs: 7, running: 1, timers: 1 });

    await vi.advanceTimersByTimeAsync(999);
    expect(t.aborted.size).toBe(0);
    await vi.advanceTimersByTimeAsync(1);

    expect(await outcome).toEqual(cancelled('timeout'));
    expect(Object.keys(reasonsOf(t.aborted)).sort()).toEqual([...ALL].sort());
    expect(new Set(Object.values(reasonsOf(t.aborted)))).toEqual(new Set(['timeout']));
    expect(workflow.cancelled).toBe('timeout');
    await expectEmpty(dispatcher);
    for (const name of ALL.slice(1))
      expect(t.childOutcomes.get(name)).toEqual(cancelled('timeout'));
  });

  it.each([
    ['client_cancel', 'by id'],
    ['disconnect', 'by id'],
    ['client_cancel', 'by workflow'],
  ] as const)('by an explicit %s (%s)', async (reason, how) => {
    const dispatcher = createDispatcher({ maxRunning: 2, maxQueued: 2 });
    const workflow = Workflow.root('alice', 'mcp');
    const t = tree();
    const outcome = dispatcher.submit(t.root, workflow);
    expect(dispatcher.stats().jobs).toBe(7);

    const count = dispatcher.cancelWorkflow(how === 'by id' ? workflow.id : workflow, reason);

    expect(count).toBe(7);
    expect(await outcome).toEqual(cancelled(reason));
    expect(new Set(Object.values(reasonsOf(t.aborted)))).toEqual(new Set([reason]));
    expect(t.aborted.size).toBe(7);
    await expectEmpty(dispatcher);
    expect(dispatcher.cancelWorkflow(workflow.id, reason)).toBe(0);
  });

  it("by the root's failure: the root fails, every descendant aborts with parent_failed", async () => {
    const dispatcher = createDispatcher({ maxRunning: 2, maxQueued: 2 });
    const workflow = Workflow.root('alice', 'mcp');
    const boom = deferred();
    const failure = new Error('root broke');
    const t = tree(async () => {
      await boom.promise;
      throw failure;
    });
    const outcome = dispatcher.submit(t.root, workflow);
    expect(dispatcher.stats().jobs).toBe(7);
    boom.resolve();

    expect(await outcome).toEqual({ status: 'failed', error: failure });
    const reasons = reasonsOf(t.aborted);
    expect(Object.keys(reasons).sort()).toEqual(ALL.slice(1).sort());
    expect(new Set(Object.values(reasons))).toEqual(new Set(['parent_failed']));
    await expectEmpty(dispatcher);
  });

  it("a middle job's failure cancels its own subtree and leaves its sibling's running", async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const aborted = new Map<string, unknown>();
    const fail = deferred();
    const failure = new Error('mid broke');
    const leaf = (name: string): Job<null, string> => ({
      name,
      input: null,
      run: (context) => {
        context.signal.addEventListener('abort', () => aborted.set(name, context.signal.reason));
        return untilAborted(context);
      },
    });
    let midOutcomes: JobOutcome[] = [];
    const root: Job<null, void> = {
      name: 'root',
      input: null,
      run: async (context) => {
        const failing = context.spawn({
          name: 'failing-mid',
          input: null,
          run: async (inner) => {
            void inner.spawn(leaf('doomed-leaf'));
            await fail.promise;
            throw failure;
          },
        });
        const healthy = context.spawn({
          name: 'healthy-mid',
          input: null,
          run: (inner) => inner.spawn(leaf('healthy-leaf')),
        });
        midOutcomes = [await failing];
        expect(aborted.has('healthy-leaf')).toBe(false);
        midOutcomes.push(await healthy);
      },
    };
    const outcome = dispatcher.submit(root, workflow);
    expect(dispatcher.stats().jobs).toBe(5);
    fail.resolve();
    await flush();

    expect(reasonsOf(aborted)).toEqual({ 'doomed-leaf': 'parent_failed' });
    expect(midOutcomes).toEqual([{ status: 'failed', error: failure }]);
    expect(dispatcher.stats().jobs).toBe(3);

    dispatcher.cancelWorkflow(workflow, 'disconnect');
    expect(await outcome).toEqual(cancelled('disconnect'));
    expect(reasonsOf(aborted)).toEqual({
      'doomed-leaf': 'parent_failed',
      'healthy-leaf': 'disconnect',
    });
    await expectEmpty(dispatcher);
  });
});

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

describe('cancelWorkflow as a door', () => {
  it('refuses a reason outside CANCEL_REASONS and a target that is no workflow', () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    expect(() => dispatcher.cancelWorkflow(workflow, 'bored' as CancelReason)).toThrow(
      expect.objectContaining({ name: 'DispatcherError', code: 'INVALID_CANCEL_REASON' }),
    );
    expect(() => dispatcher.cancelWorkflow(42 as unknown as string, 'timeout')).toThrow(
      DispatcherError,
    );
    expect(workflow.cancelled).toBeUndefined();
  });

  it('names every reason the project uses', () => {
    expect(Object.values(CANCEL_REASONS).sort()).toEqual(
      ['client_cancel', 'disconnect', 'parent_failed', 'parent_finished', 'timeout'].sort(),
    );
  });

  it('a deadline counts the wait in the queue: a job still queued when it passes never starts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const release = deferred();
    const holder = dispatcher.submit(
      { name: 'holder', input: null, run: () => release.promise },
      Workflow.root('alice', 'mcp'),
    );
    const workflow = Workflow.root('bob', 'mcp');
    const run = vi.fn();
    const outcome = dispatcher.submit({ name: 'waiting', input: null, run }, workflow, {
      timeoutMs: 50,
    });
    expect(dispatcher.stats()).toMatchObject({ queued: 1, timers: 1 });

    await vi.advanceTimersByTimeAsync(50);
    expect(await outcome).toEqual(cancelled('timeout'));
    expect(dispatcher.stats()).toMatchObject({ queued: 0, timers: 0, jobs: 1 });
    release.resolve();
    await holder;
    expect(run).not.toHaveBeenCalled();
    await expectEmpty(dispatcher);
  });

  it('a deadline met by a job that settles in time never fires and leaves no timer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const outcome = await dispatcher.submit(
      { name: 'quick', input: null, run: () => 1 },
      workflow,
      {
        timeoutMs: 10,
      },
    );
    expect(outcome).toEqual({ status: 'completed', value: 1 });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(workflow.cancelled).toBeUndefined();
    expect(dispatcher.stats()).toEqual(EMPTY);
  });
});
