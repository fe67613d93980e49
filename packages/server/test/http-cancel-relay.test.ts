/**
 * Two replicas of one stateless endpoint, each a real HTTP host over its own tool server, sharing
 * a cancel relay: a legacy `notifications/cancelled` sent to the replica that is not running the
 * call is relayed and stops the call's whole workflow on the one that is; another consumer's
 * cancel for the same id stops nothing; what the relay delivers that is not a cancel is dropped;
 * and the relay is refused with sessions.
 */
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import type { CancelRelay } from '../src/http.ts';
import { serveHttp } from '../src/http.ts';
import { observer } from './fixtures/observer.ts';
import { bearer, post, resolver } from './http-support.ts';
import { call, closeAll, fixtureServer, onClose } from './support.ts';

afterEach(closeAll);

/** An in-process channel standing for Redis pub/sub: every subscriber gets every message. */
function channel() {
  const bus = new EventEmitter();
  const published: unknown[] = [];
  const relay: CancelRelay = {
    publish(cancel) {
      published.push(cancel);
      bus.emit('cancel', structuredClone(cancel));
    },
    subscribe(onCancel) {
      bus.on('cancel', onCancel);
      return () => bus.off('cancel', onCancel);
    },
  };
  return { relay, published, inject: (message: unknown) => bus.emit('cancel', message) };
}

async function replica(relay: CancelRelay) {
  const { server } = fixtureServer();
  const host = await serveHttp(server, { consumers: resolver, cancelRelay: relay });
  onClose(() => host.close());
  return host;
}

const cancel = (requestId: unknown) => ({
  jsonrpc: '2.0',
  method: 'notifications/cancelled',
  params: { requestId },
});

const levels = (topic: string) => ['research', 'think', 'leaf'].map((level) => `${level}:${topic}`);

describe('a cancel relay between replicas', () => {
  it('stops the whole workflow on the replica running the call', async () => {
    const { relay, published } = channel();
    const [running, other] = [await replica(relay), await replica(relay)];
    const answered = post(
      running.url,
      call(5, 'research', { topic: 'relay', hold: true }),
      bearer('alice'),
    );
    await observer.whenStarted('leaf:relay');
    const sent = await post(other.url, cancel(5), bearer('alice'));
    expect(sent.status).toBe(202);
    const stopped = await Promise.all(levels('relay').map((label) => observer.whenStopped(label)));
    expect(stopped).toEqual(['client_cancel', 'client_cancel', 'client_cancel']);
    expect(published).toEqual([{ consumer: 'alice', requestId: 5 }]);
    // A cancelled call is never answered: its stream ends without one.
    expect((await answered).texts.filter((text) => text.includes('"id":5'))).toEqual([]);
  });

  it('stops nothing for another consumer, and drops what is not a cancel', async () => {
    const { relay, inject } = channel();
    const [running, other] = [await replica(relay), await replica(relay)];
    const answered = post(
      running.url,
      call(8, 'research', { topic: 'foreign', hold: true }),
      bearer('alice'),
    );
    await observer.whenStarted('leaf:foreign');
    expect((await post(other.url, cancel(8), bearer('bob'))).status).toBe(202);
    for (const junk of [
      null,
      'x',
      { consumer: 'alice' },
      { consumer: '', requestId: 8 },
      { consumer: 'alice', requestId: 1.5 },
      { consumer: ['alice'], requestId: 8 },
    ]) {
      inject(junk);
    }
    const still = await Promise.race([
      observer.whenStopped('leaf:foreign').then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('running'), 300)),
    ]);
    expect(still).toBe('running');
    await post(other.url, cancel(8), bearer('alice'));
    expect(await observer.whenStopped('leaf:foreign')).toBe('client_cancel');
    await answered;
  });

  it('is refused with sessions, and without publish and subscribe', async () => {
    const { relay } = channel();
    const { server } = fixtureServer();
    await expect(
      serveHttp(server, { consumers: resolver, sessions: true, cancelRelay: relay }),
    ).rejects.toMatchObject({ code: 'INVALID_OPTIONS', details: { option: 'cancelRelay' } });
    await expect(
      serveHttp(server, { consumers: resolver, cancelRelay: {} as CancelRelay }),
    ).rejects.toMatchObject({ code: 'INVALID_OPTIONS', details: { option: 'cancelRelay' } });
  });
});
