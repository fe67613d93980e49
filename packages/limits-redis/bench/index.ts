/*
 * Checks per second through the Redis store against the in-memory store, in the same run: one
 * check at a time (the round trip is the cost) and 64 in flight (what a busy replica sees).
 * Needs Redis at 127.0.0.1:6379.
 */

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRateLimiter, type RateLimiter } from '@portcullis/limits';
import { Redis } from 'ioredis';
import type * as Store from '../src/index.ts';

const built = new URL('../dist/index.js', import.meta.url);
const { createRedisRateLimitStore } = (await import(
  existsSync(built) ? built.href : '../src/index.ts'
)) as typeof Store;
console.log(`measuring ${existsSync(built) ? 'dist/index.js' : 'src/index.ts'}`);

const redis = new Redis('redis://127.0.0.1:6379', { lazyConnect: true, maxRetriesPerRequest: 0 });
await redis.connect();
const keyPrefix = `portcullis-bench:${randomUUID()}:`;

const limits = {
  perConsumer: { burst: 1_000_000_000, ratePerSecond: 1_000_000 },
  perTool: { burst: 1_000_000_000, ratePerSecond: 1_000_000 },
};
const memory = createRateLimiter(limits);
const shared = createRateLimiter({
  ...limits,
  store: createRedisRateLimitStore({ client: redis, keyPrefix, timeoutMs: 10_000 }),
});
const TOOLS = ['search', 'fetch', 'summarize', 'translate'];
let n = 0;

/** Checks per second over `ms`, keeping `inFlight` checks running. */
async function rate(limiter: RateLimiter, inFlight: number, ms: number): Promise<number> {
  let done = 0;
  const until = performance.now() + ms;
  async function lane(): Promise<void> {
    while (performance.now() < until) {
      const decision = await limiter.check(`consumer-${n % 1000}`, TOOLS[n++ & 3]!);
      if (!decision.ok) throw new Error('the bench limits must admit every check');
      done++;
    }
  }
  const started = performance.now();
  await Promise.all(Array.from({ length: inFlight }, lane));
  return done / ((performance.now() - started) / 1000);
}

const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
const ROUNDS = 7;
for (const inFlight of [1, 64]) {
  const base: number[] = [];
  const redisRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    base.push(await rate(memory, inFlight, 200));
    redisRates.push(await rate(shared, inFlight, 200));
  }
  const m = median(base);
  const r = median(redisRates);
  console.log(`rate-limit checks, ${inFlight} in flight`);
  console.log(
    `  in-memory store (baseline)   ${Math.round(m).toLocaleString('en-US').padStart(12)} checks/s  ratio 1.00x`,
  );
  console.log(
    `  Redis store                  ${Math.round(r).toLocaleString('en-US').padStart(12)} checks/s  ratio ${(r / m).toFixed(4)}x  (${(1e6 / r).toFixed(1)} us/check)`,
  );
}

let cursor = '0';
do {
  const [next, keys] = await redis.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
  cursor = next;
  if (keys.length > 0) await redis.del(...keys);
} while (cursor !== '0');
redis.disconnect();
