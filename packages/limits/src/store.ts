/**
 * One bucket of a take: its key and its limit. Two buckets with the same limit and key are the
 * same bucket, wherever the take comes from (another replica, a later call).
 */
export interface RateLimitBucket {
  /** Opaque to the store: the limiter builds it from the consumer and the tool. */
  readonly key: string;
  /** Calls a full bucket admits at once. A positive safe integer. */
  readonly burst: number;
  /** Calls per second the bucket refills by. A positive finite number. */
  readonly ratePerSecond: number;
}

/** What the limiter asks of a store: one token from every bucket, or from none. */
export interface RateLimitTake {
  /** The buckets to take from, all or none. The limiter gives one or two, with distinct keys. */
  readonly buckets: readonly RateLimitBucket[];
  /** The limiter's clock, in milliseconds. A shared store may use its own clock instead. */
  readonly now: number;
}

/** Every bucket gave a token. */
export interface RateLimitTakeAdmitted {
  readonly admitted: true;
}

/** No bucket gave a token: nothing was taken. */
export interface RateLimitTakeRefused {
  readonly admitted: false;
  /** Milliseconds until every bucket of the take would give a token again (an integer, at least 1). */
  readonly retryAfterMs: number;
  /** The position in `buckets` of the bucket that must wait longest, or `capacity` when the store holds all the buckets it may. */
  readonly limitedBy: number | 'capacity';
}

/** The answer of {@link RateLimitStore.take}. */
export type RateLimitTakeOutcome = RateLimitTakeAdmitted | RateLimitTakeRefused;

/**
 * Where the buckets live. One call per check takes a token from every bucket of the take
 * atomically, or from none, and says how long to wait when it takes none: a store shared by
 * replicas does that in one round trip (a Redis script over the buckets' keys). The in-memory
 * store answers synchronously; a shared one answers with a promise.
 *
 * Contract: a take never admits a call that a bucket has no token for, under any interleaving of
 * takes; a refused take changes no bucket.
 */
export interface RateLimitStore {
  take(request: RateLimitTake): RateLimitTakeOutcome | Promise<RateLimitTakeOutcome>;
}
