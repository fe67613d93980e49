import { createHash } from 'node:crypto';
import type { RateLimitStore, RateLimitTake, RateLimitTakeOutcome } from '@portcullis/limits';
import { Redis } from 'ioredis';
import { RedisRateLimitStoreError } from './errors.ts';
import { TAKE_SCRIPT } from './take-script.ts';

export { TAKE_SCRIPT };

/** The prefix of every bucket key unless told otherwise. */
export const DEFAULT_KEY_PREFIX = 'portcullis:rl:';

/** How long a take waits for Redis before it fails (and the limiter refuses), in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 250;

/**
 * With the limiter's clock, how long a bucket stays in Redis past the moment it is full on that
 * clock, in milliseconds. Redis times the expiry on its own clock, so this is how far a limiter's
 * clock may lag Redis's before a bucket expires early (which would refill it early). With the
 * server's clock the expiry is exact.
 */
export const LIMITER_CLOCK_EXPIRY_MARGIN_MS = 60_000;
const LIMITER_EXPIRY_MARGIN = String(LIMITER_CLOCK_EXPIRY_MARGIN_MS);

/**
 * Whose clock a take runs on. `server` (the default): Redis's `TIME`, read inside the script, so
 * every replica counts on one clock whatever their own clocks say. `limiter`: the `now` the
 * limiter passes (its injected clock), for tests that move time by hand; replicas must then share
 * a clock, and it may lag Redis's by at most {@link LIMITER_CLOCK_EXPIRY_MARGIN_MS}.
 */
export type RedisRateLimitClock = 'server' | 'limiter';

/**
 * The two commands the store needs of a client. An ioredis `Redis` has them; so does anything
 * that speaks the same way (a client of your own, a test's fake).
 */
export interface RedisScriptClient {
  evalsha(sha1: string, numkeys: number, ...args: string[]): Promise<unknown>;
  eval(script: string, numkeys: number, ...args: string[]): Promise<unknown>;
}

/** Options of {@link createRedisRateLimitStore}: exactly one of `url` and `client`. */
export interface RedisRateLimitStoreOptions {
  /** A `redis://` or `rediss://` URL: the store opens its own ioredis connection, and `close` ends it. */
  readonly url?: string;
  /** A client you own (an ioredis `Redis`); `close` leaves it open. */
  readonly client?: RedisScriptClient;
  /** Put before every bucket key, so several deployments can share one Redis. Default {@link DEFAULT_KEY_PREFIX}; at most 128 characters. */
  readonly keyPrefix?: string;
  /** Default `server`. */
  readonly clock?: RedisRateLimitClock;
  /** Longest wait for one take, in milliseconds (an integer from 1 to 60,000). Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/** A {@link RateLimitStore} in Redis. */
export interface RedisRateLimitStore extends RateLimitStore {
  take(request: RateLimitTake): Promise<RateLimitTakeOutcome>;
  /** Ends the connection the store opened from `url`; does nothing to a client it was given. */
  close(): Promise<void>;
}

const ADMITTED: RateLimitTakeOutcome = Object.freeze({ admitted: true });
const SCRIPT_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');

function invalid(option: string, message: string): RedisRateLimitStoreError {
  return new RedisRateLimitStoreError('INVALID_OPTIONS', message, { option });
}

function clientErrorName(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const name = (error as { name?: unknown }).name;
    if (typeof name === 'string' && /^[A-Za-z]{1,40}$/.test(name)) return name;
  }
  return 'unknown';
}

function isNoScript(error: unknown): boolean {
  const message =
    typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
  return typeof message === 'string' && message.startsWith('NOSCRIPT');
}

/** Reads the script's answer, or throws `STORE_CONTRACT`. */
function outcomeOf(reply: unknown, buckets: number): RateLimitTakeOutcome {
  if (Array.isArray(reply)) {
    if (reply.length === 1 && reply[0] === 1) return ADMITTED;
    if (reply.length === 3 && reply[0] === 0) {
      const wait = Number(reply[1]);
      const position = reply[2];
      if (
        typeof reply[1] === 'string' &&
        Number.isFinite(wait) &&
        wait > 0 &&
        Number.isSafeInteger(position) &&
        position >= 0 &&
        position < buckets
      ) {
        return {
          admitted: false,
          retryAfterMs: Math.max(1, Math.ceil(wait)),
          limitedBy: position,
        };
      }
    }
  }
  throw new RedisRateLimitStoreError(
    'STORE_CONTRACT',
    'The rate-limit script answered outside its contract.',
  );
}

