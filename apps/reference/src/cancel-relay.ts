/**
 * The cancel relay of `--stateless --redis`: replicas hand each other the legacy
 * `notifications/cancelled` that reached one not running the call, over one Redis pub/sub
 * channel (ioredis; a subscribed connection cannot publish, so there are two). What arrives is
 * parsed and handed on as it is: the server judges it before use.
 */
import type { CancelRelay } from '@portcullis/server/http';
import { Redis } from 'ioredis';

/** The channel every replica publishes and subscribes on. */
const CHANNEL = 'portcullis:cancel';

export interface RedisCancelRelay {
  readonly relay: CancelRelay;
  close(): Promise<void>;
}

/** Connects both connections now; rejects when Redis cannot be reached. */
export async function redisCancelRelay(url: string): Promise<RedisCancelRelay> {
  const options = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    lazyConnect: true,
  };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  for (const client of [publisher, subscriber]) client.on('error', () => {});
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(CHANNEL);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
  const listeners = new Set<(cancel: unknown) => void>();
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== CHANNEL) return;
    let cancel: unknown;
    try {
      cancel = JSON.parse(text);
    } catch {
      return;
    }
    for (const listener of listeners) listener(cancel);
  });
  return {
    relay: {
      async publish(cancel) {
        await publisher.publish(CHANNEL, JSON.stringify(cancel));
      },
      subscribe(onCancel) {
        listeners.add(onCancel);
        return () => listeners.delete(onCancel);
      },
    },
    async close() {
      listeners.clear();
      await Promise.all(
        [publisher, subscriber].map((client) => client.quit().catch(() => client.disconnect())),
      );
    },
  };
}
