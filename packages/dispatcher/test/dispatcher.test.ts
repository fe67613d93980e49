/*
 * Guards the dispatcher's door: admission is bounded (past maxRunning a job waits in a bounded
 * queue, past maxQueued it is refused `BUSY` at once) and recovers when slots free; a workflow's
 * fan-out is bounded; an outcome never rejects; wiring defects throw `DispatcherError` with their
 * code. Sealed scopes and reports have their own files.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  createArtifactRegistry,
  createDispatcher,
  DEFAULT_MAX_JOBS_PER_WORKFLOW,
  DISPATCH_REFUSAL_TEXTS,
  type Job,
  type JobContext,
  type JobOutcome,
  Workflow,
} from '../src/index.ts';
import { deferred } from './helpers.ts';

const BUSY_QUEUE = {
  status: 'refused',
  refusal: {
    code: 'BUSY',
    bound: 'queue',
    text: DISPATCH_REFUSAL_TEXTS.busy.queue,
    correctable: false,
  },
} as const;

function held(name: string, gate: Promise<unknown>, log?: string[]): Job<null, string> {
  return {
    name,
    input: null,
    run: async () => {
      log?.push(`start ${name}`);
      await gate;
      return name;
    },
  };
}

describe('admission', () => {
  it('runs up to maxRunning, queues up to maxQueued, refuses busy past both, and recovers', async () => {
    const dispatcher = createDispatcher({ maxRunning: 2, maxQueued: 2 });
    const gate = deferred();
    const log: string[] = [];
    const accepted = ['a', 'b', 'c', 'd'].map((name) =>
      dispatcher.submit(held(name, gate.promise, log), Workflow.root('alice', 'mcp')),
    );
    expect(dispatcher.stats()).toMatchObject({ running: 2, queued: 2, jobs: 4 });
    expect(log).toEqual(['start a', 'start b']);

    const ran: string[] = [];
    const refused = await dispatcher.submit(
      { name: 'e', input: null, run: () => ran.push('e') },
      Workflow.root('alice', 'mcp'),
    );
    expect(refused).toEqual(BUSY_QUEUE);
    expect(ran).toEqual([]);

    gate.resolve();
    const outcomes = await Promise.all(accepted);
    expect(outcomes.map((o) => o.status === 'completed' && o.value)).toEqual(['a', 'b', 'c', 'd']);
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d']);

    const recovered = await dispatcher.submit(
      { name: 'e', input: null, run: () => 'e' },
      Workflow.root('alice', 'mcp'),
    );
    expect(recovered).toEqual({ status: 'completed', value: 'e' });
    expect(dispatcher.stats()).toMatchObject({ running: 0, queued: 0, jobs: 0 });
  });

  it('never holds more than maxRunning running nor maxQueued waiting, and loses no accepted job', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 30 }),
        async (maxRunning, maxQueued, delays) => {
          const dispatcher = createDispatcher({ maxRunning, maxQueued });
          let concurrent = 0;
          let peak = 0;
          const outcomes: Promise<JobOutcome<number>>[] = [];
          for (const [i, delay] of delays.entries()) {
            outcomes.push(
              dispatcher.submit(
                {
                  name: 'step',
                  input: i,
                  run: async ({ input }) => {
                    concurrent++;
                    peak = Math.max(peak, concurrent);
                    for (let k = 0; k < delay; k++) await Promise.resolve();
                    concurrent--;
                    return input;
                  },
                },
                Workflow.root('alice', 'mcp'),
              ),
            );
            const { running, queued } = dispatcher.stats();
            expect(running).toBeLessThanOrEqual(maxRunning);
            expect(queued).toBeLessThanOrEqual(maxQueued);
            if (i % 3 === 2) await Promise.resolve();
          }
          const settled = await Promise.all(outcomes);
          expect(peak).toBeLessThanOrEqual(maxRunning);
          for (const [i, outcome] of settled.entries()) {
            if (outcome.status === 'completed') expect(outcome.value).toBe(i);
            else expect(outcome).toEqual(BUSY_QUEUE);
          }
          expect(dispatcher.stats().jobs).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('starts queued jobs in the order they were submitted', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 3 });
    const log: string[] = [];
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const outcomes = ['w', 'x', 'y', 'z'].map((name, i) =>
      dispatcher.submit(held(name, gates[i]!.promise, log), Workflow.root('alice', 'mcp')),
    );
    for (const gate of gates) gate.resolve();
    await Promise.all(outcomes);
    expect(log).toEqual(['start w', 'start x', 'start y', 'start z']);
  });

  it("bounds one workflow's live jobs, spawned ones included, and frees the bound as they finish", async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 0, maxJobsPerWorkflow: 3 });
    const workflow = Workflow.root('alice', 'mcp');
    const gate = deferred();
    const spawned: JobOutcome[] = [];
    const outcome = dispatcher.submit(
      {
        name: 'fan-out',
        input: null,
        run: async (context) => {
          const live = [0, 1, 2].map(() => context.spawn(held('child', gate.promise)));
          const third = await live[2]!;
          gate.resolve();
          spawned.push(third, ...(await Promise.all(live.slice(0, 2))));
          spawned.push(
            await context.spawn({ name: 'after', input: null, run: () => 'room again' }),
          );
        },
      },
      workflow,
    );
    expect(
      await dispatcher.submit({ name: 'sibling', input: null, run: () => 1 }, workflow),
    ).toEqual({
      status: 'refused',
      refusal: {
        code: 'BUSY',
        bound: 'workflow',
        text: DISPATCH_REFUSAL_TEXTS.busy.workflow,
        correctable: false,
      },
    });
    await outcome;
    expect(spawned.map((o) => (o.status === 'refused' ? o.refusal.code : o.status))).toEqual([
      'BUSY',
      'completed',
      'completed',
      'completed',
    ]);
    expect(DEFAULT_MAX_JOBS_PER_WORKFLOW).toBe(1000);
  });

  it('spawned jobs run inside their ancestor’s slot, so a tree never deadlocks on maxRunning 1', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const depthOf = async (context: JobContext<number>): Promise<number> => {
      if (context.input === 0) return context.job.depth;
      const outcome = await context.spawn({
        name: 'level',
        input: context.input - 1,
        run: depthOf,
      });
      if (outcome.status !== 'completed') throw new Error('a level did not complete');
      return outcome.value;
    };
    const outcome = await dispatcher.submit(
      { name: 'level', input: 5, run: depthOf },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({ status: 'completed', value: 5 });
  });
});

describe('outcomes', () => {
  it('a throw or a rejection is a failed outcome; the promise never rejects', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const error = new Error('tool broke');
    const sync = dispatcher.submit(
      {
        name: 'sync',
        input: null,
        run: () => {
          throw error;
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    const async = dispatcher.submit(
      { name: 'async', input: null, run: () => Promise.reject(error) },
      Workflow.root('alice', 'mcp'),
    );
    expect(await sync).toEqual({ status: 'failed', error });
    expect(await async).toEqual({ status: 'failed', error });
  });

  it('gives the job its input, workflow, principal and identity', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const input = { query: 'x' };
    let seen: JobContext<typeof input> | undefined;
    let child: JobContext<number> | undefined;
    await dispatcher.submit(
      {
        name: 'look',
        input,
        run: async (context) => {
          seen = context;
          await context.spawn({
            name: 'inner',
            input: 7,
            run: (inner) => {
              child = inner;
            },
          });
        },
      },
      workflow,
    );
    expect(seen?.input).toBe(input);
    expect(seen?.workflow).toBe(workflow);
    expect(seen?.principal).toBe('alice');
    expect(seen?.job).toMatchObject({ name: 'look', workflowId: workflow.id, depth: 0 });
    expect(seen?.job.parentId).toBeUndefined();
    expect(child?.job).toMatchObject({ name: 'inner', depth: 1, parentId: seen?.job.id });
    expect(child?.job.id).not.toBe(seen?.job.id);
    expect(seen && 'registry' in seen).toBe(false);
  });

  it('hands the call’s registry to the job and every job it spawns', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const registry = createArtifactRegistry([]);
    const seen: unknown[] = [];
    await dispatcher.submit(
      {
        name: 'outer',
        input: null,
        run: async (context) => {
          seen.push(context.registry);
          await context.spawn({ name: 'inner', input: null, run: (c) => seen.push(c.registry) });
        },
      },
      Workflow.root('alice', 'mcp'),
      { registry },
    );
    expect(seen).toEqual([registry, registry]);
  });
});

describe('wiring defects', () => {
  const workflow = Workflow.root('alice', 'mcp');

  it.each([
    [{ maxRunning: 0, maxQueued: 1 }],
    [{ maxRunning: 1.5, maxQueued: 1 }],
    [{ maxRunning: 1, maxQueued: -1 }],
    [{ maxRunning: 1, maxQueued: 1, maxJobsPerWorkflow: 0 }],
    [{ maxRunning: 1, maxQueued: 1, guardrails: { input: [{ name: '', judge: () => {} }] } }],
    [{ maxRunning: 1, maxQueued: 1, guardrails: { during: [] } }],
    [null],
  ])('createDispatcher(%j) throws INVALID_OPTIONS', (options) => {
    expect(() => createDispatcher(options as never)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS' }),
    );
  });

  it.each<[unknown]>([
    [null],
    [{ input: 1, run: () => 1 }],
    [{ name: '', input: 1, run: () => 1 }],
    [{ name: 'x', input: 1 }],
    [{ name: 'x', input: 1, run: () => 1, scope: 'search' }],
    [{ name: 'x', input: 1, run: () => 1, guardrails: { output: [{ name: 'g' }] } }],
  ])('submit(%j) throws INVALID_JOB synchronously', (job) => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    expect(() => dispatcher.submit(job as never, workflow)).toThrow(
      expect.objectContaining({ name: 'DispatcherError', code: 'INVALID_JOB' }),
    );
    expect(dispatcher.stats().jobs).toBe(0);
  });

  it('refuses a workflow not made by Workflow.root and malformed submit options', () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const job = { name: 'x', input: null, run: () => 1 };
    expect(() => dispatcher.submit(job, { id: 'forged' } as unknown as Workflow)).toThrow(
      expect.objectContaining({ code: 'INVALID_WORKFLOW' }),
    );
    for (const options of [
      { timeoutMs: 0 },
      { timeoutMs: Number.NaN },
      { timeoutMs: 2 ** 31 },
      { onReport: 'log' },
    ]) {
      expect(() => dispatcher.submit(job, workflow, options as never)).toThrow(
        expect.objectContaining({ code: 'INVALID_SUBMIT_OPTIONS' }),
      );
    }
    expect(dispatcher.stats()).toMatchObject({ jobs: 0, timers: 0, reportListeners: 0 });
  });

  it('takes the longest deadline a Node timer keeps as a deadline, not as 1 ms', async () => {
    // The fake clock overflows as Node's does: a delay past 2^31 - 1 fires after 1 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
      const workflow = Workflow.root('alice', 'mcp');
      const gate = deferred<string>();
      const outcome = dispatcher.submit(
        { name: 'slow', input: null, run: () => gate.promise },
        workflow,
        { timeoutMs: 2 ** 31 - 1 },
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(workflow.cancelled).toBeUndefined();
      gate.resolve('in time');
      expect(await outcome).toEqual({ status: 'completed', value: 'in time' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a forged workflow, even one that passes instanceof', () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const forged = Object.create(Workflow.prototype) as Workflow;
    const run = () => 1;
    expect(forged instanceof Workflow).toBe(true);
    expect(() => dispatcher.submit({ name: 'x', input: null, run }, forged)).toThrow(
      expect.objectContaining({ code: 'INVALID_WORKFLOW' }),
    );
    expect(() => dispatcher.cancelWorkflow(forged, 'timeout')).toThrow(
      expect.objectContaining({ code: 'INVALID_WORKFLOW' }),
    );
    expect(dispatcher.stats().jobs).toBe(0);
  });

  it('checks guardrail lists a stage object inherits, as they are read', () => {
    const inherited = Object.create({ admission: [{ name: 'unchecked' }] }) as object;
    expect(() =>
      createDispatcher({ maxRunning: 1, maxQueued: 0, guardrails: inherited as never }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    expect(() =>
      dispatcher.submit(
        { name: 'x', input: null, run: () => 1, guardrails: inherited as never },
        workflow,
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_JOB' }));
  });

  it('a malformed spawned job fails its parent with INVALID_JOB', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const outcome = await dispatcher.submit(
      { name: 'parent', input: null, run: (c) => c.spawn({ name: 'child' } as never) },
      workflow,
    );
    expect(outcome).toMatchObject({ status: 'failed', error: { code: 'INVALID_JOB' } });
  });
});
