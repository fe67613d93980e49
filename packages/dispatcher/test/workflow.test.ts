/*
 * Guards the workflow value: a root is made for a non-empty principal and origin, its id is unique,
 * and its cancel mark is read-only from outside and set only through a dispatcher.
 */
import { describe, expect, it } from 'vitest';
import { createDispatcher, Workflow } from '../src/index.ts';

describe('Workflow.root', () => {
  it('carries its principal and origin and a unique id', () => {
    const ids = new Set<string>();
    for (let i = 0; i < 1000; i++) ids.add(Workflow.root('alice', 'mcp').id);
    expect(ids.size).toBe(1000);
    const workflow = Workflow.root('alice', 'mcp');
    expect([workflow.principal, workflow.origin]).toEqual(['alice', 'mcp']);
    expect(workflow.cancelled).toBeUndefined();
  });

  it.each([
    ['', 'mcp'],
    ['alice', ''],
    [undefined, 'mcp'],
    [42, 'mcp'],
  ])('refuses principal %j and origin %j with INVALID_PRINCIPAL', (principal, origin) => {
    expect(() => Workflow.root(principal as string, origin as string)).toThrow(
      expect.objectContaining({ name: 'DispatcherError', code: 'INVALID_PRINCIPAL' }),
    );
  });

  it('is cancelled only through a dispatcher, and keeps its first reason', () => {
    const workflow = Workflow.root('alice', 'mcp');
    expect(() => {
      (workflow as unknown as { cancelled: string }).cancelled = 'timeout';
    }).toThrow(TypeError);
    const dispatcher = createDispatcher({ maxRunning: 1, maxQueued: 0 });
    dispatcher.cancelWorkflow(workflow, 'disconnect');
    dispatcher.cancelWorkflow(workflow, 'timeout');
    expect(workflow.cancelled).toBe('disconnect');
  });
});
