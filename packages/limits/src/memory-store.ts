import { RateLimitError } from './errors.ts';
import { intervalMs, waitMs } from './internal/gcra.ts';
import type { RateLimitStore, RateLimitTake, RateLimitTakeOutcome } from './store.ts';

/** How many buckets the in-memory store holds at most unless told otherwise. */
export const DEFAULT_MAX_KEYS = 100_000;

/**
 * The least time between two sweeps of a full store, in milliseconds. A sweep visits every key, so
 * a flood of new keys into a full store costs one sweep per this interval, not one per call.
 */
export const SWEEP_INTERVAL_MS = 1000;

/** Options of {@link createMemoryRateLimitStore}. */
export interface MemoryRateLimitStoreOptions {
  /** Buckets held at most (an integer of at least 2). Default {@link DEFAULT_MAX_KEYS}. */
  readonly maxKeys?: number;
}

/** The in-process store: what {@link RateLimitStore} promises, in one process, with a bound on keys. */
export interface MemoryRateLimitStore extends RateLimitStore {
  take(request: RateLimitTake): RateLimitTakeOutcome;
  /** Buckets held now, full ones not yet swept included. Never more than `maxKeys`. */
  readonly size: number;
}

const ADMITTED: RateLimitTakeOutcome = Object.freeze({ admitted: true });

/**
 * Creates the in-process store. Takes are synchronous, so they are atomic in one process. A bucket
 * that is full again is the same as no bucket, so it is dropped when room is needed; when the
 * store holds `maxKeys` buckets that are all still refilling, a take that needs a new key is
 * refused (`limitedBy: 'capacity'`) until one is full: a flood of distinct consumers can neither
 * grow memory nor reset another consumer's bucket.
 */
export function createMemoryRateLimitStore(
  options: MemoryRateLimitStoreOptions = {},
): MemoryRateLimitStore {
  if (typeof options !== 'object' || options === null) {
    throw new RateLimitError('INVALID_OPTIONS', 'The store options must be an object.');
  }
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  if (!Number.isSafeInteger(maxKeys) || maxKeys < 2) {
    throw new RateLimitError('INVALID_OPTIONS', 'maxKeys must be an integer of at least 2.', {
      option: 'maxKeys',
    });
  }
  const tats = new Map<string, number>();
  let nextSweepAt = Number.NEGATIVE_INFINITY;

  /** Drops the full buckets, at most once per interval. */
  function sweep(now: number): void {
    if (now < nextSweepAt) return;
    for (const [key, tat] of tats) if (tat <= now) tats.delete(key);
    nextSweepAt = now + SWEEP_INTERVAL_MS;
  }

  /** Whether the keys of this take that the store does not hold yet fit, sweeping once if not. */
  function fits(request: RateLimitTake, missing: number): boolean {
    if (tats.size + missing <= maxKeys) return true;
    sweep(request.now);
    let left = 0;
    for (const bucket of request.buckets) if (!tats.has(bucket.key)) left++;
    return tats.size + left <= maxKeys;
  }

  /** The TAT a bucket has at `now`, counting the tokens this take already took from it. */
  function tatOf(
    request: RateLimitTake,
    index: number,
    stored: number | undefined,
    now: number,
  ): number {
    let tat = stored === undefined || stored < now ? now : stored;
    const { key } = request.buckets[index]!;
    for (let i = 0; i < index; i++) {
      if (request.buckets[i]!.key === key) tat += intervalMs(request.buckets[i]!.ratePerSecond);
    }
    return tat;
  }

  return {
    get size() {
      return tats.size;
    },
    take(request) {
      const { buckets, now } = request;
      let worst = 0;
      let limitedBy = -1;
      let missing = 0;
      const next: number[] = [];
      for (let i = 0; i < buckets.length; i++) {
        const bucket = buckets[i]!;
        const stored = tats.get(bucket.key);
        if (stored === undefined) missing++;
        const tat = tatOf(request, i, stored, now);
        const interval = intervalMs(bucket.ratePerSecond);
        next.push(tat + interval);
        const wait = waitMs(tat, now, bucket.burst, interval);
        if (wait > 0 && wait > worst) {
          worst = wait;
          limitedBy = i;
        }
      }
      if (limitedBy >= 0) {
        return { admitted: false, retryAfterMs: Math.max(1, Math.ceil(worst)), limitedBy };
      }
      if (missing > 0 && !fits(request, missing)) {
        return {
          admitted: false,
          retryAfterMs: Math.max(1, Math.ceil(nextSweepAt - now)),
          limitedBy: 'capacity',
        };
      }
      for (let i = 0; i < buckets.length; i++) tats.set(buckets[i]!.key, next[i]!);
      return ADMITTED;
    },
  };
}
