/*
 * Guards fail-closed: with no Redis to reach (nothing listening), or a Redis that accepts the
 * connection and never answers, every check is refused with bound `store` within the store's
 * timeout. None is admitted, none hangs, and no error names the consumer or the tool. These need
 * no Redis, so they always run.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { inspect } from 'node:util';
import { createRateLimiter } from '@portcullis/limits';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisRateLimitStore } from '../src/index.ts';

const CANARY = 'canary-5d2e';

async function listen(
  onSocket: (socket: Socket) => void,
): Promise<{ server: Server; port: number }> {
  const server = createServer(onSocket);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { server, port: address.port };
}

/** A port nobody listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const { server, port } = await listen(() => {});
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sockets: Socket[] = [];
const servers: Server[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
});

async function expectAllRefused(store: ReturnType<typeof createRedisRateLimitStore>) {
  const failures: unknown[] = [];
  const limiter = createRateLimiter({
    perConsumer: { burst: 1000, ratePerSecond: 1000 },
    perTool: { burst: 1000, ratePerSecond: 1000 },
    store,
    onStoreFailure: (error) => failures.push(error),
  });
  const started = Date.now();
  const decisions = await Promise.all(
    Array.from({ length: 50 }, (_, i) => limiter.check(`${CANARY}-${i}`, CANARY)),
  );
  expect(decisions.every((d) => !d.ok && d.refusal.bound === 'store')).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
  expect(failures).toHaveLength(50);
  for (const failure of failures) {
    expect(`${String(failure)} ${inspect(failure, { depth: 8, showHidden: true })}`).not.toContain(
      CANARY,
    );
  }
  return failures;
}

describe('a store with no Redis behind it', () => {
  it('refuses every check when nothing listens (store opened from a url)', async () => {
    const store = createRedisRateLimitStore({
      url: `redis://127.0.0.1:${await closedPort()}`,
      timeoutMs: 200,
    });
    try {
      const failures = await expectAllRefused(store);
      expect(failures[0]).toMatchObject({ code: 'STORE_UNAVAILABLE' });
    } finally {
      await store.close();
    }
  });

  it('refuses every check when Redis accepts and never answers', async () => {
    const { server, port } = await listen((socket) => {
      sockets.push(socket);
      socket.on('data', () => {});
    });
    servers.push(server);
    const client = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true });
    client.on('error', () => {});
    try {
      const failures = await expectAllRefused(
        createRedisRateLimitStore({ client, timeoutMs: 100 }),
      );
      expect(failures[0]).toMatchObject({ code: 'STORE_TIMEOUT' });
    } finally {
      client.disconnect();
    }
  });

  it('refuses every check when Redis goes away mid-run', async () => {
    let peer: Socket | undefined;
    const { server, port } = await listen((socket) => {
      peer = socket;
      sockets.push(socket);
      // A minimal Redis: every command gets an error reply, until the socket is cut below.
      socket.on('data', () => socket.write('-ERR unknown\r\n'));
    });
    servers.push(server);
    const store = createRedisRateLimitStore({ url: `redis://127.0.0.1:${port}`, timeoutMs: 200 });
    try {
      await expectAllRefused(store);
      peer?.destroy();
      server.close();
      await expectAllRefused(store);
    } finally {
      await store.close();
    }
  });
});
