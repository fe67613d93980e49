const EMPTY: readonly unknown[] = Object.freeze([]);

/**
 * True when an array reads something through a hole: `Array.prototype` or `Object.prototype` holds
 * an enumerable property (pollution such as `Object.prototype[0] = x` is one). Only then can a hole
 * look like a value, so only then does each index need checking as the array's own.
 */
export function holesMayReadValues(): boolean {
  for (const _inherited in EMPTY) return true;
  return false;
}
