/*
 * A job's context keeps its contract whatever shape it is built in: every function works when
 * taken off it, `signal` reads the job's own signal (aborting with the workflow), and the context
 * carries the input, workflow, principal, job facts and, when one was given, the registry.
 */
import { describe, expect, it } from 'vitest';
import {
  createArtifactRegistry,
  createDispatcher,
  type JobContext,
  Workflow,
} from '../src/index.ts';
import { deferred } from './helpers.ts';

describe('a job context', () => {
  it('works taken apart, and its signal aborts with its workflow', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const reports: string[] = [];
    const seen = deferred<JobContext<number>>();
    const outcome = dispatcher.submit(
      {
        name: 'parent',
        input: 7,
        run: async (context: JobContext<number>) => {
          const { reportProgress, log, spawn, signal } = context;
          seen.resolve(context);
          reportProgress(1, 2);
          log('info', 'taken apart');
          const child = await spawn({ name: 'child', input: null, run: () => 'child ran' });
          await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
          return child;
        },
      },
      workflow,
      { onReport: (report) => reports.push(report.kind) },
    );
    const context = await seen.promise;
    expect([context.input, context.workflow, context.principal, context.job.name]).toEqual([
      7,
      workflow,
      'alice',
      'parent',
    ]);
    expect(context.registry).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    expect(reports).toEqual(['progress', 'log']);
    dispatcher.cancelWorkflow(workflow, 'client_cancel');
    expect(context.signal.aborted).toBe(true);
    expect(await outcome).toMatchObject({ status: 'refused', refusal: { code: 'CANCELLED' } });
  });

  it('carries the registry given to submit', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const registry = createArtifactRegistry([]);
    const outcome = dispatcher.submit(
      { name: 'with', input: null, run: (context) => context.registry === registry },
      Workflow.root('alice', 'mcp'),
      { registry },
    );
    expect(await outcome).toEqual({ status: 'completed', value: true });
  });
});
