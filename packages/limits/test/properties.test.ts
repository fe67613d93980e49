/*
 * Guards the limiter's arithmetic over any sequence of calls and any limits: it admits exactly
 * what a token bucket of `burst` tokens refilled at `rate` admits (checked against a reference
 * bucket kept in exact integers), so it never admits past burst + rate x elapsed; a refused call
 * changes nothing; and no refusal carries anything of the consumer or tool it was given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimitDecision } from '../src/index.ts';
import { manualClock } from './helpers.ts';

/** Rates whose refill interval is a whole number of milliseconds, so the reference can be exact. */
const RATES = [0.25, 0.5, 1, 2, 4, 5, 8, 10, 20, 25, 40, 50, 100, 125, 200, 250, 500, 1000];

/** A token bucket in integer units: `level` is tokens x interval, in ms. */
class ReferenceBucket {
  private level: number;
  private last: number;
  private readonly burst: number;
  private readonly interval: number;
  constructor(burst: number, interval: number, now: number) {
    this.burst = burst;
    this.interval = interval;
    this.level = burst * interval;
    this.last = now;
  }
  refill(now: number): void {
    if (now > this.last) {
      this.level = Math.min(this.burst * this.interval, this.level + (now - this.last));
      this.last = now;
    }
  }
  has(): boolean {
    return this.level >= this.interval;
  }
  take(): void {
    this.level -= this.interval;
  }
  waitMs(): number {
    return this.interval - this.level;
  }
}

const limit = fc.record({
  burst: fc.integer({ min: 1, max: 20 }),
  ratePerSecond: fc.constantFrom(...RATES),
});
const event = fc.record({
  advanceMs: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 0, max: 50 }),
    fc.integer({ min: 0, max: 5000 }),
  ),
  consumer: fc.integer({ min: 0, max: 2 }),
  tool: fc.integer({ min: 0, max: 2 }),
});

function sync(decision: RateLimitDecision | Promise<RateLimitDecision>): RateLimitDecision {
  if (decision instanceof Promise) throw new Error('the in-memory store answers synchronously');
  return decision;
}

describe('the limiter, for any calls and limits', () => {
  it('admits exactly what a reference token bucket pair admits, and waits as long', () => {
    fc.assert(
      fc.property(
        limit,
        limit,
        fc.array(event, { maxLength: 300 }),
        (perConsumer, perTool, events) => {
          const clock = manualClock(0);
          const limiter = createRateLimiter({ perConsumer, perTool, clock: clock.now });
          const buckets = new Map<string, ReferenceBucket>();
          const bucket = (key: string, l: typeof perConsumer) => {
            let found = buckets.get(key);
            if (found === undefined) {
              found = new ReferenceBucket(l.burst, 1000 / l.ratePerSecond, clock.now());
              buckets.set(key, found);
            }
            found.refill(clock.now());
            return found;
          };
          for (const e of events) {
            clock.advance(e.advanceMs);
            const c = bucket(`c${e.consumer}`, perConsumer);
            const t = bucket(`t${e.consumer}/${e.tool}`, perTool);
            const decision = sync(limiter.check(`consumer-${e.consumer}`, `tool-${e.tool}`));
            if (c.has() && t.has()) {
              expect(decision).toEqual({ ok: true });
              c.take();
              t.take();
            } else {
              const wait = Math.max(c.has() ? 0 : c.waitMs(), t.has() ? 0 : t.waitMs());
              expect(decision.ok).toBe(false);
              expect(!decision.ok && decision.refusal.retryAfterMs).toBe(
                Math.max(1, Math.ceil(wait)),
              );
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never admits more than burst + rate x elapsed, at any rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        fc.array(fc.double({ min: 0, max: 200, noNaN: true }), { maxLength: 500 }),
        (burst, ratePerSecond, gaps) => {
          const clock = manualClock(0);
          const limiter = createRateLimiter({
            perConsumer: { burst, ratePerSecond },
            clock: clock.now,
          });
          let admitted = 0;
          for (const gap of gaps) {
            clock.advance(gap);
            if (sync(limiter.check('alice', 'a')).ok) admitted++;
            const bound = burst + (ratePerSecond * clock.now()) / 1000;
            expect(admitted).toBeLessThanOrEqual(Math.floor(bound + 1e-9));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('echoes nothing of the consumer or the tool in a refusal', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (consumer, tool) => {
        const limiter = createRateLimiter({
          perConsumer: { burst: 1, ratePerSecond: 1 },
          clock: () => 0,
        });
        const canaryConsumer = `CANARY-consumer-${consumer}`;
        const canaryTool = `CANARY-tool-${tool}`;
        sync(limiter.check(canaryConsumer, canaryTool));
        const refused = sync(limiter.check(canaryConsumer, canaryTool));
        expect(refused.ok).toBe(false);
        const wire = JSON.stringify(refused);
        expect(wire).not.toContain('CANARY');
      }),
      { numRuns: 200 },
    );
  });
});
