/** The `_meta` key under which a server returns {@link RateLimitRefusal.retryAfterMs} to the caller. */
export const RETRY_AFTER_META_KEY = 'portcullis/retryAfterMs';

/**
 * The one text of every rate-limit refusal, written for the model that made the call. It is a
 * constant: it names no consumer, no tool and no limit, so a refusal reveals nothing the caller
 * did not already know, and a test pins it.
 */
export const RATE_LIMIT_TEXT =
  'This call was not run: a rate limit is reached. Wait the number of milliseconds given in portcullis/retryAfterMs, then call again.';

/**
 * Which limit refused, for the server's logs and metrics (not for the caller): the consumer's
 * bucket, the (consumer, tool) bucket, the store's bound on buckets, or a store that failed (which
 * refuses rather than admits).
 */
export type RateLimitBound = 'consumer' | 'tool' | 'capacity' | 'store';

/** A call refused by the limiter, composed of our own words and numbers only. */
export interface RateLimitRefusal {
  readonly code: 'RATE_LIMITED';
  /** {@link RATE_LIMIT_TEXT}, always. */
  readonly text: typeof RATE_LIMIT_TEXT;
  /** Milliseconds to wait before the same call may be admitted: an integer, at least 1. */
  readonly retryAfterMs: number;
  /** Waiting may help, but no change to the call's arguments will. */
  readonly correctable: false;
  readonly bound: RateLimitBound;
}

/** What {@link RateLimiter.check} answers: admitted, or refused with a refusal to pass on. */
export type RateLimitDecision =
  | { readonly ok: true }
  | { readonly ok: false; readonly refusal: RateLimitRefusal };

/** The decision for an admitted call (one frozen value). */
export const RATE_LIMIT_ADMITTED: RateLimitDecision = Object.freeze({ ok: true });

/** Composes the refusal for a bound and a wait; the only place a refusal is made. */
export function rateLimitRefusal(bound: RateLimitBound, retryAfterMs: number): RateLimitDecision {
  const refusal: RateLimitRefusal = Object.freeze({
    code: 'RATE_LIMITED',
    text: RATE_LIMIT_TEXT,
    retryAfterMs: Math.max(1, Math.ceil(retryAfterMs)),
    correctable: false,
    bound,
  });
  return Object.freeze({ ok: false, refusal });
}
