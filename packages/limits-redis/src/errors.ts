/**
 * Stable codes of {@link RedisRateLimitStoreError}. A test pins them; a code is never renamed or
 * reused.
 */
export const REDIS_RATE_LIMIT_STORE_ERROR_CODES = Object.freeze({
  /** `createRedisRateLimitStore` was given options of the wrong kind (thrown). */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** Redis did not answer a take within `timeoutMs` (the take rejects, the limiter refuses). */
  STORE_TIMEOUT: 'STORE_TIMEOUT',
  /** Redis could not be reached or refused the script (the take rejects, the limiter refuses). */
  STORE_UNAVAILABLE: 'STORE_UNAVAILABLE',
  /** The script answered something outside its contract (the take rejects, the limiter refuses). */
  STORE_CONTRACT: 'STORE_CONTRACT',
} as const);

/** One of {@link REDIS_RATE_LIMIT_STORE_ERROR_CODES}. */
export type RedisRateLimitStoreErrorCode =
  (typeof REDIS_RATE_LIMIT_STORE_ERROR_CODES)[keyof typeof REDIS_RATE_LIMIT_STORE_ERROR_CODES];

/** The structured facts of a {@link RedisRateLimitStoreError}: our own names only. */
export interface RedisRateLimitStoreErrorDetails {
  /** The option at fault, for `INVALID_OPTIONS`. */
  readonly option?: string;
  /** The class name of the client's error (such as `ReplyError`), never its message. */
  readonly clientError?: string;
}

/**
 * A wiring defect (thrown by `createRedisRateLimitStore`) or a failed take (the rejection the
 * limiter turns into a refusal and hands to its `onStoreFailure`). The message is one of ours. It
 * carries no `cause`: the client's own errors hold the command's keys, which spell the consumer
 * and the tool, so only the client error's class name is kept.
 */
export class RedisRateLimitStoreError extends Error {
  override readonly name = 'RedisRateLimitStoreError';
  readonly code: RedisRateLimitStoreErrorCode;
  readonly details: RedisRateLimitStoreErrorDetails;

  constructor(
    code: RedisRateLimitStoreErrorCode,
    message: string,
    details: RedisRateLimitStoreErrorDetails = {},
  ) {
    super(message);
    this.code = code;
    this.details = Object.freeze({ ...details });
  }
}
