/*
 * Guards the one shape of every error the package throws: `new XError(code, message, { ...details,
 * cause })`, a stable `code`, frozen `details` holding the facts (job, option, stage, guardrail,
 * alias), `cause` only when there is one; and the repo's one message style: a whole sentence that
 * says what is wrong and then what to do, naming no job, guardrail or alias (those are details).
 */
import { describe, expect, it } from 'vitest';
import {
  ArtifactError,
  CancellationError,
  createArtifactRegistry,
  createDispatcher,
  DispatcherError,
  defineArtifactType,
  type Job,
  type JobContext,
  refuse,
  Workflow,
} from '../src/index.ts';

const JOB = 'canaryJob';
const GUARDRAIL = 'canaryGuard';
const ALIAS = 'canaryalias';

class Doc {
  ref: string | null = null;
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

/** Every defect the package can throw synchronously, with the details it must carry. */
function synchronousDefects(): [string, unknown, object][] {
  const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
  const workflow = Workflow.root('alice', 'mcp');
  const run = () => 1;
  const submit = (job: unknown, options?: unknown) => () =>
    dispatcher.submit(job as Job, workflow, options as never);
  const options = (extra: object) => () =>
    createDispatcher({ maxRunning: 1, maxQueued: 0, ...extra } as never);
  const registry = createArtifactRegistry([defineArtifactType(ALIAS, Doc)]);
  const foreign = Object.assign(new Doc(), { ref: 'other:1' });
  const twin = Object.assign(new Doc(), { ref: registry.register(new Doc()) });
  const forgetful = new Doc();
  Object.defineProperty(forgetful, 'ref', { get: () => null, set: () => {} });
  return [
    ['options not an object', thrown(() => createDispatcher(null as never)), {}],
    ['maxRunning', thrown(options({ maxRunning: 0 })), { option: 'maxRunning', limit: 1 }],
    ['maxQueued', thrown(options({ maxQueued: -1 })), { option: 'maxQueued', limit: 0 }],
    [
      'maxJobsPerWorkflow',
      thrown(options({ maxJobsPerWorkflow: 0 })),
      { option: 'maxJobsPerWorkflow', limit: 1 },
    ],
    ['guardrails not an object', thrown(options({ guardrails: 5 })), { option: 'guardrails' }],
    ['unknown stage', thrown(options({ guardrails: { during: [] } })), { option: 'guardrails' }],
    [
      'stage not a list',
      thrown(options({ guardrails: { input: 'x' } })),
      { option: 'guardrails', stage: 'input' },
    ],
    [
      'nameless guardrail',
      thrown(options({ guardrails: { output: [{ name: '', judge: run }] } })),
      { option: 'guardrails', stage: 'output' },
    ],
    ['job not an object', thrown(submit(null)), {}],
    ['nameless job', thrown(submit({ input: 1, run })), {}],
    ['job without run', thrown(submit({ name: JOB, input: 1 })), { job: JOB }],
    ['scope not a list', thrown(submit({ name: JOB, input: 1, run, scope: 'x' })), { job: JOB }],
    [
      'job guardrail without judge',
      thrown(
        submit({ name: JOB, input: 1, run, guardrails: { admission: [{ name: GUARDRAIL }] } }),
      ),
      { job: JOB, stage: 'admission' },
    ],
    [
      'forged workflow',
      thrown(() => dispatcher.submit({ name: JOB, input: 1, run }, {} as Workflow)),
      {},
    ],
    ['cancel target', thrown(() => dispatcher.cancelWorkflow(42 as never, 'timeout')), {}],
    ['cancel reason', thrown(() => dispatcher.cancelWorkflow(workflow, 'bored' as never)), {}],
    [
      'onReport',
      thrown(submit({ name: JOB, input: 1, run }, { onReport: 'x' })),
      { option: 'onReport' },
    ],
    [
      'timeoutMs',
      thrown(submit({ name: JOB, input: 1, run }, { timeoutMs: 0 })),
      { option: 'timeoutMs', limit: 2 ** 31 - 1 },
    ],
    [
      'registry',
      thrown(submit({ name: JOB, input: 1, run }, { registry: {} })),
      { option: 'registry' },
    ],
    ['principal', thrown(() => Workflow.root('', 'mcp')), {}],
    ['origin', thrown(() => Workflow.root('alice', '')), {}],
    ['refusal text', thrown(() => refuse(' ', true)), {}],
    ['refusal correctable', thrown(() => refuse('No.', 'no' as never)), {}],
    ['alias', thrown(() => defineArtifactType('1x', Doc)), {}],
    ['class', thrown(() => defineArtifactType(ALIAS, 5 as never)), { alias: ALIAS }],
    ['type list', thrown(() => createArtifactRegistry('x' as never)), {}],
    [
      'duplicate type',
      thrown(() =>
        createArtifactRegistry([defineArtifactType(ALIAS, Doc), defineArtifactType(ALIAS, Doc)]),
      ),
      { alias: ALIAS },
    ],
    ['unregistered', thrown(() => registry.register({ ref: null })), {}],
    ['foreign ref', thrown(() => registry.register(foreign)), { alias: ALIAS }],
    ['duplicate ref', thrown(() => registry.register(twin)), { alias: ALIAS }],
    ['unkept ref', thrown(() => registry.register(forgetful)), { alias: ALIAS }],
    ['unwritable ref', thrown(() => registry.register(Object.freeze(new Doc()))), { alias: ALIAS }],
  ];
}

/** The defects a running job meets: they fail the job and come back as its outcome's error. */
async function defectsOfRunningJobs(): Promise<[string, unknown, object][]> {
  const attempts: [string, (context: JobContext<null>) => unknown, object][] = [
    ['progress', (c) => c.reportProgress(-1), { job: JOB }],
    ['total', (c) => c.reportProgress(1, Number.NaN), { job: JOB }],
    ['progress message', (c) => c.reportProgress(1, 2, 3 as never), { job: JOB }],
    ['log level', (c) => c.log('loud' as never, 'x'), { job: JOB }],
    ['log message', (c) => c.log('info', 3 as never), { job: JOB }],
  ];
  const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
  const cases: [string, unknown, object][] = [];
  for (const [label, run, details] of attempts) {
    const outcome = await dispatcher.submit(
      { name: JOB, input: null, run },
      Workflow.root('a', 'b'),
    );
    cases.push([label, outcome.status === 'failed' ? outcome.error : outcome, details]);
  }
  const sloppy = createDispatcher({
    maxRunning: 1,
    maxQueued: 0,
    guardrails: { input: [{ name: GUARDRAIL, judge: () => ({ ok: 'maybe' }) as never }] },
  });
  const outcome = await sloppy.submit(
    { name: JOB, input: null, run: () => 1 },
    Workflow.root('a', 'b'),
  );
  cases.push([
    'verdict',
    outcome.status === 'failed' ? outcome.error : outcome,
    { stage: 'input', guardrail: GUARDRAIL, job: JOB },
  ]);
  return cases;
}

describe('every error the package throws', () => {
  it('has a stable code, frozen details with the facts, and a message in the one style', async () => {
    const cases = [...synchronousDefects(), ...(await defectsOfRunningJobs())];
    expect(cases.length).toBe(38);
    for (const [label, error, details] of cases) {
      const at = `${label}: ${String(error)}`;
      expect(error instanceof DispatcherError || error instanceof ArtifactError, at).toBe(true);
      const { code, message, details: facts } = error as DispatcherError | ArtifactError;
      expect(typeof code, at).toBe('string');
      expect(facts, at).toEqual(details);
      expect(Object.isFrozen(facts), at).toBe(true);
      // A whole sentence: capital letter (or an identifier in backticks), what is wrong, then what
      // to do after a semicolon, a full stop at the end; no quoted value and none of the names.
      expect(message, at).toMatch(/^[A-Z`][^;]+; [^;]+\.$/);
      expect(message, at).not.toMatch(/"|canary/i);
    }
  });

  it('takes (code, message, { ...details, cause }) and keeps the cause out of the details', () => {
    const cause = new Error('underneath');
    const error = new DispatcherError('INVALID_JOB', 'A job is malformed; fix it.', {
      job: 'search',
      cause,
    });
    expect([error.name, error.code, error.message]).toEqual([
      'DispatcherError',
      'INVALID_JOB',
      'A job is malformed; fix it.',
    ]);
    expect(error.details).toEqual({ job: 'search' });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.cause).toBe(cause);
    expect('cause' in new DispatcherError('INVALID_JOB', 'A job is malformed; fix it.')).toBe(
      false,
    );
    const artifact = new ArtifactError('UNWRITABLE_REF', 'No; stop.', { alias: 'doc', cause });
    expect([artifact.details, artifact.cause]).toEqual([{ alias: 'doc' }, cause]);
    expect(Object.isFrozen(artifact.details)).toBe(true);
  });

  it('an unwritable ref carries the failed write as its cause', () => {
    const registry = createArtifactRegistry([defineArtifactType(ALIAS, Doc)]);
    const error = thrown(() => registry.register(Object.freeze(new Doc()))) as ArtifactError;
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('a cancellation says why in its details and what a job should do in its message', () => {
    const error = new CancellationError('timeout');
    expect(error.details).toEqual({ reason: 'timeout' });
    expect(Object.isFrozen(error.details)).toBe(true);
    expect(error.message).toBe(
      'The workflow this job belongs to is cancelled; stop its work and return.',
    );
  });
});
