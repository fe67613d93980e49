/*
 * Guards the Redis store's own promises on a real Redis: a take is one script run that takes from
 * both buckets or neither; it runs on the server's clock unless told otherwise; it recovers from a
 * flushed script cache with EVAL; its keys carry the prefix and expire once the bucket is full;
 * and any failure (a corrupted bucket, an answer outside the contract) refuses the call with an
 * error that names no consumer and no tool.
 */
import { inspect } from 'node:util';
import { createRateLimiter } from '@portcullis/limits';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createRedisRateLimitStore,
  RedisRateLimitStoreError,
  type RedisScriptClient,
} from '../src/index.ts';
import { connectTestRedis, dropPrefix, manualClock, uniquePrefix } from './helpers.ts';

const redis = await connectTestRedis();
const prefix = uniquePrefix();
afterAll(async () => {
  if (redis === undefined) return;
  await dropPrefix(redis, prefix);
  redis.disconnect();
});

let n = 0;
const fresh = () => `${prefix}${n++}:`;
const CANARY_CONSUMER = 'consumer-canary-7f3a';
const CANARY_TOOL = 'tool-canary-9b1c';

/** Everything an error shows to a log line, a JSON log and a debugger. */
function shown(error: unknown): string {
  return `${String(error)} ${JSON.stringify(error)} ${inspect(error, { depth: 8, showHidden: true })}`;
}

describe.skipIf(redis === undefined)('the Redis store on a real Redis', () => {
  it('admits the burst, then refuses with the wait until the next token', async () => {
    const clock = manualClock();
    const limiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 2 },
      clock: clock.now,
      store: createRedisRateLimitStore({ client: redis!, keyPrefix: fresh(), clock: 'limiter' }),
    });
    for (let i = 0; i < 3; i++) expect((await limiter.check('alice', 'search')).ok).toBe(true);
    const refused = await limiter.check('alice', 'search');
    expect(refused).toMatchObject({ ok: false, refusal: { bound: 'consumer', retryAfterMs: 500 } });
    clock.advance(499);
    expect((await limiter.check('alice', 'search')).ok).toBe(false);
    clock.advance(1);
    expect((await limiter.check('alice', 'search')).ok).toBe(true);
  });

  it('takes from both buckets or neither: a tool refused spends none of the consumer budget', async () => {
    const keyPrefix = fresh();
    const limiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 0.001 },
      perTool: { burst: 1, ratePerSecond: 0.001 },
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
    });
    expect((await limiter.check('alice', 'search')).ok).toBe(true);
    for (let i = 0; i < 5; i++) {
      expect(await limiter.check('alice', 'search')).toMatchObject({ refusal: { bound: 'tool' } });
    }
    expect((await limiter.check('alice', 'read')).ok).toBe(true);
    expect((await limiter.check('alice', 'list')).ok).toBe(true);
    expect(await limiter.check('alice', 'write')).toMatchObject({ refusal: { bound: 'consumer' } });
  });

  it("counts on Redis's clock by default, whatever the limiter's clock says", async () => {
    const keyPrefix = fresh();
    const limits = { perConsumer: { burst: 2, ratePerSecond: 0.001 } };
    const early = createRateLimiter({
      ...limits,
      clock: () => 0,
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
    });
    const late = createRateLimiter({
      ...limits,
      clock: () => 1e15,
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
    });
    expect((await early.check('alice', 't')).ok).toBe(true);
    expect((await late.check('alice', 't')).ok).toBe(true);
    expect((await late.check('alice', 't')).ok).toBe(false);
    expect((await early.check('alice', 't')).ok).toBe(false);
  });

  it('keeps its keys under the prefix, with an expiry at the moment the bucket is full', async () => {
    const keyPrefix = fresh();
    const limiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 1 },
      perTool: { burst: 1, ratePerSecond: 0.5 },
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
    });
    expect((await limiter.check('alice', 'search')).ok).toBe(true);
    const keys = (await redis!.keys(`${keyPrefix}*`)).sort();
    expect(keys).toEqual([`${keyPrefix}c:alice`, `${keyPrefix}t:5:alicesearch`]);
    const consumerTtl = await redis!.pttl(`${keyPrefix}c:alice`);
    const toolTtl = await redis!.pttl(`${keyPrefix}t:5:alicesearch`);
    expect(consumerTtl).toBeGreaterThan(0);
    expect(consumerTtl).toBeLessThanOrEqual(1000);
    expect(toolTtl).toBeGreaterThan(1000);
    expect(toolTtl).toBeLessThanOrEqual(2000);
  });

  it('lets an idle bucket expire, and an expired bucket is a full one', async () => {
    const keyPrefix = fresh();
    const limiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 50 },
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
    });
    expect((await limiter.check('alice', 't')).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await redis!.exists(`${keyPrefix}c:alice`)).toBe(0);
    expect((await limiter.check('alice', 't')).ok).toBe(true);
  });

  it('runs EVAL when Redis has lost the script, then EVALSHA again: one command per take', async () => {
    const calls: string[] = [];
    const counting: RedisScriptClient = {
      evalsha: (...args) => {
        calls.push('evalsha');
        return redis!.evalsha(...args);
      },
      eval: (...args) => {
        calls.push('eval');
        return redis!.eval(...args);
      },
    };
    const limiter = createRateLimiter({
      perConsumer: { burst: 10, ratePerSecond: 1 },
      store: createRedisRateLimitStore({ client: counting, keyPrefix: fresh() }),
    });
    await redis!.script('FLUSH');
    expect((await limiter.check('alice', 't')).ok).toBe(true);
    expect(calls).toEqual(['evalsha', 'eval']);
    calls.length = 0;
    expect((await limiter.check('alice', 't')).ok).toBe(true);
    expect(calls).toEqual(['evalsha']);
  });

  it('refuses when a bucket holds something that is no TAT, and says nothing of whose it is', async () => {
    const keyPrefix = fresh();
    const failures: unknown[] = [];
    const limiter = createRateLimiter({
      perConsumer: { burst: 10, ratePerSecond: 1 },
      store: createRedisRateLimitStore({ client: redis!, keyPrefix }),
      onStoreFailure: (error) => failures.push(error),
    });
    await redis!.set(`${keyPrefix}c:${CANARY_CONSUMER}`, `not a number ${CANARY_TOOL}`);
    expect(await limiter.check(CANARY_CONSUMER, CANARY_TOOL)).toMatchObject({
      ok: false,
      refusal: { bound: 'store' },
    });
    await redis!.del(`${keyPrefix}c:${CANARY_CONSUMER}`);
    await redis!.hset(`${keyPrefix}c:${CANARY_CONSUMER}`, CANARY_TOOL, CANARY_CONSUMER);
    expect(await limiter.check(CANARY_CONSUMER, CANARY_TOOL)).toMatchObject({
      ok: false,
      refusal: { bound: 'store' },
    });
    expect(failures).toHaveLength(2);
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(RedisRateLimitStoreError);
      expect(failure).toMatchObject({
        code: 'STORE_UNAVAILABLE',
        details: { clientError: 'ReplyError' },
      });
      expect(shown(failure)).not.toContain('canary');
    }
  });
});

