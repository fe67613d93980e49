/*
 * Pins the public surface: exactly these names, each of this kind. Adding, removing, renaming or
 * changing the kind of an export is a reviewed decision, made here.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';
import * as store from '../src/index.ts';

const SURFACE = {
  DEFAULT_KEY_PREFIX: 'const',
  DEFAULT_TIMEOUT_MS: 'const',
  LIMITER_CLOCK_EXPIRY_MARGIN_MS: 'const',
  REDIS_RATE_LIMIT_STORE_ERROR_CODES: 'const',
  RedisRateLimitClock: 'type',
  RedisRateLimitStore: 'interface',
  RedisRateLimitStoreError: 'class',
  RedisRateLimitStoreErrorCode: 'type',
  RedisRateLimitStoreErrorDetails: 'interface',
  RedisRateLimitStoreOptions: 'interface',
  RedisScriptClient: 'interface',
  TAKE_SCRIPT: 'const',
  createRedisRateLimitStore: 'function',
};

describe('@portcullis/limits-redis surface', () => {
  it('exports exactly these names, of these kinds', () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual(SURFACE);
  });

  it('holds at run time exactly the exports that are values', () => {
    const values = Object.entries(SURFACE)
      .filter(([, kind]) => kind !== 'type' && kind !== 'interface')
      .map(([name]) => name);
    expect(Object.keys(store).sort()).toEqual(values.sort());
  });

  it('pins the error codes', () => {
    expect(store.REDIS_RATE_LIMIT_STORE_ERROR_CODES).toEqual({
      INVALID_OPTIONS: 'INVALID_OPTIONS',
      STORE_TIMEOUT: 'STORE_TIMEOUT',
      STORE_UNAVAILABLE: 'STORE_UNAVAILABLE',
      STORE_CONTRACT: 'STORE_CONTRACT',
    });
  });
});
