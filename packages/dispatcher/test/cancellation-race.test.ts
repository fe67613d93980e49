/*
 * Guards cancellation against every timing: whatever step of a job tree a cancel lands on (queued,
 * in a guardrail, mid-run, while children settle, after completion), every outcome promise
 * resolves and none rejects, nothing rejects unhandled (vitest fails the run on one),
 * a job never starts after its workflow was cancelled, and once every job has returned the
 * dispatcher holds nothing.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIT,
  CANCEL_REASONS,
  createDispatcher,
  type GuardrailVerdict,
  type Job,
  type JobContext,
  type JobOutcome,
  refuse,
  Workflow,
} from '../src/index.ts';
import { flush } from './helpers.ts';

type Leaf = 'value' | 'throw' | 'reject' | 'throwIfAborted' | 'ignoreAbort';
type Verdict = 'admit' | 'refuse' | 'throw' | 'asyncAdmit' | 'asyncReject';

const leafArb = fc.constantFrom<Leaf>('value', 'throw', 'reject', 'throwIfAborted', 'ignoreAbort');
const verdictArb = fc.constantFrom<Verdict>(
  'admit',
  'admit',
  'refuse',
  'throw',
  'asyncAdmit',
  'asyncReject',
);
const REASONS = Object.values(CANCEL_REASONS);

function verdictOf(kind: Verdict): GuardrailVerdict | Promise<GuardrailVerdict> {
  switch (kind) {
    case 'admit':
      return ADMIT;
    case 'refuse':
      return refuse('Not for this consumer.', false);
    case 'throw':
      throw new Error('guardrail broke');
    case 'asyncAdmit':
      return Promise.resolve().then(() => ADMIT);
    default:
      return Promise.resolve().then(() => Promise.reject(new Error('guardrail rejected')));
  }
}

describe('a cancel at any step', () => {
  it('resolves every outcome, starts nothing after it, and leaves nothing behind', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(leafArb, { maxLength: 3 }), { minLength: 1, maxLength: 4 }),
        verdictArb,
        fc.integer({ min: 0, max: 12 }),
        fc.constantFrom(...REASONS),
        fc.integer({ min: 1, max: 3 }),
        async (shape, verdict, cancelAfter, reason, maxRunning) => {
          const dispatcher = createDispatcher({
            maxRunning,
            maxQueued: 8,
            guardrails: { input: [{ name: 'judge', judge: () => verdictOf(verdict) }] },
          });
          const workflow = Workflow.root('alice', 'mcp');
          const releases: (() => void)[] = [];
          const outcomes: Promise<JobOutcome>[] = [];
          let cancelledAt: number | undefined;
          let startedAfterCancel = 0;
          let step = 0;
          const started = () => {
            if (cancelledAt !== undefined) startedAfterCancel++;
          };
          const leaf = (kind: Leaf): Job<null, unknown> => ({
            name: 'leaf',
            input: null,
            run: async (context: JobContext<null>) => {
              started();
              await Promise.resolve();
              switch (kind) {
                case 'value':
                  return 'v';
                case 'throw':
                  throw new Error('leaf broke');
                case 'reject':
                  return Promise.reject(new Error('leaf rejected'));
                case 'throwIfAborted':
                  await new Promise<void>((resolve) => {
                    releases.push(resolve);
                    context.signal.addEventListener('abort', () => resolve(), { once: true });
                  });
                  context.signal.throwIfAborted();
                  return 'not aborted';
                default:
                  await new Promise<void>((resolve) => releases.push(resolve));
                  return 'ignored the abort';
              }
            },
          });
          for (const leaves of shape) {
            outcomes.push(
              dispatcher.submit(
                {
                  name: 'root',
                  input: null,
                  run: async (context) => {
                    started();
                    const children = leaves.map((kind) => context.spawn(leaf(kind)));
                    outcomes.push(...children);
                    return Promise.all(children);
                  },
                },
                workflow,
              ),
            );
          }
          for (let i = 0; i <= 12; i++) {
            if (i === cancelAfter) {
              cancelledAt = step;
              dispatcher.cancelWorkflow(workflow, reason);
            }
            step++;
            await Promise.resolve();
          }
          const late = dispatcher.submit({ name: 'late', input: null, run: started }, workflow);
          outcomes.push(late);
          for (const release of releases) release();
          for (let round = 0; round < 5 && dispatcher.stats().jobs > 0; round++) {
            for (const release of releases) release();
            await flush();
          }
          const results = await Promise.all(outcomes);
          for (const result of results) {
            expect(['completed', 'refused', 'failed']).toContain(result.status);
          }
          expect(await late).toMatchObject({
            status: 'refused',
            refusal: { code: 'CANCELLED', reason },
          });
          expect(startedAfterCancel).toBe(0);
          expect(dispatcher.stats()).toEqual({
            workflows: 0,
            jobs: 0,
            running: 0,
            queued: 0,
            draining: 0,
            timers: 0,
            reportListeners: 0,
          });
        },
      ),
      { numRuns: 150 },
    );
  });
});
