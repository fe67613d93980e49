/**
 * Rate limits for tool calls: a token bucket per consumer and one per (consumer, tool), taken
 * together atomically behind a store interface, refused in one constant text with a wait in
 * milliseconds. It knows nothing of MCP; a server checks a call once its consumer and tool are
 * known and before it runs. Every export here is public API; a test pins them.
 */
export {
  RATE_LIMIT_ERROR_CODES,
  RateLimitError,
  type RateLimitErrorCode,
  type RateLimitErrorDetails,
} from './errors.ts';
export {
  type BucketLimit,
  createRateLimiter,
  MAX_KEY_LENGTH,
  type RateLimiter,
  type RateLimiterOptions,
  STORE_FAILURE_RETRY_MS,
} from './limiter.ts';
export {
  createMemoryRateLimitStore,
  DEFAULT_MAX_KEYS,
  type MemoryRateLimitStore,
  type MemoryRateLimitStoreOptions,
  SWEEP_INTERVAL_MS,
} from './memory-store.ts';
export {
  RATE_LIMIT_ADMITTED,
  RATE_LIMIT_TEXT,
  type RateLimitBound,
  type RateLimitDecision,
  type RateLimitRefusal,
  RETRY_AFTER_META_KEY,
} from './refusal.ts';
export type {
  RateLimitBucket,
  RateLimitStore,
  RateLimitTake,
  RateLimitTakeAdmitted,
  RateLimitTakeOutcome,
  RateLimitTakeRefused,
} from './store.ts';
