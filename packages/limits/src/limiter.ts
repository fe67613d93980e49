import { hash } from 'node:crypto';
import { RateLimitError } from './errors.ts';
import { createMemoryRateLimitStore } from './memory-store.ts';
import {
  RATE_LIMIT_ADMITTED,
  type RateLimitBound,
  type RateLimitDecision,
  rateLimitRefusal,
} from './refusal.ts';
import type { RateLimitBucket, RateLimitStore, RateLimitTakeOutcome } from './store.ts';

/** One token bucket's limit: `burst` calls at once, refilled at `ratePerSecond`. */
export interface BucketLimit {
  /** Calls a full bucket admits at once: a positive integer. */
  readonly burst: number;
  /** Calls per second the bucket refills by: a positive finite number (0.5 is one call every 2 s). */
  readonly ratePerSecond: number;
}

/** Options of {@link createRateLimiter}; at least one limit must be set. */
export interface RateLimiterOptions {
  /** The limit of each consumer, over all its tools. */
  readonly perConsumer?: BucketLimit;
  /** The limit of each (consumer, tool) pair, for every tool not named in `tools`. */
  readonly perTool?: BucketLimit;
  /** The (consumer, tool) limit of the tools named here, in place of `perTool`. */
  readonly tools?: Readonly<Record<string, BucketLimit>>;
  /** Where the buckets live. Default: a new in-memory store with its default bound. */
  readonly store?: RateLimitStore;
  /** Milliseconds now. Default: a monotonic clock on the wall clock's scale. Tests inject one. */
  readonly clock?: () => number;
  /** Told of a store that threw, rejected or answered outside its contract (the call is refused). */
  readonly onStoreFailure?: (error: unknown) => void;
}

