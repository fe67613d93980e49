/*
 * Guards what a guardrail is handed and what it may answer: the subject is frozen, so one
 * guardrail cannot rewrite what the next one judges; a verdict is `ADMIT` or `refuse(text,
 * correctable)`, frozen, with words; anything else a guardrail answers is a defect.
 */
import { describe, expect, it } from 'vitest';
import { ADMIT, createDispatcher, DispatcherError, refuse, Workflow } from '../src/index.ts';
import { admission, input, output, type Trail } from './guardrail-helpers.ts';

describe('the subject', () => {
  it('is frozen: a guardrail cannot rewrite the principal the next one judges', async () => {
    const seen: string[] = [];
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: {
        admission: [
          {
            name: 'meddler',
            judge: (subject) => {
              try {
                (subject as { principal: string }).principal = 'root';
              } catch {
                // a frozen subject refuses the write
              }
              return ADMIT;
            },
          },
          {
            name: 'auth',
            judge: (subject) => {
              seen.push(subject.principal);
              return ADMIT;
            },
          },
        ],
        input: [
          {
            name: 'input',
            judge: (_, subject) => {
              seen.push(subject.principal);
              return ADMIT;
            },
          },
        ],
      },
    });
    const outcome = await dispatcher.submit(
      { name: 'tool', input: null, run: () => 'ok' },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({ status: 'completed', value: 'ok' });
    expect(seen).toEqual(['alice', 'alice']);
  });
});

describe('verdicts', () => {
  it('refuse() insists on words and a boolean', () => {
    const verdict = refuse('Use a smaller page size.', true);
    expect(verdict).toEqual({ ok: false, text: 'Use a smaller page size.', correctable: true });
    expect(Object.isFrozen(verdict)).toBe(true);
    expect(ADMIT).toEqual({ ok: true });
    expect(Object.isFrozen(ADMIT)).toBe(true);
    expect(() => refuse('  ', true)).toThrow(expect.objectContaining({ code: 'INVALID_VERDICT' }));
    expect(() => refuse('x', 'yes' as unknown as boolean)).toThrow(DispatcherError);
  });

  it.each([
    [undefined],
    [true],
    [{ ok: 'yes' }],
    [{ ok: false }],
    [{ ok: false, text: '', correctable: true }],
    [{ ok: false, text: 'no', correctable: 'no' }],
    // the verdict shapes before they discriminated on `ok`
    [{ admitted: true }],
    [{ admitted: false, text: 'no', correctable: false }],
  ])('a guardrail answering %j fails the job with INVALID_VERDICT', async (answer) => {
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: { admission: [{ name: 'sloppy', judge: () => answer as never }] },
    });
    let ran = false;
    const outcome = await dispatcher.submit(
      {
        name: 'tool',
        input: null,
        run: () => {
          ran = true;
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toMatchObject({
      status: 'failed',
      error: {
        code: 'INVALID_VERDICT',
        details: { stage: 'admission', guardrail: 'sloppy', job: 'tool' },
      },
    });
    expect((outcome as { error: Error }).error.message).not.toContain('sloppy');
    expect(ran).toBe(false);
  });

  it.each(['admission', 'input', 'output'] as const)(
    'a %s guardrail that throws at once fails the job with that error and stops every later step',
    async (stage) => {
      const trail: Trail = [];
      const error = new Error(`${stage} guardrail broke`);
      const throwing = {
        name: 'thrower',
        judge: () => {
          throw error;
        },
      };
      const dispatcher = createDispatcher({
        maxRunning: 1,
        maxQueued: 0,
        guardrails: {
          admission: [stage === 'admission' ? throwing : admission('auth', trail)],
          input: [stage === 'input' ? throwing : input('shared-input', trail)],
          output: [stage === 'output' ? throwing : output('shared-output', trail)],
        },
      });
      const outcome = await dispatcher.submit(
        {
          name: 'tool',
          input: { q: 1 },
          guardrails: { output: [output('own-output', trail)] },
          run: () => {
            trail.push('run');
            return 'result';
          },
        },
        Workflow.root('alice', 'mcp'),
      );
      expect(outcome).toEqual({ status: 'failed', error });
      expect(trail).toEqual(
        {
          admission: [],
          input: ['auth(alice)'],
          output: ['auth(alice)', 'shared-input({"q":1})', 'run'],
        }[stage],
      );
      expect(dispatcher.stats()).toMatchObject({ jobs: 0, running: 0 });
    },
  );

  it('a guardrail that throws fails the job with that error', async () => {
    const error = new Error('classifier down');
    const dispatcher = createDispatcher({
      maxRunning: 1,
      maxQueued: 0,
      guardrails: {
        output: [
          {
            name: 'classifier',
            judge: async () => {
              throw error;
            },
          },
        ],
      },
    });
    const outcome = await dispatcher.submit(
      { name: 'tool', input: null, run: () => 'secret result' },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({ status: 'failed', error });
  });
});
