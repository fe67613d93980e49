/*
 * Guards the limiter's admission: a burst past the bound is refused exactly at the bound and served
 * again once the bucket refills (on an injected clock, never a sleep); the consumer's and the
 * tool's buckets are taken together or not at all; and every refusal is the one constant text with
 * a wait in whole milliseconds.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  MAX_KEY_LENGTH,
  RATE_LIMIT_TEXT,
  type RateLimitDecision,
  type RateLimiter,
  type RateLimitTake,
} from '../src/index.ts';
import { manualClock } from './helpers.ts';

function check(limiter: RateLimiter, consumer: string, tool: string): RateLimitDecision {
  const decision = limiter.check(consumer, tool);
  if (decision instanceof Promise) throw new Error('the in-memory store answers synchronously');
  return decision;
}

function admittedOf(limiter: RateLimiter, consumer: string, tool: string, calls: number): number {
  let admitted = 0;
  for (let i = 0; i < calls; i++) if (check(limiter, consumer, tool).ok) admitted++;
  return admitted;
}

describe('a burst past the limit', () => {
  it('is refused exactly at the bound and served again once the bucket refills', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 50, ratePerSecond: 10 },
      clock: clock.now,
    });
    for (let i = 0; i < 50; i++)
      expect(check(limiter, 'alice', 'search').ok, `call ${i}`).toBe(true);
    const refused = check(limiter, 'alice', 'search');
    expect(refused).toEqual({
      ok: false,
      refusal: {
        code: 'RATE_LIMITED',
        text: RATE_LIMIT_TEXT,
        retryAfterMs: 100,
        correctable: false,
        bound: 'consumer',
      },
    });
    clock.advance(99);
    expect(check(limiter, 'alice', 'search').ok).toBe(false);
    clock.advance(1);
    expect(check(limiter, 'alice', 'search').ok).toBe(true);
    expect(check(limiter, 'alice', 'search').ok).toBe(false);
    clock.advance(1000);
    expect(admittedOf(limiter, 'alice', 'search', 20)).toBe(10);
  });

  it('refills no further than the burst, however long the bucket waits', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', 'a', 5)).toBe(3);
    clock.advance(3_600_000);
    expect(admittedOf(limiter, 'alice', 'a', 5)).toBe(3);
  });

  it('says how long until the bucket gives a token, in whole milliseconds rounded up', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 3 },
      clock: clock.now,
    });
    expect(check(limiter, 'alice', 'a').ok).toBe(true);
    const refused = check(limiter, 'alice', 'a');
    expect(refused.ok === false && refused.refusal.retryAfterMs).toBe(334);
    clock.advance(333);
    const later = check(limiter, 'alice', 'a');
    expect(later.ok === false && later.refusal.retryAfterMs).toBe(1);
  });

  it('refills slower than one call a second', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 0.5 },
      clock: clock.now,
    });
    expect(check(limiter, 'alice', 'a').ok).toBe(true);
    const refused = check(limiter, 'alice', 'a');
    expect(refused.ok === false && refused.refusal.retryAfterMs).toBe(2000);
    clock.advance(2000);
    expect(check(limiter, 'alice', 'a').ok).toBe(true);
  });
});

describe('buckets', () => {
  it('of one consumer are not another’s', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 2, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', 'a', 5)).toBe(2);
    expect(admittedOf(limiter, 'bob', 'a', 5)).toBe(2);
  });

  it('of (consumer, tool) pairs are apart, and no pair spells another pair’s key', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perTool: { burst: 1, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(check(limiter, 'ab', 'c').ok).toBe(true);
    expect(check(limiter, 'a', 'bc').ok).toBe(true);
    expect(check(limiter, 'ab', 'c').ok).toBe(false);
    const refused = check(limiter, 'a', 'bc');
    expect(refused.ok === false && refused.refusal.bound).toBe('tool');
  });

  it('of a consumer and of its tool are taken together or not at all', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 1 },
      perTool: { burst: 1, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(check(limiter, 'alice', 'slow').ok).toBe(true);
    // Refused by the tool's bucket: the consumer's bucket must keep its two tokens.
    for (let i = 0; i < 10; i++) {
      const refused = check(limiter, 'alice', 'slow');
      expect(refused.ok === false && refused.refusal.bound).toBe('tool');
    }
    expect(check(limiter, 'alice', 'b').ok).toBe(true);
    expect(check(limiter, 'alice', 'c').ok).toBe(true);
    const spent = check(limiter, 'alice', 'd');
    expect(spent.ok === false && spent.refusal.bound).toBe('consumer');
    // Refused by the consumer's bucket: the tool 'e' keeps its token for later.
    clock.advance(1000);
    expect(check(limiter, 'alice', 'e').ok).toBe(true);
  });

  it('name the bucket that must wait longest when both refuse', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 10 },
      perTool: { burst: 1, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(check(limiter, 'alice', 'a').ok).toBe(true);
    const refused = check(limiter, 'alice', 'a');
    expect(refused.ok === false && refused.refusal).toMatchObject({
      bound: 'tool',
      retryAfterMs: 1000,
    });
  });

  it('of a tool named in tools follow its own limit, others the perTool limit', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perTool: { burst: 5, ratePerSecond: 1 },
      tools: { expensive: { burst: 1, ratePerSecond: 0.1 } },
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', 'expensive', 5)).toBe(1);
    expect(admittedOf(limiter, 'alice', 'cheap', 10)).toBe(5);
  });

  it('exist only for the tools named when there is no perTool limit', () => {
    const clock = manualClock();
    const store = createMemoryRateLimitStore();
    const limiter = createRateLimiter({
      tools: { expensive: { burst: 1, ratePerSecond: 1 } },
      store,
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', 'cheap', 100)).toBe(100);
    expect(store.size).toBe(0);
    expect(admittedOf(limiter, 'alice', 'expensive', 3)).toBe(1);
  });

  it('go by the tool names given, own keys only: a tool called __proto__ gets the perTool limit', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perTool: { burst: 2, ratePerSecond: 1 },
      tools: { expensive: { burst: 1, ratePerSecond: 1 } },
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', '__proto__', 5)).toBe(2);
    expect(admittedOf(limiter, 'alice', 'constructor', 5)).toBe(2);
  });
});

describe('bucket keys', () => {
  it('of long names are bounded in length and still apart', () => {
    const clock = manualClock();
    const keys: string[] = [];
    const store = {
      take: (request: RateLimitTake) => {
        keys.push(...request.buckets.map((b) => b.key));
        return inner.take(request);
      },
    };
    const inner = createMemoryRateLimitStore();
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 1 },
      perTool: { burst: 1, ratePerSecond: 1 },
      store,
      clock: clock.now,
    });
    const long = 'x'.repeat(1 << 20);
    expect(check(limiter, `${long}a`, 'tool').ok).toBe(true);
    expect(check(limiter, `${long}b`, 'tool').ok).toBe(true);
    expect(check(limiter, `${long}a`, 'tool').ok).toBe(false);
    expect(keys.every((key) => key.length <= MAX_KEY_LENGTH)).toBe(true);
    expect(new Set(keys).size).toBe(4);
  });
});

describe('the clock', () => {
  it('going backwards refuses more, never admits more', () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 2, ratePerSecond: 1 },
      clock: clock.now,
    });
    expect(admittedOf(limiter, 'alice', 'a', 2)).toBe(2);
    clock.advance(-60_000);
    expect(admittedOf(limiter, 'alice', 'a', 5)).toBe(0);
    clock.advance(60_000 + 1000);
    expect(admittedOf(limiter, 'alice', 'a', 5)).toBe(1);
  });

  it('defaults to one that moves forward with time', () => {
    const limiter = createRateLimiter({ perConsumer: { burst: 1, ratePerSecond: 1000 } });
    expect(check(limiter, 'alice', 'a').ok).toBe(true);
  });
});
