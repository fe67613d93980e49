/**
 * Rebuilds and the tool servers they leave behind: a flood of rebuilds makes one at a time, not
 * one each; a tool server before the newest keeps serving what it holds (a running call, a session
 * it opened) and is closed once it holds nothing, so rebuilds do not pile up servers.
 */

import { request as httpRequest } from 'node:http';
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayHost, serveGatewayHttp } from '../src/index.ts';
import { type Child, clientOf, startSdkServer, TEST_TOKEN, testServer } from './support.ts';

let sdk: Child;
let gateway: Gateway;
let stateless: GatewayHost;
let sessions: GatewayHost;
let brief: GatewayHost;

beforeAll(async () => {
  sdk = await startSdkServer();
  gateway = await createGateway({
    upstreams: [{ url: sdk.url, prefix: 'sdk_' }],
    warn: () => {},
    server: testServer({ callTimeoutMs: 20_000, dispatcher: { maxRunning: 8, maxQueued: 8 } }),
  });
  const consumers = createTokenResolver([
    { consumer: 'tests', tokenSha256: hashToken(TEST_TOKEN) },
  ]);
  stateless = await serveGatewayHttp(gateway, { consumers });
  sessions = await serveGatewayHttp(gateway, { consumers, sessions: { idleSeconds: 600 } });
  brief = await serveGatewayHttp(gateway, { consumers, sessions: { idleSeconds: 1 } });
});

afterAll(async () => {
  await stateless?.close();
  await sessions?.close();
  await brief?.close();
  await gateway?.close();
  await sdk?.stop();
});

async function until(test: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!test() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

const sum = (result: unknown) =>
  (result as { structuredContent?: { sum?: number } }).structuredContent?.sum;

describe('rebuilds', () => {
  it('asked for 30 times at once, read the upstreams at most twice', async () => {
    let rebuilt = 0;
    gateway.onRebuild(() => {
      rebuilt += 1;
    });
    await Promise.all(Array.from({ length: 30 }, () => gateway.rebuild()));
    expect(rebuilt).toBeGreaterThanOrEqual(1);
    expect(rebuilt).toBeLessThanOrEqual(2);
    // Without sessions, a tool server that holds no request is closed when the next one comes.
    expect(stateless.generations).toBe(1);
  });

  it('leave a tool server serving its running call, and close it once the call ends', async () => {
    const client = await clientOf(stateless.url, TEST_TOKEN);
    const running = new AbortController();
    const slow = client
      .callTool({ name: 'sdk_slow', arguments: {} }, { signal: running.signal })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await gateway.rebuild();
    expect(stateless.generations).toBe(2);
    expect(sum(await client.callTool({ name: 'sdk_add', arguments: { a: 1, b: 2 } }))).toBe(3);
    running.abort();
    await slow;
    await until(() => stateless.generations === 1);
    expect(stateless.generations).toBe(1);
    await client.close();
  });

  it('leave a session on the tool server that opened it, and new sessions on the newest', async () => {
    const before = await clientOf(sessions.url, TEST_TOKEN);
    expect(sum(await before.callTool({ name: 'sdk_add', arguments: { a: 2, b: 2 } }))).toBe(4);
    await gateway.rebuild();
    // The session opened before the rebuild still answers: its server is kept while it is used.
    expect(sum(await before.callTool({ name: 'sdk_add', arguments: { a: 3, b: 3 } }))).toBe(6);
    expect(sessions.generations).toBe(2);
    const after = await clientOf(sessions.url, TEST_TOKEN);
    expect(sum(await after.callTool({ name: 'sdk_add', arguments: { a: 4, b: 4 } }))).toBe(8);
    await before.close();
    await after.close();
  });
});

/** A raw 2025-era POST to `host`, in `session` when given, with the token unless told not to. */
async function post(host: GatewayHost, body: unknown, session?: string, token = true) {
  const response = await fetch(host.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
      ...(token ? { authorization: `Bearer ${TEST_TOKEN}` } : {}),
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    },
    body: JSON.stringify(body),
  });
  await response.text();
  return { status: response.status, session: response.headers.get('mcp-session-id') ?? '' };
}

const ADD = { name: 'sdk_add', arguments: { a: 1, b: 1 } };

describe('a session with no stream open', () => {
  it('outlives a rebuild, and forged ids of its generation do not keep the generation', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    };
    const { session } = await post(brief, initialize);
    expect(session).toMatch(/^g\d+\./);
    await post(brief, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    expect(
      (await post(brief, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: ADD }, session))
        .status,
    ).toBe(200);
    await gateway.rebuild();
    // Nothing of the session is open between its requests, yet its generation keeps it.
    expect(
      (await post(brief, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: ADD }, session))
        .status,
    ).toBe(200);
    expect(brief.generations).toBe(2);
    // Requests in a forged session's name are not use: idle past 1 s, it is closed.
    const forged = `${session.split('.')[0]}.forged`;
    const deadline = Date.now() + 10_000;
    let pokes = 0;
    while (brief.generations > 1 && Date.now() < deadline) {
      // With a token too: an id no generation gave goes to the newest, which knows nothing of it.
      const poke = await post(
        brief,
        { jsonrpc: '2.0', id: 9, method: 'ping' },
        forged,
        pokes % 2 === 0,
      );
      expect([401, 404]).toContain(poke.status);
      pokes += 1;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(brief.generations).toBe(1);
  });
});
