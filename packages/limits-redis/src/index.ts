/**
 * A Redis store for `@portcullis/limits`: the token buckets shared by every replica, each take one
 * script run (EVALSHA, EVAL when Redis lost the script), atomic over the take's buckets, on the
 * server's clock by default, with an expiry that drops idle buckets. Every export here is public
 * API; a test pins them.
 */
export {
  REDIS_RATE_LIMIT_STORE_ERROR_CODES,
  RedisRateLimitStoreError,
  type RedisRateLimitStoreErrorCode,
  type RedisRateLimitStoreErrorDetails,
} from './errors.ts';
export {
  createRedisRateLimitStore,
  DEFAULT_KEY_PREFIX,
  DEFAULT_TIMEOUT_MS,
  LIMITER_CLOCK_EXPIRY_MARGIN_MS,
  type RedisRateLimitClock,
  type RedisRateLimitStore,
  type RedisRateLimitStoreOptions,
  type RedisScriptClient,
  TAKE_SCRIPT,
} from './redis-store.ts';
