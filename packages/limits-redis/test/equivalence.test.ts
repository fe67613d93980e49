/*
 * Guards that the Redis store is the in-memory store, shared: under the same clock, any sequence
 * of takes over any buckets and limits gets the same answers from both (admitted, or refused with
 * the same wait and the same bucket named), directly and through the limiter. The in-memory store
 * is checked against a reference token bucket in @portcullis/limits, so this carries that proof
 * over to Redis.
 */
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  type RateLimitBucket,
} from '@portcullis/limits';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from '../src/index.ts';
import { connectTestRedis, dropPrefix, manualClock, uniquePrefix } from './helpers.ts';

const redis = await connectTestRedis();
const prefix = uniquePrefix();
afterAll(async () => {
  if (redis === undefined) return;
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

const RATES = [0.25, 0.5, 1, 3, 7, 10, 33.3, 100, 1000];
const limit = fc.record({
  burst: fc.integer({ min: 1, max: 12 }),
  ratePerSecond: fc.oneof(
    fc.constantFrom(...RATES),
    fc.double({ min: 0.01, max: 2000, noNaN: true, noDefaultInfinity: true }),
  ),
});
const advance = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 40 }),
  fc.double({ min: 0, max: 3000, noNaN: true, noDefaultInfinity: true }),
);
// Keys may repeat within one take: both stores count the earlier token of the same bucket.
const take = fc.record({
  advanceMs: advance,
  keys: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 1, maxLength: 2 }),
});

let run = 0;

describe.skipIf(redis === undefined)('the Redis store against the in-memory store', () => {
  it('answers every take as the in-memory store does, under the same clock', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(limit, { minLength: 4, maxLength: 4 }),
        fc.array(take, { minLength: 1, maxLength: 80 }),
        async (limits, takes) => {
          const runPrefix = `${prefix}${run++}:`;
          const memory = createMemoryRateLimitStore();
          const shared = createRedisRateLimitStore({
            client: redis!,
            keyPrefix: runPrefix,
            clock: 'limiter',
            timeoutMs: 5000,
          });
          let now = 1_700_000_000_000;
          for (const step of takes) {
            now += step.advanceMs;
            const buckets: RateLimitBucket[] = step.keys.map((k) => ({
              key: `k${k}`,
              ...limits[k]!,
            }));
            const expected = memory.take({ buckets, now });
            const actual = await shared.take({ buckets, now });
            expect(actual).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('gives the limiter the same decisions as the in-memory store', async () => {
    await fc.assert(
      fc.asyncProperty(
        limit,
        limit,
        fc.array(
          fc.record({
            advanceMs: advance,
            consumer: fc.constantFrom('alice', 'bob'),
            tool: fc.constantFrom('search', 'read'),
          }),
          { maxLength: 80 },
        ),
        async (perConsumer, perTool, calls) => {
          const clock = manualClock(50_000);
          const memory = createRateLimiter({ perConsumer, perTool, clock: clock.now });
          const shared = createRateLimiter({
            perConsumer,
            perTool,
            clock: clock.now,
            store: createRedisRateLimitStore({
              client: redis!,
              keyPrefix: `${prefix}${run++}:`,
              clock: 'limiter',
              timeoutMs: 5000,
            }),
          });
          for (const call of calls) {
            clock.advance(call.advanceMs);
            const expected = await memory.check(call.consumer, call.tool);
            const actual = await shared.check(call.consumer, call.tool);
            expect(actual).toEqual(expected);
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
