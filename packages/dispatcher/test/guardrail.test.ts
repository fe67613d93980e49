/*
 * Guards the guardrail pipeline: admission guardrails judge the principal, then input guardrails
 * the input, then the job runs, then output guardrails judge the result; the dispatcher's own run
 * before the job's at each stage; the first refusal stops everything after it; a refusal is a value
 * carrying the guardrail's text and correctable flag; a guardrail answering outside the verdict
 * vocabulary is a defect; spawned jobs are judged like submitted ones.
 */
import { describe, expect, it } from 'vitest';
import {
  ADMIT,
  createDispatcher,
  type GuardrailSubject,
  type Job,
  type JobOutcome,
  refuse,
  Workflow,
} from '../src/index.ts';
import { admission, input, output, type Trail } from './guardrail-helpers.ts';
import { deferred } from './helpers.ts';

function setup(refusing?: string) {
  const trail: Trail = [];
  const dispatcher = createDispatcher({
    maxRunning: 1,
    maxQueued: 0,
    guardrails: {
      admission: [admission('auth', trail, refusing === 'auth')],
      input: [input('shared-input', trail, refusing === 'shared-input')],
      output: [output('shared-output', trail, refusing === 'shared-output')],
    },
  });
  const job: Job<{ q: number }, string> = {
    name: 'tool',
    input: { q: 1 },
    guardrails: {
      admission: [admission('quota', trail, refusing === 'quota')],
      input: [input('own-input', trail, refusing === 'own-input')],
      output: [output('own-output', trail, refusing === 'own-output')],
    },
    run: () => {
      trail.push('run');
      return 'result';
    },
  };
  return { trail, dispatcher, job };
}

const FULL = [
  'auth(alice)',
  'quota(alice)',
  'shared-input({"q":1})',
  'own-input({"q":1})',
  'run',
  'shared-output("result")',
  'own-output("result")',
];

describe('guardrail order', () => {
  it('admission, then input, then the job, then output; the dispatcher’s before the job’s', async () => {
    const { trail, dispatcher, job } = setup();
    const outcome = await dispatcher.submit(job, Workflow.root('alice', 'mcp'));
    expect(outcome).toEqual({ status: 'completed', value: 'result' });
    expect(trail).toEqual(FULL);
  });

  it.each([
    ['auth', 'admission', false],
    ['quota', 'admission', false],
    ['shared-input', 'input', true],
    ['own-input', 'input', true],
    ['shared-output', 'output', false],
    ['own-output', 'output', false],
  ] as const)('a refusal by %s stops every later step', async (name, stage, correctable) => {
    const { trail, dispatcher, job } = setup(name);
    const outcome = await dispatcher.submit(job, Workflow.root('alice', 'mcp'));
    expect(outcome).toEqual({
      status: 'refused',
      refusal: { code: 'GUARDRAIL', stage, guardrail: name, text: `${name} refuses`, correctable },
    });
    const stop = FULL.findIndex((step) => step.startsWith(`${name}(`));
    expect(trail).toEqual(FULL.slice(0, stop + 1));
    expect(dispatcher.stats().jobs).toBe(0);
  });

  it('judges spawned jobs too, with their own depth', async () => {
    const subjects: GuardrailSubject[] = [];
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: {
        admission: [
          {
            name: 'no-deep',
            judge: (subject) => {
              subjects.push(subject);
              return subject.depth > 1 ? refuse('Sub-tasks may not nest this deep.', false) : ADMIT;
            },
          },
        ],
      },
    });
    const workflow = Workflow.root('alice', 'mcp');
    let nested: JobOutcome | undefined;
    const outcome = await dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: (c) =>
          c.spawn({
            name: 'child',
            input: null,
            run: async (cc) => {
              nested = await cc.spawn({ name: 'grandchild', input: null, run: () => 'never' });
              return 'child done';
            },
          }),
      },
      workflow,
    );
    expect(outcome).toEqual({
      status: 'completed',
      value: { status: 'completed', value: 'child done' },
    });
    expect(nested).toMatchObject({
      status: 'refused',
      refusal: { code: 'GUARDRAIL', stage: 'admission', guardrail: 'no-deep' },
    });
    expect(subjects.map((s) => [s.jobName, s.depth, s.principal, s.origin])).toEqual([
      ['root', 0, 'alice', 'mcp'],
      ['child', 1, 'alice', 'mcp'],
      ['grandchild', 2, 'alice', 'mcp'],
    ]);
    expect(subjects.every((s) => s.workflow === workflow)).toBe(true);
  });

  it('a cancel while a guardrail deliberates stops the job before it runs', async () => {
    const verdict = deferred<typeof ADMIT>();
    let ran = false;
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: { input: [{ name: 'slow', judge: () => verdict.promise }] },
    });
    const workflow = Workflow.root('alice', 'mcp');
    const outcome = dispatcher.submit(
      {
        name: 'tool',
        input: null,
        run: () => {
          ran = true;
        },
      },
      workflow,
    );
    dispatcher.cancelWorkflow(workflow, 'timeout');
    verdict.resolve(ADMIT);
    expect(await outcome).toMatchObject({ status: 'refused', refusal: { reason: 'timeout' } });
    await new Promise((r) => setImmediate(r));
    expect(ran).toBe(false);
    expect(dispatcher.stats().jobs).toBe(0);
  });
});

describe('guardrails answering with a promise', () => {
  it.each([
    ['admission', 'admits', ADMIT],
    ['admission', 'refuses', refuse('Not today.', true)],
    ['output', 'admits', ADMIT],
    ['output', 'refuses', refuse('Not that.', false)],
  ] as const)(
    'an %s guardrail that %s later decides as one answering at once',
    async (stage, _, verdict) => {
      const dispatcher = createDispatcher({
        maxRunning: 1,
        maxQueued: 0,
        guardrails: { [stage]: [{ name: 'later', judge: async () => verdict }] },
      });
      const outcome = await dispatcher.submit(
        { name: 'tool', input: null, run: () => 'result' },
        Workflow.root('alice', 'mcp'),
      );
      expect(outcome).toEqual(
        verdict.ok
          ? { status: 'completed', value: 'result' }
          : {
              status: 'refused',
              refusal: {
                code: 'GUARDRAIL',
                stage,
                guardrail: 'later',
                text: verdict.text,
                correctable: verdict.correctable,
              },
            },
      );
    },
  );
});

describe('a job cancelled while it runs', () => {
  it('returns a result that no output guardrail is asked about', async () => {
    const judged: unknown[] = [];
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: {
        output: [
          {
            name: 'watch',
            judge: (value) => {
              judged.push(value);
              return ADMIT;
            },
          },
        ],
      },
    });
    const workflow = Workflow.root('alice', 'mcp');
    const returned = deferred();
    const outcome = dispatcher.submit(
      {
        name: 'tool',
        input: null,
        run: async (context) => {
          await new Promise((resolve) => context.signal.addEventListener('abort', resolve));
          returned.resolve();
          return 'too late';
        },
      },
      workflow,
    );
    await new Promise((r) => setImmediate(r));
    dispatcher.cancelWorkflow(workflow, 'client_cancel');
    expect(await outcome).toMatchObject({
      status: 'refused',
      refusal: { reason: 'client_cancel' },
    });
    await returned.promise;
    await new Promise((r) => setImmediate(r));
    expect(judged).toEqual([]);
    expect(dispatcher.stats().jobs).toBe(0);
  });
});
