/*
 * Pins the limiter's vocabulary: its error codes, its one refusal text and meta key; and guards
 * how options are judged: every malformed option throws INVALID_OPTIONS naming the option, and no
 * message repeats a value it was given.
 */
import { describe, expect, it } from 'vitest';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  RATE_LIMIT_ERROR_CODES,
  RATE_LIMIT_TEXT,
  RateLimitError,
  type RateLimiterOptions,
  RETRY_AFTER_META_KEY,
} from '../src/index.ts';

const CANARY = 'CANARY-7f3a';
const OK = { burst: 1, ratePerSecond: 1 };

function thrown(run: () => unknown): RateLimitError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(RateLimitError);
    return error as RateLimitError;
  }
  throw new Error('expected a RateLimitError');
}

describe('the vocabulary', () => {
  it('is pinned', () => {
    expect(RATE_LIMIT_ERROR_CODES).toEqual({
      INVALID_OPTIONS: 'INVALID_OPTIONS',
      INVALID_CHECK: 'INVALID_CHECK',
      INVALID_CLOCK: 'INVALID_CLOCK',
    });
    expect(RATE_LIMIT_TEXT).toBe(
      'This call was not run: a rate limit is reached. Wait the number of milliseconds given in portcullis/retryAfterMs, then call again.',
    );
    expect(RETRY_AFTER_META_KEY).toBe('portcullis/retryAfterMs');
  });
});

describe('options', () => {
  const cases: [string, unknown, string | undefined][] = [
    ['not an object', CANARY, undefined],
    ['no limit at all', {}, undefined],
    ['a limit that is no object', { perConsumer: CANARY }, 'perConsumer'],
    ['a burst of zero', { perConsumer: { burst: 0, ratePerSecond: 1 } }, 'perConsumer.burst'],
    ['a fractional burst', { perTool: { burst: 1.5, ratePerSecond: 1 } }, 'perTool.burst'],
    ['a burst as a string', { perTool: { burst: CANARY, ratePerSecond: 1 } }, 'perTool.burst'],
    [
      'a rate of zero',
      { perConsumer: { burst: 1, ratePerSecond: 0 } },
      'perConsumer.ratePerSecond',
    ],
    [
      'a negative rate',
      { perConsumer: { burst: 1, ratePerSecond: -1 } },
      'perConsumer.ratePerSecond',
    ],
    [
      'an infinite rate',
      { perConsumer: { burst: 1, ratePerSecond: Infinity } },
      'perConsumer.ratePerSecond',
    ],
    [
      'a NaN rate',
      { perConsumer: { burst: 1, ratePerSecond: Number.NaN } },
      'perConsumer.ratePerSecond',
    ],
    ['tools as a list', { tools: [OK] }, 'tools'],
    ['a tool with a bad limit', { tools: { a: OK, [CANARY]: { burst: -1 } } }, 'tools.1.burst'],
    ['a tool with an empty name', { tools: { '': OK } }, 'tools.0'],
    ['a store without take', { perConsumer: OK, store: { get: () => 1 } }, 'store'],
    ['a clock that is no function', { perConsumer: OK, clock: 5 }, 'clock'],
    [
      'a failure listener that is no function',
      { perConsumer: OK, onStoreFailure: CANARY },
      'onStoreFailure',
    ],
  ];

  it.each(cases)('refuses %s, naming the option and echoing nothing', (_, options, option) => {
    const error = thrown(() => createRateLimiter(options as RateLimiterOptions));
    expect(error.code).toBe('INVALID_OPTIONS');
    expect(error.details.option).toBe(option);
    expect(error.message).not.toContain(CANARY);
    expect(JSON.stringify(error.details)).not.toContain(CANARY);
  });

  it.each([0, 1, 2.5, -3, Number.NaN, '10'])('of the store refuse maxKeys %s', (maxKeys) => {
    const error = thrown(() => createMemoryRateLimitStore({ maxKeys: maxKeys as number }));
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', details: { option: 'maxKeys' } });
  });
});

describe('checks', () => {
  const limiter = createRateLimiter({ perConsumer: OK, clock: () => 0 });

  it.each([
    ['', 'a', 'consumer'],
    [5, 'a', 'consumer'],
    ['alice', '', 'tool'],
    ['alice', null, 'tool'],
  ])('refuse the consumer %j with the tool %j as our defect', (consumer, tool, argument) => {
    const error = thrown(() => limiter.check(consumer as string, tool as string));
    expect(error).toMatchObject({ code: 'INVALID_CHECK', details: { argument } });
  });

  it.each([Number.NaN, Infinity, '5', undefined])('refuse a clock that answers %s', (now) => {
    const broken = createRateLimiter({ perConsumer: OK, clock: () => now as number });
    expect(thrown(() => broken.check('alice', 'a')).code).toBe('INVALID_CLOCK');
  });
});
