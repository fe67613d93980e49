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
