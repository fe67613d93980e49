/*
 * Guards the point of a shared store: two limiters on two connections to one Redis (two replicas)
 * never admit more together than one bucket holds, however their checks interleave, and a
 * consumer's budget spent on one replica is spent on the other.
 */
import { createRateLimiter, type RateLimitDecision } from '@portcullis/limits';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from '../src/index.ts';
import { connectTestRedis, dropPrefix, REDIS_URL, uniquePrefix } from './helpers.ts';

const redis = await connectTestRedis();
const prefix = uniquePrefix();
const connections: Redis[] = [];
afterAll(async () => {
  for (const connection of connections) connection.disconnect();
  if (redis === undefined) return;
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

async function connection(): Promise<Redis> {
  const client = new Redis(REDIS_URL, { lazyConnect: true });
  connections.push(client);
  await client.connect();
  return client;
}

let n = 0;

describe.skipIf(redis === undefined)('two replicas sharing one Redis', () => {
  it('admit exactly the burst together under a flood of concurrent checks', async () => {
    const keyPrefix = `${prefix}${n++}:`;
    const limits = {
      perConsumer: { burst: 60, ratePerSecond: 0.001 },
      perTool: { burst: 25, ratePerSecond: 0.001 },
    };
    const replicas = await Promise.all(
      [0, 1].map(async () =>
        createRateLimiter({
          ...limits,
          store: createRedisRateLimitStore({
            client: await connection(),
            keyPrefix,
            timeoutMs: 10_000,
          }),
        }),
      ),
    );
    const tools = ['search', 'read', 'list', 'write'];
    const checks: Promise<RateLimitDecision>[] = [];
    for (let i = 0; i < 2000; i++) {
      checks.push(Promise.resolve(replicas[i % 2]!.check('alice', tools[(i >> 1) % 4]!)));
    }
    const decisions = await Promise.all(checks);
    const admitted = decisions.filter((d) => d.ok).length;
    // 4 tools x 25 would allow 100; the consumer's 60 is the bound.
    expect(admitted).toBe(60);
    const bounds = new Set(decisions.flatMap((d) => (d.ok ? [] : [d.refusal.bound])));
    expect([...bounds].every((b) => b === 'consumer' || b === 'tool')).toBe(true);
  });

  it('admit exactly each (consumer, tool) burst for many consumers at once', async () => {
    const keyPrefix = `${prefix}${n++}:`;
    const replicas = await Promise.all(
      [0, 1].map(async () =>
        createRateLimiter({
          perTool: { burst: 7, ratePerSecond: 0.001 },
          store: createRedisRateLimitStore({
            client: await connection(),
            keyPrefix,
            timeoutMs: 10_000,
          }),
        }),
      ),
    );
    const checks: Promise<[string, RateLimitDecision]>[] = [];
    for (let i = 0; i < 1500; i++) {
      const consumer = `consumer-${i % 30}`;
      checks.push(
        Promise.resolve(replicas[(i * 7) % 2]!.check(consumer, 'search')).then((d) => [
          consumer,
          d,
        ]),
      );
    }
    const perConsumer = new Map<string, number>();
    for (const [consumer, decision] of await Promise.all(checks)) {
      if (decision.ok) perConsumer.set(consumer, (perConsumer.get(consumer) ?? 0) + 1);
    }
    expect(perConsumer.size).toBe(30);
    expect([...perConsumer.values()].every((count) => count === 7)).toBe(true);
  });
});
