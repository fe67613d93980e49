/*
 * Calls over HTTP that outlive one exchange: a client cancel (routed to the call by the id its own
 * consumer gave it) and a dropped connection each stop a three-level workflow; sessions carry what
 * a client declared, so sampling and elicitation round-trip over the request's stream; stateless
 * requests cannot be asked anything; and nothing is left routed or open afterwards.
 */

import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createDispatcher, type Dispatcher } from '@portcullis/dispatcher';
import { afterEach, describe, expect, it } from 'vitest';
import { HTTP_TEXTS } from '../src/http.ts';
import { observer } from './fixtures/observer.ts';
import { bearer, httpClient, httpHost, post } from './http-support.ts';
import { call, closeAll, textOf } from './support.ts';

afterEach(closeAll);

async function drained(dispatcher: Dispatcher): Promise<void> {
  while (dispatcher.stats().jobs > 0) await new Promise((resolve) => setImmediate(resolve));
}

const stopped = (topic: string) =>
  Promise.all(
    ['research', 'think', 'leaf'].map((level) => observer.whenStopped(`${level}:${topic}`)),
  );

describe('cancellation over HTTP', () => {
  it('stops the workflow when the SDK client cancels, stateless', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { host } = await httpHost({ dispatcher });
    const client = await httpClient(host.url, 'alice');
    const abort = new AbortController();
    const pending = client.callTool(
      { name: 'research', arguments: { topic: 'http-cancel', hold: true } },
      undefined,
      { signal: abort.signal },
    );
    await observer.whenStarted('leaf:http-cancel');
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(await stopped('http-cancel')).toEqual([
      'client_cancel',
      'client_cancel',
      'client_cancel',
    ]);
    await drained(dispatcher);
    expect(
      (await client.callTool({ name: 'greet', arguments: { name: 'after' } })).isError,
    ).toBeUndefined();
  });

  it('does not let one consumer cancel another consumer call of the same id', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { host } = await httpHost({ dispatcher });
    const abort = new AbortController();
    const held = post(
      host.url,
      call(1, 'research', { topic: 'other-id', hold: true }),
      bearer('alice'),
      abort.signal,
    );
    await observer.whenStarted('leaf:other-id');
    const notice = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } };
    expect((await post(host.url, notice, bearer('bob'))).status).toBe(202);
    expect((await post(host.url, notice)).status).toBe(202);
    expect(dispatcher.stats().workflows).toBe(1);
    abort.abort();
    await held.catch(() => undefined);
    await stopped('other-id');
    await drained(dispatcher);
  });

  it('stops the workflow and closes the transport when the connection drops', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { host } = await httpHost({ dispatcher });
    const abort = new AbortController();
    const held = post(
      host.url,
      call(1, 'research', { topic: 'http-gone', hold: true }),
      bearer('alice'),
      abort.signal,
    );
    await observer.whenStarted('leaf:http-gone');
    abort.abort();
    await expect(held).rejects.toThrow();
    expect(await stopped('http-gone')).toEqual(['disconnect', 'disconnect', 'disconnect']);
    await drained(dispatcher);
  });
});

describe('sessions', () => {
  it('round-trips sampling over a session, and refuses it without one', async () => {
    const stateful = await httpHost({}, { sessions: true });
    const client = await httpClient(stateful.host.url, 'alice', { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async () => ({
      role: 'assistant',
      content: { type: 'text', text: 'over http' },
      model: 'm',
    }));
    const sampled = await client.callTool({ name: 'ask', arguments: { what: 'sample' } });
    expect(JSON.parse(textOf(sampled))).toMatchObject({
      ok: true,
      value: { content: { text: 'over http' } },
    });

    const stateless = await httpHost();
    const other = await httpClient(stateless.host.url, 'alice', { capabilities: { sampling: {} } });
    const refused = await other.callTool({ name: 'ask', arguments: { what: 'sample' } });
    expect(JSON.parse(textOf(refused))).toMatchObject({
      ok: false,
      refusal: { code: 'NOT_DECLARED' },
    });
  });

  it('cancels on the session, and ends the cancelled request', async () => {
    const dispatcher = createDispatcher({ maxRunning: 4, maxQueued: 4 });
    const { host } = await httpHost({ dispatcher }, { sessions: true });
    const client = await httpClient(host.url, 'alice');
    const abort = new AbortController();
    const pending = client.callTool(
      { name: 'research', arguments: { topic: 'session-cancel', hold: true } },
      undefined,
      { signal: abort.signal },
    );
    await observer.whenStarted('leaf:session-cancel');
    abort.abort();
    await expect(pending).rejects.toThrow();
    expect(await stopped('session-cancel')).toEqual([
      'client_cancel',
      'client_cancel',
      'client_cancel',
    ]);
    await drained(dispatcher);
  });

  it('requires a session id after initialize, refuses an unknown one, and ends a session on DELETE', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const missing = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      bearer('alice'),
    );
    expect(missing.status).toBe(400);
    expect(JSON.parse(missing.body).error.message).toBe(HTTP_TEXTS.sessionRequired);
    const unknown = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { ...bearer('alice'), 'mcp-session-id': 'canary-session' },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toContain('canary');
    const opened = await post(
      host.url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'r', version: '1' },
        },
      },
      bearer('alice'),
    );
    const session = opened.headers.get('mcp-session-id');
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const headers = {
      ...bearer('alice'),
      'mcp-session-id': session!,
      'mcp-protocol-version': '2025-11-25',
    };
    expect(
      (await post(host.url, { jsonrpc: '2.0', id: 2, method: 'ping' }, headers)).texts,
    ).toEqual(['{"result":{},"jsonrpc":"2.0","id":2}']);
    const deleted = await fetch(host.url, { method: 'DELETE', headers });
    expect(deleted.status).toBe(200);
    await deleted.text();
    expect((await post(host.url, { jsonrpc: '2.0', id: 3, method: 'ping' }, headers)).status).toBe(
      404,
    );
  });
});
