/**
 * Legacy sessions are bounded: none is kept for a request without a consumer (a flood of
 * unauthenticated `initialize` requests opens nothing), a session serves only the consumer that
 * opened it, and past a consumer's cap the session unused longest is closed first.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../src/http.ts';
import { HTTP_TEXTS } from '../src/http-texts.ts';
import { internalsOf } from '../src/tool-server.ts';
import { bearer, httpHost, post, resolver } from './http-support.ts';
import { closeAll, fixtureServer, initialize, onClose } from './support.ts';

afterEach(closeAll);

async function open(url: URL, consumer: 'alice' | 'bob'): Promise<string> {
  const answer = await post(url, initialize(), bearer(consumer));
  expect(answer.status).toBe(200);
  const id = answer.headers.get('mcp-session-id');
  expect(id).not.toBeNull();
  return id as string;
}

function ping(url: URL, session: string, consumer: 'alice' | 'bob') {
  return post(
    url,
    { jsonrpc: '2.0', id: 9, method: 'ping' },
    { ...bearer(consumer), 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
  );
}

describe('bounded sessions', () => {
  it('keeps none for a request without a consumer, however many come', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => post(host.url, initialize())),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.headers.get('mcp-session-id')).toBeNull();
      expect(JSON.parse(answer.body).error.message).toBe(HTTP_TEXTS.sessionsNeedConsumer);
    }
  });

  it('serves a session to the consumer that opened it only', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const session = await open(host.url, 'alice');
    expect((await ping(host.url, session, 'alice')).status).toBe(200);
    const foreign = await ping(host.url, session, 'bob');
    expect(foreign.status).toBe(404);
    expect(JSON.parse(foreign.body).error.message).toBe(HTTP_TEXTS.sessionNotFound);
  });

  it('closes the session unused longest when a consumer passes its cap', async () => {
    const { host } = await httpHost({}, { sessions: { maxSessionsPerConsumer: 2 } });
    const first = await open(host.url, 'alice');
    const second = await open(host.url, 'alice');
    expect((await ping(host.url, first, 'alice')).status).toBe(200);
    const third = await open(host.url, 'alice');
    // `second` was unused longest: it is the one closed.
    expect((await ping(host.url, second, 'alice')).status).toBe(404);
    expect((await ping(host.url, first, 'alice')).status).toBe(200);
    expect((await ping(host.url, third, 'alice')).status).toBe(200);
    // Another consumer's cap is its own.
    await open(host.url, 'bob');
    expect((await ping(host.url, third, 'alice')).status).toBe(200);
  });
});

describe('bounded sessions opened at once', () => {
  it.each([
    ['per consumer', { maxSessionsPerConsumer: 2 }],
    ['in all', { maxSessions: 2 }],
  ])('never pass the cap %s', async (_, limits) => {
    const { server, logger } = fixtureServer();
    // Each session's server takes a while to connect, so the `initialize` requests overlap.
    const internals = internalsOf(server);
    const connect = internals.connect;
    (internals as { connect: typeof connect }).connect = async (transport, options) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return connect(transport, options);
    };
    const host = await serveHttp(server, { consumers: resolver, sessions: limits });
    onClose(() => host.close());
    expect(logger.lines).toEqual([]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(host.url, initialize(), bearer('alice'))),
    );
    const opened = answers.filter((answer) => answer.status === 200);
    expect(opened.length).toBeGreaterThanOrEqual(2);
    for (const answer of answers.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(503);
      expect(JSON.parse(answer.body).error.message).toBe(HTTP_TEXTS.sessionsFull);
    }
    const live = await Promise.all(
      opened.map((answer) => ping(host.url, answer.headers.get('mcp-session-id')!, 'alice')),
    );
    expect(live.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(2);
    expect(live.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
  });
});

describe('session ids for a balancer', () => {
  it('start with the host’s prefix, so each replica’s sessions can be routed to it', async () => {
    const { host } = await httpHost({}, { sessions: { idPrefix: 'r7' } });
    const session = await open(host.url, 'alice');
    expect(session).toMatch(/^r7\.[0-9a-f-]{36}$/);
    expect((await ping(host.url, session, 'alice')).status).toBe(200);
  });

  it('refuses a prefix that is not 1 to 32 letters, digits or -', async () => {
    for (const idPrefix of ['', 'r.1', 'x'.repeat(33), 'r 1']) {
      await expect(httpHost({}, { sessions: { idPrefix } })).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        details: { option: 'sessions' },
      });
    }
  });
});
