/**
 * Every use of `@portcullis/limits` goes through this module, so a rename there is one edit here.
 */
export {
  type RateLimiter,
  type RateLimitRefusal,
  RETRY_AFTER_META_KEY,
} from '@portcullis/limits';
