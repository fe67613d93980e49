/*
 * Guards that nothing outlives a workflow: after 10,000 workflows that complete, fail, time out, or
 * are cancelled running or queued, the dispatcher holds no workflow, job, timer or listener, the
 * process holds no extra timer handle, and the heap has not grown by more than a bound that a
 * deliberate leak of the same workflows' job contexts exceeds (checked in the same run, so the
 * bound can fail). Without `--expose-gc` the heap is held to a loose bound only.
 */
import { describe, expect, it } from 'vitest';
import {
  createDispatcher,
  type Dispatcher,
  type Job,
  type JobContext,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';
import { flush, untilAborted } from './helpers.ts';

const WORKFLOWS = 10_000;
const BATCH = 500;
const EMPTY = {
  workflows: 0,
  jobs: 0,
  running: 0,
  queued: 0,
  draining: 0,
  timers: 0,
  reportListeners: 0,
};

const gc = (globalThis as { gc?: () => void }).gc;

function collect(): number {
  if (gc !== undefined) {
    for (let i = 0; i < 4; i++) gc();
  }
  return process.memoryUsage().heapUsed;
}

function timerHandles(): number {
  return process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
}

type Fate = 'complete' | 'cancel' | 'fail' | 'timeout';
const FATES: readonly Fate[] = ['complete', 'cancel', 'fail', 'timeout'];

/** A three-level tree: root → two children → one grandchild each. */
function treeJob(fate: Fate, keep: JobContext<unknown>[] | undefined): Job<number, unknown> {
  const leaf: Job<null, unknown> = {
    name: 'leaf',
    input: null,
    run: (context) => {
      keep?.push(context);
      context.reportProgress(1);
      return fate === 'complete' ? 'leaf' : untilAborted(context);
    },
  };
  const mid: Job<null, unknown> = {
    name: 'mid',
    input: null,
    run: async (context) => {
      keep?.push(context);
      context.log('debug', 'mid');
      return context.spawn(leaf);
    },
  };
  return {
    name: 'root',
    input: 0,
    run: async (context) => {
      keep?.push(context as JobContext<unknown>);
      const children = Promise.all([context.spawn(mid), context.spawn(mid)]);
      if (fate === 'fail') {
        await Promise.resolve();
        throw new Error('root failed');
      }
      return fate === 'complete' ? children : untilAborted(context);
    },
  };
}

async function runWorkflows(
  dispatcher: Dispatcher,
  count: number,
  keep?: JobContext<unknown>[],
): Promise<Record<string, number>> {
  const tally: Record<string, number> = {};
  for (let start = 0; start < count; start += BATCH) {
    const pending: Promise<JobOutcome>[] = [];
    const toCancel: Workflow[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const fate = FATES[i % FATES.length]!;
      const workflow = Workflow.root(`consumer-${i % 7}`, 'mcp');
      pending.push(
        dispatcher.submit(treeJob(fate, keep), workflow, {
          timeoutMs: fate === 'timeout' ? 1 : 60_000,
          onReport: () => {},
        }),
      );
      if (fate === 'cancel') toCancel.push(workflow);
    }
    await Promise.resolve();
    for (const workflow of toCancel) dispatcher.cancelWorkflow(workflow.id, 'client_cancel');
    for (const outcome of await Promise.all(pending)) {
      const key =
        outcome.status === 'refused' && outcome.refusal.code === 'CANCELLED'
          ? outcome.refusal.reason
          : outcome.status;
      tally[key] = (tally[key] ?? 0) + 1;
    }
    await flush();
    expect(dispatcher.stats()).toEqual(EMPTY);
  }
  return tally;
}

describe('leak check', () => {
  it(`leaves nothing behind after ${WORKFLOWS} workflows`, async () => {
    const dispatcher = createDispatcher({ maxRunning: 200, maxQueued: 300 });
    await runWorkflows(dispatcher, 2 * BATCH);
    const handlesBefore = timerHandles();
    const heapBefore = collect();

    const tally = await runWorkflows(dispatcher, WORKFLOWS);

    expect(tally).toEqual({
      completed: WORKFLOWS / 4,
      client_cancel: WORKFLOWS / 4,
      failed: WORKFLOWS / 4,
      timeout: WORKFLOWS / 4,
    });
    expect(dispatcher.stats()).toEqual(EMPTY);
    expect(timerHandles()).toBeLessThanOrEqual(handlesBefore);
    const growth = collect() - heapBefore;

    if (gc === undefined) {
      expect(growth).toBeLessThan(256 * 1024 * 1024);
      return;
    }
    const BOUND = 4 * 1024 * 1024;
    expect(growth).toBeLessThan(BOUND);

    const kept: JobContext<unknown>[] = [];
    const leakyBefore = collect();
    await runWorkflows(dispatcher, WORKFLOWS, kept);
    const leakedGrowth = collect() - leakyBefore;
    expect(kept.length).toBeGreaterThan(WORKFLOWS);
    expect(leakedGrowth).toBeGreaterThan(BOUND);
    // Three rounds of 10,000 workflows: generous room for a loaded two-core machine.
  }, 180_000);
});
