/** Waiting on what another process does, with a bound. */

/** Resolves true once `check()` holds, or false when `ms` pass first (checked every 50 ms). */
export async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Waits until `count()` has not changed for `quietMs`, at most `ms` in all; false when it was
 * still changing at the end.
 */
export async function steady(count: () => number, quietMs: number, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  let last = count();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = count();
    if (now !== last) {
      last = now;
      since = Date.now();
    }
  }
  return true;
}
