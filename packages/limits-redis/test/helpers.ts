import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** Where the tests find Redis: the machines this is built on run one here. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/**
 * A connection to the test Redis, or undefined when there is none: then one line says what the
 * tests need and they are skipped. Under `CI=true` a missing Redis throws instead, so CI cannot
 * pass without these tests.
 */
export async function connectTestRedis(): Promise<Redis | undefined> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    if (process.env.CI === 'true') {
      throw new Error(`These tests need Redis at ${REDIS_URL} (CI=true: a missing Redis fails).`);
    }
    console.warn(`skipped: these tests need Redis at ${REDIS_URL}`);
    return undefined;
  }
}

/** A key prefix no other run uses, so runs on one Redis never meet. */
export function uniquePrefix(): string {
  return `portcullis-test:${process.pid}:${randomUUID()}:`;
}

/** Deletes every key under a prefix. */
export async function dropPrefix(client: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await client.del(...keys);
  } while (cursor !== '0');
}

/** A clock the test moves by hand. */
export function manualClock(start = 1_000_000): {
  now: () => number;
  advance: (ms: number) => void;
} {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}
