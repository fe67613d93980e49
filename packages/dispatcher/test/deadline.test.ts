/*
 * A deadline costs a timer only when it can matter: a job that settles within `submit` (its
 * guardrails and `run` all synchronous) arms none, a job still live when `submit` returns (queued,
 * or awaiting) arms exactly one, released when its outcome is delivered; and a forged workflow has
 * no cancel mark to read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, Workflow } from '../src/index.ts';
import { deferred } from './helpers.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the deadline timer', () => {
  it('is never armed for a job that settles within submit', async () => {
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const outcome = dispatcher.submit(
      { name: 'sync', input: 2, run: (context) => (context.input as number) * 2 },
      Workflow.root('alice', 'mcp'),
      { timeoutMs: 1000 },
    );
    expect(armed).not.toHaveBeenCalled();
    expect(dispatcher.stats().timers).toBe(0);
    expect(await outcome).toEqual({ status: 'completed', value: 4 });
  });

  it('is armed once for a job that awaits, and released when it settles', async () => {
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    const gate = deferred<string>();
    const outcome = dispatcher.submit(
      { name: 'async', input: null, run: () => gate.promise },
      Workflow.root('alice', 'mcp'),
      { timeoutMs: 1000 },
    );
    expect(armed).toHaveBeenCalledTimes(1);
    expect(armed.mock.calls[0]![1]).toBe(1000);
    expect(dispatcher.stats().timers).toBe(1);
    gate.resolve('done');
    expect(await outcome).toEqual({ status: 'completed', value: 'done' });
    expect(dispatcher.stats().timers).toBe(0);
  });

  it('is armed for a queued job, whose wait counts against it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 1 });
    const blocker = deferred<string>();
    const first = dispatcher.submit(
      { name: 'first', input: null, run: () => blocker.promise },
      Workflow.root('alice', 'mcp'),
    );
    const waiting = Workflow.root('alice', 'mcp');
    const queued = dispatcher.submit({ name: 'queued', input: null, run: () => 'ran' }, waiting, {
      timeoutMs: 50,
    });
    expect(dispatcher.stats()).toMatchObject({ queued: 1, timers: 1 });
    await vi.advanceTimersByTimeAsync(50);
    expect(await queued).toMatchObject({ status: 'refused', refusal: { code: 'CANCELLED' } });
    expect(waiting.cancelled).toBe('timeout');
    blocker.resolve('done');
    expect(await first).toEqual({ status: 'completed', value: 'done' });
  });
});

describe('a forged workflow', () => {
  it('reads as not cancelled rather than throwing', () => {
    const forged = Object.create(Workflow.prototype) as Workflow;
    expect(forged.cancelled).toBeUndefined();
  });
});
