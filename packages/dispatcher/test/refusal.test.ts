/*
 * Pins the contract an LLM reads and a host keys on: every refusal template, every refusal and
 * error code (frozen tables whose keys equal their values); and guards that no refusal the dispatcher composes carries what the caller sent
 * (a requested job name, an input), whatever it is.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ARTIFACT_ERROR_CODES,
  CANCEL_REASONS,
  CancellationError,
  createDispatcher,
  DISPATCH_REFUSAL_CODES,
  DISPATCH_REFUSAL_TEXTS,
  DISPATCHER_ERROR_CODES,
  type JobOutcome,
  LOG_LEVELS,
  Workflow,
} from '../src/index.ts';
import { untilAborted } from './helpers.ts';

describe('pinned vocabulary', () => {
  it('refusal texts', () => {
    expect(DISPATCH_REFUSAL_TEXTS.busy).toEqual({
      queue:
        'The server is at capacity and cannot take this call now. Nothing was run; the same call may succeed later.',
      workflow:
        'This call has as many tasks running as it is allowed. Nothing more was started; wait for a running task to finish first.',
    });
    expect(DISPATCH_REFUSAL_TEXTS.cancelled).toEqual({
      timeout: 'The call was cancelled because it ran past its time limit.',
      client_cancel: 'The call was cancelled at the client’s request.',
      disconnect: 'The call was cancelled because the client disconnected.',
      parent_failed: 'The call was cancelled because the task that started it failed.',
      parent_finished:
        'The call was cancelled because the task that started it had already finished.',
    });
    expect(DISPATCH_REFUSAL_TEXTS.sealedScope(['fetch', 'search'])).toBe(
      'This tool may not be dispatched here. Tools the enclosing task allows: fetch, search.',
    );
    expect(DISPATCH_REFUSAL_TEXTS.sealedScope([])).toBe(
      'This tool may not be dispatched here: the enclosing task allows no tools to be dispatched.',
    );
  });

  it('refusal codes and error codes', () => {
    expect(DISPATCH_REFUSAL_CODES).toEqual({
      BUSY: 'BUSY',
      GUARDRAIL: 'GUARDRAIL',
      CANCELLED: 'CANCELLED',
      SEALED_SCOPE: 'SEALED_SCOPE',
    });
    for (const [key, code] of Object.entries(DISPATCH_REFUSAL_CODES)) expect(key).toBe(code);
    expect(Object.values(DISPATCHER_ERROR_CODES)).toEqual([
      'INVALID_OPTIONS',
      'INVALID_JOB',
      'INVALID_WORKFLOW',
      'INVALID_PRINCIPAL',
      'INVALID_CANCEL_REASON',
      'INVALID_SUBMIT_OPTIONS',
      'INVALID_VERDICT',
      'INVALID_REPORT',
    ]);
    for (const [key, code] of Object.entries(DISPATCHER_ERROR_CODES)) expect(key).toBe(code);
    expect(Object.values(ARTIFACT_ERROR_CODES)).toEqual([
      'INVALID_ALIAS',
      'DUPLICATE_TYPE',
      'UNREGISTERED_TYPE',
      'FOREIGN_REF',
      'DUPLICATE_REF',
      'UNWRITABLE_REF',
    ]);
    for (const [key, code] of Object.entries(ARTIFACT_ERROR_CODES)) expect(key).toBe(code);
    const error = new CancellationError('disconnect');
    expect([error.name, error.code, error.details]).toEqual([
      'CancellationError',
      'CANCELLED',
      { reason: 'disconnect' },
    ]);
  });

  it('every table is frozen, to the leaves', () => {
    for (const table of [
      DISPATCH_REFUSAL_CODES,
      DISPATCH_REFUSAL_TEXTS,
      DISPATCH_REFUSAL_TEXTS.busy,
      DISPATCH_REFUSAL_TEXTS.cancelled,
      DISPATCHER_ERROR_CODES,
      ARTIFACT_ERROR_CODES,
      CANCEL_REASONS,
      LOG_LEVELS,
    ]) {
      expect(Object.isFrozen(table)).toBe(true);
    }
  });
});

describe('no refusal carries caller data', () => {
  it('whatever name is asked for and whatever input is sent', async () => {
    const probe = fc.string({ maxLength: 40 }).map((s) => `canary${s}yranac`);
    await fc.assert(
      fc.asyncProperty(probe, probe, async (askedName, sentInput) => {
        const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
        const workflow = Workflow.root('alice', 'mcp');
        const refusals: JobOutcome[] = [];
        const root = dispatcher.submit(
          {
            name: 'orchestrator',
            input: sentInput,
            scope: ['search', 'fetch'],
            run: async (context) => {
              refusals.push(
                await context.spawn({ name: askedName, input: sentInput, run: () => sentInput }),
              );
              return untilAborted(context);
            },
          },
          workflow,
        );
        refusals.push(
          await dispatcher.submit(
            { name: askedName, input: sentInput, run: () => sentInput },
            Workflow.root('bob', 'mcp'),
          ),
        );
        dispatcher.cancelWorkflow(workflow, 'client_cancel');
        refusals.push(await root);
        expect(refusals.map((r) => r.status === 'refused' && r.refusal.code)).toEqual([
          'SEALED_SCOPE',
          'BUSY',
          'CANCELLED',
        ]);
        for (const outcome of refusals) {
          expect(JSON.stringify(outcome)).not.toMatch(/canary|yranac/);
        }
      }),
    );
  });
});
