/**
 * Stable codes of {@link RateLimitError}. Each names a defect in how the limiter was configured or
 * called by our own code, never a caller's input (a call over its limit is a refusal value, not an
 * error). A test pins them; a code is never renamed or reused.
 */
export const RATE_LIMIT_ERROR_CODES = Object.freeze({
  /** `createRateLimiter` or `createMemoryRateLimitStore` was given options of the wrong kind. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** `check` was given a consumer or tool that is not a non-empty string. */
  INVALID_CHECK: 'INVALID_CHECK',
  /** The injected clock answered something other than a finite number of milliseconds. */
  INVALID_CLOCK: 'INVALID_CLOCK',
} as const);

/** One of {@link RATE_LIMIT_ERROR_CODES}. */
export type RateLimitErrorCode =
  (typeof RATE_LIMIT_ERROR_CODES)[keyof typeof RATE_LIMIT_ERROR_CODES];

/** The structured facts of a {@link RateLimitError}: our own option names only, never a value from outside. */
export interface RateLimitErrorDetails {
  /** The option at fault, as a path (`perConsumer.burst`, `tools.<n>.ratePerSecond` by position, `maxKeys`). */
  readonly option?: string;
  /** The argument of `check` at fault. */
  readonly argument?: 'consumer' | 'tool';
}

/**
 * Thrown for a defect in the limiter's wiring: a limit that is no positive number, a store that is
 * no store, a check without a consumer. The message says what is wrong and what to do; the option
 * at fault is in the frozen `details`, never glued onto the message, and no value given is repeated.
 */
export class RateLimitError extends Error {
  override readonly name = 'RateLimitError';
  readonly code: RateLimitErrorCode;
  readonly details: RateLimitErrorDetails;

  constructor(
    code: RateLimitErrorCode,
    message: string,
    details: RateLimitErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, 'cause' in details ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze(facts);
  }
}
