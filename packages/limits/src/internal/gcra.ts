/*
 * The token bucket as the generic cell rate algorithm: a bucket is one number, the time at which
 * it would be full again (its theoretical arrival time, TAT). A bucket with no entry, or with a
 * TAT in the past, is full. Taking a token moves the TAT one interval (1000 / rate ms) later; a
 * take is refused when the TAT is more than (burst - 1) intervals ahead of now. This is the same
 * admission as a bucket of `burst` tokens refilled at `rate` per second, in one number per key,
 * which is what a shared store can keep and update in one script.
 */

/** Milliseconds one token takes to refill. */
export function intervalMs(ratePerSecond: number): number {
  return 1000 / ratePerSecond;
}

/**
 * Milliseconds to wait before a bucket whose TAT is `tat` gives a token at `now`; 0 or less means
 * it gives one now.
 */
export function waitMs(tat: number, now: number, burst: number, interval: number): number {
  return tat - now - (burst - 1) * interval;
}
