/*
 * Pins the public surface: exactly these names, each of this kind. Adding, removing, renaming or
 * changing the kind of an export is a reviewed decision, made here.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';
import * as limits from '../src/index.ts';

const SURFACE = {
  BucketLimit: 'interface',
  DEFAULT_MAX_KEYS: 'const',
  MAX_KEY_LENGTH: 'const',
  MemoryRateLimitStore: 'interface',
  MemoryRateLimitStoreOptions: 'interface',
  RATE_LIMIT_ADMITTED: 'const',
  RATE_LIMIT_ERROR_CODES: 'const',
  RATE_LIMIT_TEXT: 'const',
  RETRY_AFTER_META_KEY: 'const',
  RateLimitBound: 'type',
  RateLimitBucket: 'interface',
  RateLimitDecision: 'type',
  RateLimitError: 'class',
  RateLimitErrorCode: 'type',
  RateLimitErrorDetails: 'interface',
  RateLimitRefusal: 'interface',
  RateLimitStore: 'interface',
  RateLimitTake: 'interface',
  RateLimitTakeAdmitted: 'interface',
  RateLimitTakeOutcome: 'type',
  RateLimitTakeRefused: 'interface',
  RateLimiter: 'interface',
  RateLimiterOptions: 'interface',
  STORE_FAILURE_RETRY_MS: 'const',
  SWEEP_INTERVAL_MS: 'const',
  createMemoryRateLimitStore: 'function',
  createRateLimiter: 'function',
};

describe('@portcullis/limits surface', () => {
  it('exports exactly these names, of these kinds', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual(SURFACE);
  });

  it('holds at run time exactly the exports that are values', { timeout: 120_000 }, () => {
    const values = Object.entries(SURFACE)
      .filter(([, kind]) => kind !== 'type' && kind !== 'interface')
      .map(([name]) => name);
    expect(Object.keys(limits).sort()).toEqual(values.sort());
  });
});
