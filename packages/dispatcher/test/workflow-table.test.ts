/*
 * The table of live workflows is made afresh each time its last workflow leaves: workflows that come
 * one at a time, and ones that overlap, are counted and found by id as before, and a workflow that
 * has left is unknown.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher, Workflow } from '../src/index.ts';
import { untilAborted } from './helpers.ts';

describe('the table of live workflows', () => {
  it('counts and finds by id workflows that come one at a time and ones that overlap', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    for (let round = 0; round < 3; round += 1) {
      const done = Workflow.root('reader', 'test');
      const finished = await dispatcher.submit({ name: 'quick', input: 1, run: () => 2 }, done);
      expect(finished).toEqual({ status: 'completed', value: 2 });
      expect(dispatcher.stats().workflows).toBe(0);
      expect(dispatcher.cancelWorkflow(done.id, 'client_cancel')).toBe(0);

      const first = Workflow.root('reader', 'test');
      const second = Workflow.root('reader', 'test');
      const waits = { name: 'waits', input: 0, run: untilAborted };
      const firstOutcome = dispatcher.submit(waits, first);
      const secondOutcome = dispatcher.submit(waits, second);
      expect(dispatcher.stats().workflows).toBe(2);
      expect(dispatcher.cancelWorkflow(first.id, 'client_cancel')).toBe(1);
      expect((await firstOutcome).status).toBe('refused');
      await new Promise((resolve) => setImmediate(resolve));
      expect(dispatcher.stats().workflows).toBe(1);
      expect(dispatcher.cancelWorkflow(second.id, 'timeout')).toBe(1);
      expect((await secondOutcome).status).toBe('refused');
      await new Promise((resolve) => setImmediate(resolve));
      expect(dispatcher.stats()).toMatchObject({ workflows: 0, jobs: 0, running: 0 });
    }
  });
});
