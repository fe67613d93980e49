/**
 * The test Redis, for the tests of `--redis`. Without Redis they print one line and are skipped;
 * under `CI=true` a missing Redis fails them instead.
 */
import { Redis } from 'ioredis';

/** Where the tests find Redis: the machines this is built on run one here. */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** True when the test Redis answers; false (after one line) when it is not there. */
export async function testRedisAnswers(): Promise<boolean> {
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
    await client.quit();
    return true;
  } catch {
    client.disconnect();
    if (process.env.CI === 'true') {
      throw new Error(`These tests need Redis at ${REDIS_URL} (CI=true: a missing Redis fails).`);
    }
    console.warn(`skipped: these tests need Redis at ${REDIS_URL}`);
    return false;
  }
}
