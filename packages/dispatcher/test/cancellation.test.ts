/*
 * Guards cancellation of a workflow as a whole: every job of a three-level tree is aborted through
 * its signal whether the root is cancelled by its deadline, by an explicit cancel (by object or by
 * id) or by a parent's failure; `cancelWorkflow` checks its reason and target; a deadline counts
 * the queue wait; and nothing of the workflow stays in the dispatcher's bookkeeping. What happens
 * after a cancel, and to the slot a tree holds, have their own files.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCEL_REASONS,
  CancellationError,
  type CancelReason,
  createDispatcher,
  DispatcherError,
  type Job,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';
import { cancelled, deferred, EMPTY, expectEmpty, flush, untilAborted } from './helpers.ts';

afterEach(() => {
  vi.useRealTimers();
});

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
