/*
 * What the interposer hands the SDK and what it keeps from it: a delegated call is rebuilt from
 * what was judged (the tool's name and a progress token, never the arguments), a notification with
 * unreadable `_meta` or an unreadable cancel never reaches the SDK, a response the server did not
 * ask for goes to the SDK untouched (which reports it), an outbound answer to an id nothing awaits
 * or a listing of another shape is sent without a fault, a sessionless (shared) connection
 * keeps no client's log level, and a connection made through `connect` takes no consumer from what
 * its transport puts in a message's `authInfo`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { internalsOf } from '../src/tool-server.ts';
import { call, closeAll, fixtureServer, initialize, peerOver, spiedPeer } from './support.ts';
import { wirePair } from './wire.ts';

afterEach(closeAll);

const CANARY = 'canary-3c9e';

describe('a delegated call', () => {
  it('carries the tool’s name and the progress token only', async () => {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.request(initialize());
    await peer.request(call(1, 'greet', { name: CANARY }));
    await peer.request(call(2, 'greet', { name: CANARY }, { progressToken: 7 }));
    await peer.request(call(3, 'greet', { name: CANARY }, { progressToken: 'p' }));
    expect(delegated.filter((message) => message.method === 'tools/call')).toStrictEqual([
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } },
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'greet', _meta: { progressToken: 7 } },
      },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'greet', _meta: { progressToken: 'p' } },
      },
    ]);
  });
});

describe('inbound notifications', () => {
  it('drop a notification whose _meta is unreadable, and a cancel that names no request id', async () => {
    const { server, logger } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.request(initialize());
    const cancelled = 'notifications/cancelled';
    await peer.send({ jsonrpc: '2.0', method: cancelled, params: { requestId: 1, _meta: CANARY } });
    await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized', params: { _meta: 5 } });
    await peer.send({ jsonrpc: '2.0', method: cancelled });
    await peer.send({ jsonrpc: '2.0', method: cancelled, params: { requestId: { id: 1 } } });
    await peer.send({ jsonrpc: '2.0', method: cancelled, params: { reason: CANARY } });
    await peer.request({ jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(delegated.map((message) => message.method)).toEqual(['initialize', 'ping']);
    expect(logger.lines).toEqual([]);
  });

  it('drop a cancel naming no request in flight: the SDK would apply it to a later request of that id', async () => {
    const { server, logger } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.request(initialize());
    await peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 4 },
    });
    await peer.request({ jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(delegated.map((message) => message.method)).toEqual(['initialize', 'ping']);
    expect(logger.lines).toEqual([]);
  });
});

describe('responses', () => {
  it('a response to nothing the server asked goes to the SDK as it came', async () => {
    const { server, logger } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.request(initialize());
    await peer.send({ jsonrpc: '2.0', id: 77, result: {} });
    await peer.request({ jsonrpc: '2.0', id: 9, method: 'ping' });
    expect(delegated).toContainEqual({ jsonrpc: '2.0', id: 77, result: {} });
    // The SDK judges it (an answer to no request of its own) and says so through its error hook.
    expect(logger.lines).toEqual([
      {
        level: 'warn',
        fields: { event: 'sdk_error', error: 'Error' },
        message: 'The SDK reported an error.',
      },
    ]);
  });

  it('an outbound answer to an id nothing awaits is sent as it is', async () => {
    const { server } = fixtureServer();
    const { peer, interposer } = await spiedPeer(server, 'alice');
    await interposer.send({ jsonrpc: '2.0', id: 55, result: { n: 1 } });
    expect(peer.written.at(-1)).toBe('{"jsonrpc":"2.0","id":55,"result":{"n":1}}');
  });

  it('a delegated listing without a tools array lists nothing', async () => {
    const { server } = fixtureServer();
    const { peer, interposer } = await spiedPeer(server, 'alice');
    const sdk = interposer.onmessage!;
    interposer.onmessage = (message, extra) => {
      if ((message as { method?: string }).method !== 'tools/list') sdk(message, extra);
    };
    await peer.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await peer.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await interposer.send({ jsonrpc: '2.0', id: 1, result: {} });
    await interposer.send({ jsonrpc: '2.0', id: 2, result: { tools: null } });
    expect((await peer.answer(1)).result).toEqual({ tools: [] });
    expect((await peer.answer(2)).result).toEqual({ tools: [] });
  });
});

describe('a sessionless connection', () => {
  it('keeps no client’s log level: it is shared, so its calls log at the server’s level', async () => {
    const { server } = fixtureServer();
    const [clientSide, serverSide] = wirePair('text');
    await internalsOf(server).connect(serverSide, {
      era: 'legacy',
      sessionless: true,
      host: { consumer: 'alice', dialect: undefined },
    });
    const peer = await peerOver(clientSide, serverSide);
    await peer.request(initialize());
    const set = await peer.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'logging/setLevel',
      params: { level: 'error' },
    });
    expect(set).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    await peer.request(call(2, 'chatty', { steps: 1 }));
    const levels = peer.received
      .filter((message) => message.method === 'notifications/message')
      .map((message) => (message.params as { level: string }).level);
    expect(levels).toEqual(['info', 'warning', 'error']);
  });
});

describe('the facts of a connection made through `connect`', () => {
  // Only the HTTP host gives a request its own facts; on any other transport a message's
  // `authInfo` may hold what a client's token claimed, and it is never read.
  it('hold for every message, whatever the transport puts in its `authInfo`', async () => {
    const { server } = fixtureServer();
    const [clientSide, serverSide] = wirePair('text');
    await server.connect(serverSide, { consumer: 'carol' });
    const peer = await peerOver(clientSide, serverSide);
    const claimed = {
      authInfo: {
        token: 't',
        clientId: 'x',
        scopes: [],
        extra: { 'portcullis/host': { consumer: 'alice' } },
      },
    };
    const listed = peer.next((message) => message.id === 1);
    await clientSide.send(
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' as never,
      claimed as never,
    );
    const tools = ((await listed).result as { tools: { name: string }[] }).tools;
    expect(tools.map((tool) => tool.name)).toEqual(['echo']);
    const answered = peer.next((message) => message.id === 2);
    await clientSide.send(
      JSON.stringify(call(2, 'greet', { name: 'a' })) as never,
      claimed as never,
    );
    // `greet` is granted to alice, not to carol: the constant answer.
    expect(((await answered).error as { code: number }).code).toBe(-32602);
  });
});
