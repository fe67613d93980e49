/*
 * Guards atomicity under concurrency: many checks in flight at once, through the in-memory store
 * and through a store that answers asynchronously, never admit more than the bucket holds; and a
 * store that fails refuses the call rather than admit it.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  type RateLimitStore,
  STORE_FAILURE_RETRY_MS,
} from '../src/index.ts';
import { manualClock } from './helpers.ts';

/** The in-memory store behind a promise that settles on a later turn, as a network store would. */
function asynchronous(): RateLimitStore {
  const inner = createMemoryRateLimitStore();
  return {
    take: (request) => new Promise((resolve) => setImmediate(() => resolve(inner.take(request)))),
  };
}

describe('parallel checks', () => {
  it('admit exactly the burst, in process', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 50, ratePerSecond: 1 },
      perTool: { burst: 30, ratePerSecond: 1 },
      clock: clock.now,
    });
    const decisions = await Promise.all(
      Array.from({ length: 2000 }, (_, i) =>
        Promise.resolve().then(() => limiter.check('alice', `tool-${i % 2}`)),
      ),
    );
    expect(decisions.filter((d) => d.ok)).toHaveLength(50);
  });

  it('admit exactly the burst through an asynchronous store', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 50, ratePerSecond: 1 },
      store: asynchronous(),
      clock: clock.now,
    });
    const pending = Array.from({ length: 2000 }, () => limiter.check('alice', 'search'));
    expect(pending.every((p) => p instanceof Promise)).toBe(true);
    const decisions = await Promise.all(pending);
    expect(decisions.filter((d) => d.ok)).toHaveLength(50);
    expect(decisions.filter((d) => !d.ok && d.refusal.bound === 'consumer')).toHaveLength(1950);
  });

  it('of many consumers each get their own burst', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 5, ratePerSecond: 1 },
      store: asynchronous(),
      clock: clock.now,
    });
    const decisions = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => limiter.check(`consumer-${i % 20}`, 'search')),
    );
    expect(decisions.filter((d) => d.ok)).toHaveLength(100);
  });
});

describe('a failing store', () => {
  const broken: Record<string, RateLimitStore> = {
    throws: {
      take: () => {
        throw new Error('connection refused');
      },
    },
    rejects: { take: () => Promise.reject(new Error('timeout')) },
    'answers nothing': { take: () => undefined as never },
    'answers a wait that is no number': {
      take: () => ({ admitted: false, retryAfterMs: Number.NaN, limitedBy: 0 }),
    },
    'answers admitted as a string': { take: () => ({ admitted: 'yes' }) as never },
  };

  for (const [name, store] of Object.entries(broken)) {
    it(`that ${name} refuses the call`, async () => {
      const failures: unknown[] = [];
      const limiter = createRateLimiter({
        perConsumer: { burst: 5, ratePerSecond: 1 },
        store,
        onStoreFailure: (error) => failures.push(error),
      });
      const decision = await limiter.check('alice', 'search');
      expect(decision).toMatchObject({
        ok: false,
        refusal: { bound: 'store', retryAfterMs: STORE_FAILURE_RETRY_MS, correctable: false },
      });
      expect(failures).toHaveLength(1);
    });
  }

  it('refuses even when the failure listener throws', async () => {
    const limiter = createRateLimiter({
      perConsumer: { burst: 5, ratePerSecond: 1 },
      store: broken.throws!,
      onStoreFailure: () => {
        throw new Error('listener failed');
      },
    });
    expect(await limiter.check('alice', 'search')).toMatchObject({
      ok: false,
      refusal: { bound: 'store' },
    });
  });
});
