/**
 * The rate limiter of the options, checked once a call's consumer and tool are known and granted
 * and before the dispatcher admits it: a burst is refused exactly past its bound and served again
 * once the bucket refills (an injected clock, no sleeps), in both eras over HTTP with the real v2
 * client; a limited call never reaches its tool, and its answer is the limiter's constant text and
 * wait, repeating nothing sent. Ungranted and unknown tools keep the constant answer, unlimited.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createRateLimiter,
  RATE_LIMIT_TEXT,
  type RateLimiter,
  RETRY_AFTER_META_KEY,
} from '@portcullis/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { createToolServer } from '../src/index.ts';
import { createDispatcher, type Dispatcher } from '../src/internal/siblings/dispatcher.ts';
import { CORRECTABLE_META_KEY } from '../src/texts.ts';
import { exposed, grants } from './fixtures/catalog.ts';
import { httpHost, TOKENS } from './http-support.ts';
import { captureLogger, closeAll, onClose } from './support.ts';

afterEach(closeAll);

const CANARY = 'CANARY-rate-limit-7f3a';

function clock(start = 1_000_000) {
  const state = { now: start };
  return { state, now: () => state.now };
}

async function v2Client(url: URL, consumer: keyof typeof TOKENS, modern: boolean) {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${TOKENS[consumer]}` } },
  });
  const client = new Client(
    { name: 'rate-limit-test', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await client.connect(transport);
  onClose(() => client.close());
  return client;
}

function greet(client: Client, name: string) {
  return client.callTool({ name: 'greet', arguments: { name } });
}

describe.each([
  ['modern', true],
  ['legacy', false],
])('the rate limit in the %s era', (_era, modern) => {
  it('refuses a burst exactly past its bound and serves again once the bucket refills', async () => {
    const time = clock();
    const rateLimiter = createRateLimiter({
      perConsumer: { burst: 3, ratePerSecond: 1 },
      clock: time.now,
    });
    const { host, logger } = await httpHost({ rateLimiter });
    const client = await v2Client(host.url, 'bob', modern);
    for (let i = 0; i < 3; i += 1) {
      const served = await greet(client, `Ada${i}`);
      expect(served.isError).not.toBe(true);
    }
    const refused = await greet(client, CANARY);
    expect(refused.isError).toBe(true);
    expect(refused.content).toEqual([{ type: 'text', text: RATE_LIMIT_TEXT }]);
    expect(refused._meta).toMatchObject({
      [CORRECTABLE_META_KEY]: false,
      [RETRY_AFTER_META_KEY]: 1000,
    });
    expect(JSON.stringify(refused)).not.toContain(CANARY);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
    // Another tool of the same consumer shares the consumer's bucket.
    const other = await client.callTool({ name: 'add', arguments: { a: 1, b: 2 } });
    expect(other.isError).toBe(true);
    expect(other.content).toEqual([{ type: 'text', text: RATE_LIMIT_TEXT }]);

    time.state.now += 999;
    expect((await greet(client, 'Ada')).isError).toBe(true);
    time.state.now += 1;
    const again = await greet(client, 'Ada');
    expect(again.isError).not.toBe(true);
    expect(again.content).toEqual([{ type: 'text', text: '"Hello, Ada."' }]);
    expect((await greet(client, 'Ada')).isError).toBe(true);
  });

  it('counts each consumer apart and a (consumer, tool) limit per tool', async () => {
    const time = clock();
    const rateLimiter = createRateLimiter({
      perTool: { burst: 5, ratePerSecond: 1 },
      tools: { greet: { burst: 1, ratePerSecond: 1 } },
      clock: time.now,
    });
    const { host } = await httpHost({ rateLimiter });
    const bob = await v2Client(host.url, 'bob', modern);
    const alice = await v2Client(host.url, 'alice', modern);
    expect((await greet(bob, 'Ada')).isError).not.toBe(true);
    expect((await greet(bob, 'Ada')).isError).toBe(true);
    expect((await greet(alice, 'Ada')).isError).not.toBe(true);
    for (let i = 0; i < 5; i += 1) {
      const added = await bob.callTool({ name: 'add', arguments: { a: i, b: 1 } });
      expect(added.isError).not.toBe(true);
    }
    expect((await bob.callTool({ name: 'add', arguments: { a: 1, b: 1 } })).isError).toBe(true);
  });

  it('keeps the constant answer for ungranted and unknown tools, and takes nothing for them', async () => {
    const time = clock();
    const rateLimiter = createRateLimiter({
      perConsumer: { burst: 1, ratePerSecond: 1 },
      clock: time.now,
    });
    const { host } = await httpHost({ rateLimiter });
    const bob = await v2Client(host.url, 'bob', modern);
    for (const name of ['echo', 'no_such_tool', 'echo']) {
      await expect(bob.callTool({ name, arguments: { name: 'x' } })).rejects.toThrow(
        /cannot be served/,
      );
    }
    expect((await greet(bob, 'Ada')).isError).not.toBe(true);
    expect((await greet(bob, 'Ada')).isError).toBe(true);
  });
});

describe('the rate limiter option', () => {
  it('awaits a limiter whose store answers later, and never dispatches a limited call', async () => {
    const real = createDispatcher({ maxRunning: 8, maxQueued: 8 });
    let submitted = 0;
    const dispatcher: Dispatcher = Object.assign(Object.create(real) as Dispatcher, {
      submit: ((...args: Parameters<Dispatcher['submit']>) => {
        submitted += 1;
        return real.submit(...args);
      }) as Dispatcher['submit'],
    });
    let admit = true;
    const rateLimiter: RateLimiter = {
      check: async (consumer, tool) => {
        expect([consumer, tool]).toEqual(['bob', 'greet']);
        return admit
          ? { ok: true }
          : {
              ok: false,
              refusal: {
                code: 'RATE_LIMITED',
                text: RATE_LIMIT_TEXT,
                retryAfterMs: 250,
                correctable: false,
                bound: 'store',
              },
            };
      },
    };
    const { host } = await httpHost({ rateLimiter, dispatcher });
    const client = await v2Client(host.url, 'bob', true);
    expect((await greet(client, 'Ada')).isError).not.toBe(true);
    expect(submitted).toBe(1);
    admit = false;
    const refused = await greet(client, 'Ada');
    expect(refused.content).toEqual([{ type: 'text', text: RATE_LIMIT_TEXT }]);
    expect(refused._meta?.[RETRY_AFTER_META_KEY]).toBe(250);
    expect(submitted).toBe(1);
  });

  it('refuses to start with a limiter that is not one', () => {
    expect(() =>
      createToolServer({
        exposure: exposed,
        grants,
        callTimeoutMs: 1000,
        dispatcher: { maxRunning: 1, maxQueued: 1 },
        logger: captureLogger(),
        rateLimiter: { limit: () => true } as unknown as RateLimiter,
      }),
    ).toThrow(/rateLimiter/);
  });
});