/**
 * Creates a store that keeps the buckets in Redis, so replicas share them. Each take is one round
 * trip: EVALSHA of {@link TAKE_SCRIPT}, or EVAL when Redis answers NOSCRIPT (after a restart or a
 * SCRIPT FLUSH), which loads it again. A take that fails (Redis down, a timeout, an error reply, an
 * answer outside the contract) rejects with a {@link RedisRateLimitStoreError} that carries no
 * key, so the limiter refuses the call and its `onStoreFailure` learns why without learning who.
 * A take that timed out may still run in Redis later: that spends a token, it never admits one.
 */
export function createRedisRateLimitStore(
  options: RedisRateLimitStoreOptions,
): RedisRateLimitStore {
  if (typeof options !== 'object' || options === null) {
    throw invalid('options', 'The store options must be an object.');
  }
  const { url, client: given } = options;
  if ((url === undefined) === (given === undefined)) {
    throw invalid('url', 'Give exactly one of url and client.');
  }
  if (url !== undefined && (typeof url !== 'string' || !/^rediss?:\/\//.test(url))) {
    throw invalid('url', 'url must be a redis:// or rediss:// URL.');
  }
  if (
    given !== undefined &&
    (typeof given !== 'object' ||
      given === null ||
      typeof given.evalsha !== 'function' ||
      typeof given.eval !== 'function')
  ) {
    throw invalid('client', 'client must be a Redis client with evalsha and eval.');
  }
  const keyPrefix = options.keyPrefix ?? DEFAULT_KEY_PREFIX;
  if (typeof keyPrefix !== 'string' || keyPrefix.length > 128) {
    throw invalid('keyPrefix', 'keyPrefix must be a string of at most 128 characters.');
  }
  const clock = options.clock ?? 'server';
  if (clock !== 'server' && clock !== 'limiter') {
    throw invalid('clock', "clock must be 'server' or 'limiter'.");
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 60_000) {
    throw invalid('timeoutMs', 'timeoutMs must be an integer from 1 to 60000.');
  }

  let owned: Redis | undefined;
  let client: RedisScriptClient;
  if (url !== undefined) {
    owned = new Redis(url, {
      // A take while Redis is away fails at once (and is refused) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
    });
    // Failures reach the limiter as rejected takes; the connection's own events add nothing.
    owned.on('error', () => {});
    client = owned;
  } else {
    client = given as RedisScriptClient;
  }

  async function run(args: string[], keys: number): Promise<unknown> {
    try {
      return await client.evalsha(SCRIPT_SHA, keys, ...args);
    } catch (error) {
      if (!isNoScript(error)) throw error;
      return await client.eval(TAKE_SCRIPT, keys, ...args);
    }
  }

  return {
    take(request) {
      const { buckets, now } = request;
      const keys: string[] = [];
      const argv: string[] =
        clock === 'limiter' ? ['l', String(now), LIMITER_EXPIRY_MARGIN] : ['s', '0', '0'];
      for (const bucket of buckets) {
        keys.push(keyPrefix + bucket.key);
        argv.push(String(bucket.burst), String(1000 / bucket.ratePerSecond));
      }
      return new Promise<RateLimitTakeOutcome>((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(
            new RedisRateLimitStoreError('STORE_TIMEOUT', 'Redis did not answer the take in time.'),
          );
        }, timeoutMs);
        run([...keys, ...argv], keys.length).then(
          (reply) => {
            clearTimeout(timer);
            try {
              resolve(outcomeOf(reply, keys.length));
            } catch (error) {
              reject(error);
            }
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(
              new RedisRateLimitStoreError('STORE_UNAVAILABLE', 'Redis could not run the take.', {
                clientError: clientErrorName(error),
              }),
            );
          },
        );
      });
    },
    async close() {
      if (owned !== undefined) {
        const closing = owned;
        owned = undefined;
        closing.disconnect();
      }
    },
  };
}
