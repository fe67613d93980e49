/*
 * Guards the in-memory store's bound: it never holds more than maxKeys buckets, whatever the flood
 * of distinct consumers; a bucket full again is dropped when room is needed; a full store refuses
 * new keys (capacity) rather than reset a bucket that is still refilling; and a sweep runs at most
 * once per SWEEP_INTERVAL_MS.
 */
import { describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRateLimiter, SWEEP_INTERVAL_MS } from '../src/index.ts';
import { manualClock } from './helpers.ts';

const LIMIT = { burst: 2, ratePerSecond: 1 };

describe('the in-memory store', () => {
  it('holds no more than maxKeys buckets under a flood of distinct consumers', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 100 });
    const limiter = createRateLimiter({
      perConsumer: LIMIT,
      perTool: LIMIT,
      store,
      clock: clock.now,
    });
    let admitted = 0;
    let capacity = 0;
    for (let i = 0; i < 20_000; i++) {
      const decision = limiter.check(`flood-${i}`, 'search');
      if (decision instanceof Promise) throw new Error('the in-memory store answers synchronously');
      if (decision.ok) admitted++;
      else if (decision.refusal.bound === 'capacity') capacity++;
      else throw new Error(`a fresh consumer was refused by its ${decision.refusal.bound} bucket`);
      expect(store.size).toBeLessThanOrEqual(100);
      if (i % 10 === 0) clock.advance(1);
    }
    expect(admitted).toBeGreaterThan(0);
    expect(capacity).toBeGreaterThan(0);
    expect(admitted + capacity).toBe(20_000);
  });

  it('refuses a new key when full of refilling buckets, and never resets one of them', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 0.1 },
      store,
      clock: clock.now,
    });
    expect(limiter.check('alice', 'a')).toEqual({ ok: true });
    expect(limiter.check('bob', 'a')).toEqual({ ok: true });
    const refused = limiter.check('carol', 'a');
    expect(refused).toMatchObject({ ok: false, refusal: { bound: 'capacity' } });
    expect(refused instanceof Promise || (!refused.ok && refused.refusal.retryAfterMs)).toBe(
      SWEEP_INTERVAL_MS,
    );
    // alice's bucket is still refilling: no flood may make it full again.
    expect(limiter.check('alice', 'a')).toMatchObject({
      ok: false,
      refusal: { bound: 'consumer' },
    });
  });

  it('drops full buckets to make room', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 1 },
      store,
      clock: clock.now,
    });
    expect(limiter.check('alice', 'a')).toEqual({ ok: true });
    expect(limiter.check('bob', 'a')).toEqual({ ok: true });
    clock.advance(1000);
    expect(limiter.check('carol', 'a')).toEqual({ ok: true });
    expect(store.size).toBe(1);
    expect(limiter.check('dave', 'a')).toEqual({ ok: true });
    expect(store.size).toBe(2);
  });

  it('counts a held bucket that the sweep drops as a new key, so the bound holds', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 3 });
    const fast = { burst: 1, ratePerSecond: 1 };
    const slow = { burst: 1, ratePerSecond: 0.01 };
    const limiter = createRateLimiter({
      perConsumer: fast,
      tools: { slow },
      store,
      clock: clock.now,
    });
    expect(limiter.check('alice', 'x')).toEqual({ ok: true }); // c:alice, full again at 1000
    clock.advance(500);
    expect(limiter.check('bob', 'slow')).toEqual({ ok: true }); // c:bob and bob's slow: 3 keys
    clock.advance(500);
    // alice's bucket is held but full: the sweep drops it, so both of alice's keys are new, and
    // with bob's two refilling buckets they do not fit.
    expect(limiter.check('alice', 'slow')).toMatchObject({
      ok: false,
      refusal: { bound: 'capacity' },
    });
    expect(store.size).toBe(2);
    clock.advance(SWEEP_INTERVAL_MS);
    expect(limiter.check('alice', 'slow')).toEqual({ ok: true });
    expect(store.size).toBe(3);
  });

  it('sweeps a full store at most once per interval', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 100 },
      store,
      clock: clock.now,
    });
    expect(limiter.check('alice', 'a')).toEqual({ ok: true });
    expect(limiter.check('bob', 'a')).toEqual({ ok: true });
    // Both buckets refill for 10 ms: the sweep finds nothing, the next is due in SWEEP_INTERVAL_MS,
    // and until then a new key is refused at no cost, though the buckets are full again long before.
    const refused = limiter.check('carol', 'a');
    expect(refused).toMatchObject({
      ok: false,
      refusal: { bound: 'capacity', retryAfterMs: SWEEP_INTERVAL_MS },
    });
    clock.advance(SWEEP_INTERVAL_MS - 1);
    expect(limiter.check('carol', 'a')).toMatchObject({
      ok: false,
      refusal: { bound: 'capacity', retryAfterMs: 1 },
    });
    clock.advance(1);
    expect(limiter.check('carol', 'a')).toEqual({ ok: true });
  });

  it('sweeps again after a sweep that emptied it', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore({ maxKeys: 2 });
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 1 },
      store,
      clock: clock.now,
    });
    for (let round = 0; round < 5; round++) {
      expect(limiter.check(`a${round}`, 'x')).toEqual({ ok: true });
      expect(limiter.check(`b${round}`, 'x')).toEqual({ ok: true });
      expect(limiter.check(`c${round}`, 'x')).toMatchObject({
        ok: false,
        refusal: { bound: 'capacity' },
      });
      clock.advance(SWEEP_INTERVAL_MS);
    }
  });

  it('takes a key named twice in one take twice', () => {
    const store = createMemoryRateLimitStore();
    const bucket = { key: 'k', burst: 2, ratePerSecond: 1 };
    expect(store.take({ buckets: [bucket, bucket], now: 0 })).toEqual({ admitted: true });
    expect(store.take({ buckets: [bucket], now: 0 })).toEqual({
      admitted: false,
      retryAfterMs: 1000,
      limitedBy: 0,
    });
    expect(store.take({ buckets: [bucket, bucket], now: 1000 })).toEqual({
      admitted: false,
      retryAfterMs: 1000,
      limitedBy: 1,
    });
    expect(store.take({ buckets: [bucket], now: 1000 })).toEqual({ admitted: true });
  });

  it('changes no bucket on a refused take', () => {
    const store = createMemoryRateLimitStore();
    const a = { key: 'a', burst: 1, ratePerSecond: 1 };
    const b = { key: 'b', burst: 1, ratePerSecond: 1 };
    expect(store.take({ buckets: [b], now: 0 })).toEqual({ admitted: true });
    expect(store.take({ buckets: [a, b], now: 0 })).toMatchObject({
      admitted: false,
      limitedBy: 1,
    });
    expect(store.size).toBe(1);
    expect(store.take({ buckets: [a], now: 0 })).toEqual({ admitted: true });
  });
});
