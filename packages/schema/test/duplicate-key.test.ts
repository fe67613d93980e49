/**
 * Guards the duplicate-key marker: one frozen value, known by identity, that is no JSON value (no
 * plain object, no array), so nothing that reads JSON takes it for a map value.
 */
import { describe, expect, it } from 'vitest';
import { DUPLICATE_KEY, isDuplicateKey } from '../src/document.ts';

describe('DUPLICATE_KEY', () => {
  it('is one frozen value that is neither a plain object nor an array', () => {
    expect(Object.isFrozen(DUPLICATE_KEY)).toBe(true);
    expect(Object.getPrototypeOf(DUPLICATE_KEY)).not.toBe(Object.prototype);
    expect(Object.getPrototypeOf(DUPLICATE_KEY)).not.toBe(null);
    expect(Array.isArray(DUPLICATE_KEY)).toBe(false);
  });

  it('is known by identity alone', () => {
    expect(isDuplicateKey(DUPLICATE_KEY)).toBe(true);
    expect(isDuplicateKey({})).toBe(false);
    expect(isDuplicateKey(Object.create(Object.getPrototypeOf(DUPLICATE_KEY)))).toBe(false);
    expect(isDuplicateKey(null)).toBe(false);
  });
});
