import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type * as Dispatcher from '../src/index.ts';
import type { Job, JobContext, JobOutcome } from '../src/index.ts';
import { compareAsync, medianOf } from './async-measure.ts';

// The built package when there is one (`pnpm bench` builds first): it is what users run, and the
// source as loaded by tsx carries a name-keeping wrapper around every closure.
const built = new URL('../dist/index.js', import.meta.url);
const { ADMIT, createDispatcher, Workflow } = (await import(
  existsSync(built) ? built.href : '../src/index.ts'
)) as typeof Dispatcher;
console.log(`measuring ${existsSync(built) ? 'dist/index.js' : 'src/index.ts'}`);

const trivial = (input: number): number => input + 1;
const job: Job<number, number> = { name: 'trivial', input: 1, run: (c) => trivial(c.input) };

const plain = createDispatcher({ maxRunning: 64, maxQueued: 64 });
const guarded = createDispatcher({
  maxRunning: 64,
  maxQueued: 64,
  guardrails: {
    admission: [{ name: 'auth', judge: () => ADMIT }],
    input: [{ name: 'input', judge: () => ADMIT }],
    output: [{ name: 'output', judge: () => ADMIT }],
  },
});
const shared = Workflow.root('bench', 'mcp');

await compareAsync(
  'submit overhead for a trivial job',
  { name: 'direct call (await fn(input))', fn: async () => trivial(1) },
  [
    { name: 'submit, one workflow for every call', fn: () => plain.submit(job, shared) },
    {
      name: 'submit, Workflow.root per call',
      fn: () => plain.submit(job, Workflow.root('bench', 'mcp')),
    },
    {
      name: 'submit, root per call, deadline + listener',
      fn: () =>
        plain.submit(job, Workflow.root('bench', 'mcp'), { timeoutMs: 60_000, onReport: () => {} }),
    },
    {
      name: 'submit, root per call, 3 sync guardrails',
      fn: () => guarded.submit(job, Workflow.root('bench', 'mcp')),
    },
  ],
);

const JOBS = 1000;

function flushed(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

async function untilDrained(jobs: () => number): Promise<void> {
  while (jobs() > 0) await flushed();
}

/** A running tree: a root awaiting 999 children, each waiting cooperatively for its signal. */
async function cancelRunningTree() {
  const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0, maxJobsPerWorkflow: JOBS });
  const workflow = Workflow.root('bench', 'mcp');
  const outcomes: Promise<JobOutcome>[] = [];
  const wait = (context: JobContext<unknown>) =>
    new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve()));
  outcomes.push(
    dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: (context) => {
          for (let i = 1; i < JOBS; i++) {
            outcomes.push(context.spawn({ name: 'leaf', input: null, run: wait }));
          }
          return wait(context);
        },
      },
      workflow,
    ),
  );
  if (dispatcher.stats().jobs !== JOBS) throw new Error('the tree did not build');
  const t0 = performance.now();
  const cancelled = dispatcher.cancelWorkflow(workflow.id, 'timeout');
  const t1 = performance.now();
  await Promise.all(outcomes);
  const t2 = performance.now();
  await untilDrained(() => dispatcher.stats().jobs);
  const t3 = performance.now();
  if (cancelled !== JOBS) throw new Error('not every job was cancelled');
  return { call: (t1 - t0) * 1000, outcomes: (t2 - t0) * 1000, drained: (t3 - t0) * 1000 };
}

/** 1,000 jobs of one workflow waiting in the queue behind another workflow's job. */
async function cancelQueued() {
  const dispatcher = createDispatcher({
    maxRunning: 1,
    maxQueued: JOBS,
    maxJobsPerWorkflow: JOBS,
  });
  const holder = Workflow.root('holder', 'mcp');
  let release!: () => void;
  const held = dispatcher.submit(
    { name: 'holder', input: null, run: () => new Promise<void>((r) => (release = r)) },
    holder,
  );
  const workflow = Workflow.root('bench', 'mcp');
  const outcomes: Promise<JobOutcome>[] = [];
  for (let i = 0; i < JOBS; i++) {
    outcomes.push(dispatcher.submit({ name: 'queued', input: null, run: () => 1 }, workflow));
  }
  const t0 = performance.now();
  dispatcher.cancelWorkflow(workflow.id, 'disconnect');
  const t1 = performance.now();
  await Promise.all(outcomes);
  const t2 = performance.now();
  release();
  await held;
  return { call: (t1 - t0) * 1000, outcomes: (t2 - t0) * 1000, drained: (t2 - t0) * 1000 };
}

for (const [title, sample] of [
  [
    `cancel latency, a running workflow of ${JOBS} jobs (root + ${JOBS - 1} children)`,
    cancelRunningTree,
  ],
  [`cancel latency, ${JOBS} queued jobs of one workflow`, cancelQueued],
] as const) {
  for (let i = 0; i < 3; i++) await sample();
  const m = await medianOf(21, sample);
  console.log(`\n${title}, median of 21 runs`);
  console.log(
    `  cancelWorkflow returns           ${m.call.toFixed(0).padStart(8)} µs  (${(m.call / JOBS).toFixed(3)} µs per job)`,
  );
  console.log(
    `  every outcome delivered          ${m.outcomes.toFixed(0).padStart(8)} µs  (${(m.outcomes / JOBS).toFixed(3)} µs per job)`,
  );
  console.log(`  every job gone from bookkeeping  ${m.drained.toFixed(0).padStart(8)} µs`);
}
