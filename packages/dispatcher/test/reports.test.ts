import { describe, expect, it } from 'vitest';
import {
  createDispatcher,
  DispatcherError,
  type JobContext,
  type JobReport,
  Workflow,
} from '../src/index.ts';
import { flush, untilAborted } from './helpers.ts';

describe('reports', () => {
  it('carries progress and logs from every depth to the caller’s listener, then releases it', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const reports: JobReport[] = [];
    let late: JobContext<null> | undefined;
    await dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          late = context;
          context.reportProgress(0, 2, 'starting');
          context.log('info', 'looking', { step: 1 });
          await context.spawn({
            name: 'child',
            input: null,
            run: (inner) => {
              inner.reportProgress(5);
              inner.log('warning', 'slow source');
            },
          });
          context.reportProgress(1, 2);
          context.reportProgress(1, 2);
          context.reportProgress(0.5, 2);
          context.reportProgress(2, 2, 'done');
        },
      },
      Workflow.root('alice', 'mcp'),
      { onReport: (report) => reports.push(report) },
    );
    late?.reportProgress(3, 3);
    late?.log('error', 'after the end');
    expect(
      reports.map((r) =>
        r.kind === 'progress'
          ? [r.job.name, r.progress, r.total, r.message]
          : [r.job.name, r.level, r.message, r.data],
      ),
    ).toEqual([
      ['root', 0, 2, 'starting'],
      ['root', 'info', 'looking', { step: 1 }],
      ['child', 5, undefined, undefined],
      ['child', 'warning', 'slow source', undefined],
      ['root', 1, 2, undefined],
      ['root', 2, 2, 'done'],
    ]);
    expect(reports[2]).not.toHaveProperty('total');
    expect(dispatcher.stats().reportListeners).toBe(0);
  });

  it('a job submitted without a listener reports at every depth to no one, and completes', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const outcome = await dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          context.reportProgress(1, 2, 'half');
          context.log('info', 'looking', { step: 1 });
          const inner = await context.spawn({
            name: 'child',
            input: null,
            run: (c) => {
              c.reportProgress(1);
              c.log('warning', 'slow source');
              return 'child done';
            },
          });
          context.reportProgress(2, 2);
          return inner;
        },
      },
      Workflow.root('alice', 'mcp'),
    );
    expect(outcome).toEqual({
      status: 'completed',
      value: { status: 'completed', value: 'child done' },
    });
    expect(dispatcher.stats()).toMatchObject({ jobs: 0, reportListeners: 0 });
  });

  it('a malformed report is a defect even when no listener would receive it', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    for (const attempt of [
      (c: JobContext<null>) => c.reportProgress(-1),
      (c: JobContext<null>) => c.log('loud' as 'info', 'x'),
    ]) {
      const outcome = await dispatcher.submit(
        { name: 'bad-reporter', input: null, run: attempt },
        Workflow.root('alice', 'mcp'),
      );
      expect(outcome).toMatchObject({ status: 'failed', error: { code: 'INVALID_REPORT' } });
    }
  });

  it('refuses a malformed report as a defect of the job', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const attempts: ((c: JobContext<null>) => void)[] = [
      (c) => c.reportProgress(Number.NaN),
      (c) => c.reportProgress(-1),
      (c) => c.reportProgress(1, Number.POSITIVE_INFINITY),
      (c) => c.log('loud' as 'info', 'x'),
      (c) => c.log('info', 42 as unknown as string),
    ];
    for (const attempt of attempts) {
      const outcome = await dispatcher.submit(
        { name: 'bad-reporter', input: null, run: attempt },
        Workflow.root('alice', 'mcp'),
        { onReport: () => {} },
      );
      expect(outcome.status).toBe('failed');
      const { error } = outcome as { error: DispatcherError };
      expect(error).toBeInstanceOf(DispatcherError);
      expect(error.code).toBe('INVALID_REPORT');
    }
  });

  it('a throw from the listener reaches the reporting job, not its parent nor the door', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const broken = new Error('listener broke');
    const outcome = await dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: (context) =>
          context.spawn({
            name: 'child',
            input: null,
            run: (inner) => {
              inner.log('info', 'hello');
              return 'unreached';
            },
          }),
      },
      Workflow.root('alice', 'mcp'),
      {
        onReport: () => {
          throw broken;
        },
      },
    );
    expect(outcome).toEqual({ status: 'completed', value: { status: 'failed', error: broken } });
    expect(dispatcher.stats()).toMatchObject({ jobs: 0, running: 0, reportListeners: 0 });
  });

  it('a cancelled job’s reports are dropped while it drains', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const workflow = Workflow.root('alice', 'mcp');
    const reports: JobReport[] = [];
    const outcome = dispatcher.submit(
      {
        name: 'chatty',
        input: null,
        run: async (context) => {
          context.reportProgress(1);
          await untilAborted(context);
          context.reportProgress(2);
          context.log('info', 'still here');
        },
      },
      workflow,
      { onReport: (r) => reports.push(r) },
    );
    dispatcher.cancelWorkflow(workflow, 'client_cancel');
    await outcome;
    await flush();
    expect(reports).toHaveLength(1);
  });
  it('a report holds only the fields the job gave: no `total`, `message` or `data` key for one it left out', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const reports: JobReport[] = [];
    await dispatcher.submit(
      {
        name: 'terse',
        input: null,
        run: (context) => {
          context.reportProgress(1);
          context.reportProgress(2, 4);
          context.reportProgress(3, undefined, 'three');
          context.log('info', 'plain');
          context.log('debug', 'with data', { n: 1 });
        },
      },
      Workflow.root('alice', 'mcp'),
      { onReport: (report) => reports.push(report) },
    );
    const job = reports[0]!.job;
    expect(reports).toStrictEqual([
      { kind: 'progress', job, progress: 1 },
      { kind: 'progress', job, progress: 2, total: 4 },
      { kind: 'progress', job, progress: 3, message: 'three' },
      { kind: 'log', job, level: 'info', message: 'plain' },
      { kind: 'log', job, level: 'debug', message: 'with data', data: { n: 1 } },
    ]);
  });
  it('a spawned job’s reports after it returned are dropped while its parent still runs', async () => {
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const reports: JobReport[] = [];
    await dispatcher.submit(
      {
        name: 'root',
        input: null,
        run: async (context) => {
          let returned: JobContext<null> | undefined;
          await context.spawn({
            name: 'child',
            input: null,
            run: (inner) => {
              returned = inner;
              inner.reportProgress(1);
            },
          });
          returned?.reportProgress(2);
          returned?.log('info', 'from a job that returned');
          context.log('info', 'parent still here');
        },
      },
      Workflow.root('alice', 'mcp'),
      { onReport: (report) => reports.push(report) },
    );
    expect(reports.map((r) => [r.job.name, r.kind])).toEqual([
      ['child', 'progress'],
      ['root', 'log'],
    ]);
  });
});