/** Checks calls against the limits; `check` takes the call's tokens when it admits. */
export interface RateLimiter {
  /**
   * Takes one token from the consumer's bucket and one from the (consumer, tool) bucket, both or
   * neither. Synchronous with the in-memory store, a promise with an asynchronous one: await it.
   * A store failure refuses the call (bound `store`); this never rejects for the store's sake.
   */
  check(consumer: string, tool: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/**
 * Longest bucket key kept as it is; a longer one (a consumer or tool name of unusual length) is
 * kept as its SHA-256, so a store's memory per bucket is bounded whatever the names.
 */
export const MAX_KEY_LENGTH = 256;

function bounded(key: string): string {
  return key.length <= MAX_KEY_LENGTH ? key : `h:${hash('sha256', key, 'base64url')}`;
}

/** The wait a refusal asks for when the store failed, in milliseconds. */
export const STORE_FAILURE_RETRY_MS = 1000;

const defaultClock = (): number => performance.timeOrigin + performance.now();

function validLimit(limit: unknown, option: string): BucketLimit {
  if (typeof limit !== 'object' || limit === null) {
    throw new RateLimitError(
      'INVALID_OPTIONS',
      'A limit must be an object { burst, ratePerSecond }.',
      {
        option,
      },
    );
  }
  const { burst, ratePerSecond } = limit as Record<string, unknown>;
  if (typeof burst !== 'number' || !Number.isSafeInteger(burst) || burst < 1) {
    throw new RateLimitError('INVALID_OPTIONS', 'burst must be a positive integer.', {
      option: `${option}.burst`,
    });
  }
  if (typeof ratePerSecond !== 'number' || !Number.isFinite(ratePerSecond) || ratePerSecond <= 0) {
    throw new RateLimitError('INVALID_OPTIONS', 'ratePerSecond must be a positive finite number.', {
      option: `${option}.ratePerSecond`,
    });
  }
  return Object.freeze({ burst, ratePerSecond });
}

function validTools(tools: unknown): Map<string, BucketLimit> {
  const found = new Map<string, BucketLimit>();
  if (tools === undefined) return found;
  if (typeof tools !== 'object' || tools === null || Array.isArray(tools)) {
    throw new RateLimitError('INVALID_OPTIONS', 'tools must map tool names to limits.', {
      option: 'tools',
    });
  }
  Object.keys(tools).forEach((name, position) => {
    if (name === '') {
      throw new RateLimitError('INVALID_OPTIONS', 'A tool name in tools must not be empty.', {
        option: `tools.${position}`,
      });
    }
    found.set(name, validLimit((tools as Record<string, unknown>)[name], `tools.${position}`));
  });
  return found;
}

function isStoreOutcome(value: unknown): value is RateLimitTakeOutcome {
  if (typeof value !== 'object' || value === null) return false;
  const outcome = value as { admitted?: unknown; retryAfterMs?: unknown };
  if (outcome.admitted === true) return true;
  return (
    outcome.admitted === false &&
    typeof outcome.retryAfterMs === 'number' &&
    Number.isFinite(outcome.retryAfterMs) &&
    outcome.retryAfterMs >= 0
  );
}

/**
 * Creates a limiter over a store. Options are judged here, once: a limit that is no positive
 * number, a store without `take`, a clock that is no function, or no limit at all throws
 * {@link RateLimitError} `INVALID_OPTIONS` naming the option, never repeating its value.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (typeof options !== 'object' || options === null) {
    throw new RateLimitError('INVALID_OPTIONS', 'The limiter options must be an object.');
  }
  const perConsumer =
    options.perConsumer === undefined ? undefined : validLimit(options.perConsumer, 'perConsumer');
  const perTool =
    options.perTool === undefined ? undefined : validLimit(options.perTool, 'perTool');
  const tools = validTools(options.tools);
  if (perConsumer === undefined && perTool === undefined && tools.size === 0) {
    throw new RateLimitError(
      'INVALID_OPTIONS',
      'A limiter needs at least one limit: perConsumer, perTool or tools.',
    );
  }
  const store = options.store ?? createMemoryRateLimitStore();
  if (typeof store !== 'object' || store === null || typeof store.take !== 'function') {
    throw new RateLimitError('INVALID_OPTIONS', 'store must be an object with a take method.', {
      option: 'store',
    });
  }
  const clock = options.clock ?? defaultClock;
  if (typeof clock !== 'function') {
    throw new RateLimitError(
      'INVALID_OPTIONS',
      'clock must be a function returning milliseconds.',
      {
        option: 'clock',
      },
    );
  }
  const onStoreFailure = options.onStoreFailure;
  if (onStoreFailure !== undefined && typeof onStoreFailure !== 'function') {
    throw new RateLimitError('INVALID_OPTIONS', 'onStoreFailure must be a function.', {
      option: 'onStoreFailure',
    });
  }

  function failed(error: unknown): RateLimitDecision {
    try {
      onStoreFailure?.(error);
    } catch {
      // A failing listener changes nothing: the call is refused either way.
    }
    return rateLimitRefusal('store', STORE_FAILURE_RETRY_MS);
  }

  function decide(outcome: unknown, bounds: readonly RateLimitBound[]): RateLimitDecision {
    if (!isStoreOutcome(outcome)) {
      return failed(new TypeError('The rate-limit store answered outside its contract.'));
    }
    if (outcome.admitted) return RATE_LIMIT_ADMITTED;
    const bound =
      outcome.limitedBy === 'capacity' ? 'capacity' : (bounds[outcome.limitedBy] ?? 'store');
    return rateLimitRefusal(bound, outcome.retryAfterMs);
  }

  const CONSUMER_ONLY: readonly RateLimitBound[] = ['consumer'];
  const TOOL_ONLY: readonly RateLimitBound[] = ['tool'];
  const BOTH: readonly RateLimitBound[] = ['consumer', 'tool'];

  return {
    check(consumer, tool) {
      if (typeof consumer !== 'string' || consumer === '') {
        throw new RateLimitError(
          'INVALID_CHECK',
          'check needs the consumer as a non-empty string.',
          {
            argument: 'consumer',
          },
        );
      }
      if (typeof tool !== 'string' || tool === '') {
        throw new RateLimitError('INVALID_CHECK', 'check needs the tool as a non-empty string.', {
          argument: 'tool',
        });
      }
      const now = clock();
      if (typeof now !== 'number' || !Number.isFinite(now)) {
        throw new RateLimitError(
          'INVALID_CLOCK',
          'The clock must answer a finite number of milliseconds.',
        );
      }
      const toolLimit = tools.get(tool) ?? perTool;
      const buckets: RateLimitBucket[] = [];
      if (perConsumer !== undefined) {
        buckets.push({
          key: bounded(`c:${consumer}`),
          burst: perConsumer.burst,
          ratePerSecond: perConsumer.ratePerSecond,
        });
      }
      if (toolLimit !== undefined) {
        // The consumer's length first, so no (consumer, tool) pair spells another pair's key.
        buckets.push({
          key: bounded(`t:${consumer.length}:${consumer}${tool}`),
          burst: toolLimit.burst,
          ratePerSecond: toolLimit.ratePerSecond,
        });
      }
      if (buckets.length === 0) return RATE_LIMIT_ADMITTED;
      const bounds =
        buckets.length === 2 ? BOTH : perConsumer !== undefined ? CONSUMER_ONLY : TOOL_ONLY;
      let outcome: RateLimitTakeOutcome | Promise<RateLimitTakeOutcome>;
      try {
        outcome = store.take({ buckets, now });
      } catch (error) {
        return failed(error);
      }
      if (
        outcome instanceof Promise ||
        (typeof outcome === 'object' &&
          outcome !== null &&
          typeof (outcome as { then?: unknown }).then === 'function')
      ) {
        return Promise.resolve(outcome).then((value) => decide(value, bounds), failed);
      }
      return decide(outcome, bounds);
    },
  };
}