describe('a store whose client misbehaves', () => {
  const answering = (reply: unknown): RedisScriptClient => ({
    evalsha: async () => reply,
    eval: async () => reply,
  });

  it.each([
    ['nothing', undefined],
    ['a number', 1],
    ['an empty list', []],
    ['an admission with extras', [1, 2]],
    ['a refusal without a wait', [0]],
    ['a wait of zero', [0, '0', 0]],
    ['a wait that is no number', [0, 'soon', 0]],
    ['a position past the buckets', [0, '5', 2]],
    ['a negative position', [0, '5', -1]],
    ['a string one', ['1']],
  ])('refuses on %s', async (_, reply) => {
    const failures: unknown[] = [];
    const limiter = createRateLimiter({
      perConsumer: { burst: 10, ratePerSecond: 1 },
      perTool: { burst: 10, ratePerSecond: 1 },
      store: createRedisRateLimitStore({ client: answering(reply) }),
      onStoreFailure: (error) => failures.push(error),
    });
    expect(await limiter.check(CANARY_CONSUMER, CANARY_TOOL)).toMatchObject({
      ok: false,
      refusal: { bound: 'store' },
    });
    expect(failures).toEqual([expect.objectContaining({ code: 'STORE_CONTRACT' })]);
  });

  it('refuses when the client throws at once, or rejects with the keys in its error', async () => {
    const leaky = Object.assign(new Error(`ERR ${CANARY_CONSUMER}`), {
      command: { name: 'evalsha', args: [CANARY_CONSUMER, CANARY_TOOL] },
    });
    for (const client of [
      {
        evalsha: () => {
          throw leaky;
        },
        eval: () => {
          throw leaky;
        },
      },
      { evalsha: async () => Promise.reject(leaky), eval: async () => Promise.reject(leaky) },
    ] as RedisScriptClient[]) {
      const failures: unknown[] = [];
      const limiter = createRateLimiter({
        perConsumer: { burst: 10, ratePerSecond: 1 },
        store: createRedisRateLimitStore({ client }),
        onStoreFailure: (error) => failures.push(error),
      });
      expect((await limiter.check(CANARY_CONSUMER, CANARY_TOOL)).ok).toBe(false);
      expect(failures).toHaveLength(1);
      expect(shown(failures[0])).not.toContain('canary');
    }
  });

  it('refuses a take the client never answers, once timeoutMs has passed', async () => {
    const never: RedisScriptClient = {
      evalsha: () => new Promise(() => {}),
      eval: () => new Promise(() => {}),
    };
    const failures: unknown[] = [];
    const limiter = createRateLimiter({
      perConsumer: { burst: 10, ratePerSecond: 1 },
      store: createRedisRateLimitStore({ client: never, timeoutMs: 20 }),
      onStoreFailure: (error) => failures.push(error),
    });
    expect(await limiter.check('alice', 't')).toMatchObject({ refusal: { bound: 'store' } });
    expect(failures).toEqual([expect.objectContaining({ code: 'STORE_TIMEOUT' })]);
  });
});

describe('the options', () => {
  const client: RedisScriptClient = { evalsha: async () => [1], eval: async () => [1] };
  it.each([
    ['no options', null, 'options'],
    ['neither url nor client', {}, 'url'],
    ['both url and client', { url: 'redis://127.0.0.1', client }, 'url'],
    ['a url of another scheme', { url: `http://${CANARY_CONSUMER}` }, 'url'],
    ['a client without eval', { client: { evalsha: client.evalsha } }, 'client'],
    ['a prefix too long', { client, keyPrefix: CANARY_CONSUMER.repeat(20) }, 'keyPrefix'],
    ['an unknown clock', { client, clock: CANARY_CONSUMER }, 'clock'],
    ['a timeout of zero', { client, timeoutMs: 0 }, 'timeoutMs'],
    ['a fractional timeout', { client, timeoutMs: 1.5 }, 'timeoutMs'],
    ['a timeout past a minute', { client, timeoutMs: 60_001 }, 'timeoutMs'],
  ])('refuses %s, naming the option and not its value', (_, options, option) => {
    let thrown: unknown;
    try {
      createRedisRateLimitStore(options as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RedisRateLimitStoreError);
    expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS', details: { option } });
    expect(shown(thrown)).not.toContain('canary');
  });
});
