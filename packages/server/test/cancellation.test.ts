/*
 * A call is the root of a workflow, and the server's deadline, the client's
 * `notifications/cancelled` and the client going away each cancel that workflow as a whole: the
 * orchestrator, the thinker it dispatched and the leaf below are all observed to stop, with the
 * reason, and the dispatcher is left holding nothing.
 */
import { createDispatcher, type Dispatcher } from '@portcullis/dispatcher';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { observer } from './fixtures/observer.ts';
import { call, closeAll, fixtureServer, rawPeer, sdkClient } from './support.ts';

afterEach(async () => {
  vi.useRealTimers();
  await closeAll();
});

const LEVELS = (topic: string) => [`research:${topic}`, `think:${topic}`, `leaf:${topic}`];

async function stopped(topic: string): Promise<string[]> {
  return Promise.all(LEVELS(topic).map((label) => observer.whenStopped(label)));
}

/** Resolves once the dispatcher holds nothing (every cancelled job has returned). */
async function drained(dispatcher: Dispatcher): Promise<void> {
  while (dispatcher.stats().jobs > 0 || dispatcher.stats().running > 0) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('a three-level workflow', () => {
  it('stops as a whole at the deadline, and the call says it ran past its time limit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { server } = fixtureServer({ dispatcher, callTimeoutMs: 5_000 });
    const peer = await rawPeer(server, 'alice');
    const answer = peer.answer(1);
    await peer.send(call(1, 'research', { topic: 'deadline', hold: true }));
    await observer.whenStarted('leaf:deadline');
    vi.advanceTimersByTime(5_000);
    expect(await stopped('deadline')).toEqual(['timeout', 'timeout', 'timeout']);
    const result = (await answer).result;
    expect(result).toEqual({
      content: [
        { type: 'text', text: 'The call was cancelled because it ran past its time limit.' },
      ],
      isError: true,
      _meta: { 'portcullis/correctable': false },
    });
    await drained(dispatcher);
  });

  it('stops as a whole on the client cancel, and the cancelled call gets no answer', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { server } = fixtureServer({ dispatcher });
    const peer = await rawPeer(server, 'alice');
    await peer.send(call(5, 'research', { topic: 'cancel', hold: true }));
    await observer.whenStarted('leaf:cancel');
    await peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 5 },
    });
    expect(await stopped('cancel')).toEqual(['client_cancel', 'client_cancel', 'client_cancel']);
    await drained(dispatcher);
    await peer.request({ jsonrpc: '2.0', id: 6, method: 'ping' });
    expect(peer.received.filter((message) => message.id === 5)).toEqual([]);
  });

  it('stops as a whole when the SDK client aborts its request', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { server } = fixtureServer({ dispatcher });
    const client = await sdkClient(server, 'alice');
    const abort = new AbortController();
    const pending = client.callTool(
      { name: 'research', arguments: { topic: 'sdk-cancel', hold: true } },
      undefined,
      { signal: abort.signal },
    );
    await observer.whenStarted('leaf:sdk-cancel');
    abort.abort('changed my mind');
    await expect(pending).rejects.toThrow();
    expect(await stopped('sdk-cancel')).toEqual([
      'client_cancel',
      'client_cancel',
      'client_cancel',
    ]);
    await drained(dispatcher);
  });

  it('stops as a whole when the client goes away', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { server } = fixtureServer({ dispatcher });
    const peer = await rawPeer(server, 'alice');
    await peer.send(call(1, 'research', { topic: 'gone', hold: true }));
    await observer.whenStarted('leaf:gone');
    await peer.close();
    expect(await stopped('gone')).toEqual(['disconnect', 'disconnect', 'disconnect']);
    await drained(dispatcher);
  });

  it('cancels only the call named, and only for the connection that made it', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { server } = fixtureServer({ dispatcher });
    const one = await rawPeer(server, 'alice');
    const other = await rawPeer(server, 'alice');
    await one.send(call(1, 'research', { topic: 'kept', hold: true }));
    await other.send(call(1, 'research', { topic: 'cancelled', hold: true }));
    await observer.whenStarted('leaf:kept');
    await observer.whenStarted('leaf:cancelled');
    await other.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1 },
    });
    await stopped('cancelled');
    expect(dispatcher.stats().workflows).toBe(1);
    await one.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } });
    await stopped('kept');
    await drained(dispatcher);
  });
});
