/*
 * The interposer judges every inbound message before the SDK sees it. Methods outside the
 * whitelist are answered -32601 in the SDK's own shape without reaching the SDK; an unknown tool,
 * an ungranted tool, no consumer and unreadable params get one constant answer, byte-identical
 * apart from the id; a gate refusal is a correctable tool result; nothing a caller sent comes back;
 * and nothing thrown escapes `onmessage`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../src/texts.ts';
import {
  call,
  closeAll,
  fixtureServer,
  initialize,
  rawPeer,
  spiedPeer,
  textOf,
} from './support.ts';

afterEach(closeAll);

const CANARY = 'canary-5b1e';

describe('the method whitelist', () => {
  const refused = [
    'resources/list',
    'resources/read',
    'prompts/list',
    'prompts/get',
    'completion/complete',
    'tasks/get',
    'tasks/list',
    'tasks/result',
    'tasks/cancel',
    'roots/list',
    'sampling/createMessage',
    'elicitation/create',
    'notifications/initialized',
    'Tools/List',
    'tools/list ',
    '',
    '__proto__',
    'constructor',
    CANARY,
  ];

  it.each(refused)(
    'answers %j with -32601 in the SDK shape, never delegating it',
    async (method) => {
      const { server } = fixtureServer();
      const { peer, delegated } = await spiedPeer(server, 'alice');
      await peer.request(initialize());
      const answer = await peer.request({ jsonrpc: '2.0', id: 7, method, params: { x: CANARY } });
      expect(answer).toEqual({
        jsonrpc: '2.0',
        id: 7,
        error: { code: -32601, message: 'Method not found' },
      });
      expect(peer.written.at(-1)).toBe(
        '{"jsonrpc":"2.0","id":7,"error":{"code":-32601,"message":"Method not found"}}',
      );
      expect(delegated.map((message) => message.method)).toEqual(['initialize']);
    },
  );

  it('delegates the whitelisted methods and notifications', async () => {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.request(initialize());
    await peer.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    await peer.request({ jsonrpc: '2.0', id: 1, method: 'ping' });
    await peer.request({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await peer.request({
      jsonrpc: '2.0',
      id: 3,
      method: 'logging/setLevel',
      params: { level: 'debug' },
    });
    await peer.request(call(4, 'greet', { name: 'Ada' }));
    expect(delegated.map((message) => message.method)).toEqual([
      'initialize',
      'notifications/initialized',
      'ping',
      'tools/list',
      'logging/setLevel',
      'tools/call',
    ]);
  });
});

describe('the constant answer', () => {
  async function answers(consumer: string | undefined, messages: Record<string, unknown>[]) {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, consumer);
    const texts: string[] = [];
    for (const message of messages) {
      await peer.request(message);
      texts.push(peer.written.at(-1)!);
    }
    return { texts, delegated };
  }

  it('is byte-identical, apart from the id, for every unservable call', async () => {
    const unreadable = [
      { jsonrpc: '2.0', id: 1, method: 'tools/call' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: [CANARY] },
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: CANARY },
      call(4, 42, {}),
      call(5, null, {}),
      call(6, { name: CANARY }, {}),
      call(7, 'greet', [CANARY]),
      call(8, 'greet', CANARY),
      call(9, 'greet', 5),
      call(10, 'greet', { name: 'x' }, [CANARY]),
      call(11, 'greet', { name: 'x' }, CANARY),
      call(12, 'greet', { name: 'x' }, { progressToken: { t: CANARY } }),
      call(13, 'greet', { name: 'x' }, { progressToken: 1.5 }),
      call(14, 'greet', { name: 'x' }, { progressToken: 2n ** 60n }),
      { ...call(15, 'greet', { name: 'x' }), params: { name: 'greet', task: { ttl: 1 } } },
    ];
    const asAlice = await answers('alice', [
      ...unreadable,
      call(20, CANARY, { q: CANARY }),
      call(21, 'leaf', { label: CANARY }),
      call(22, 'Greet', { name: CANARY }),
    ]);
    const asBob = await answers('bob', [
      call(30, 'echo', {}),
      call(31, 'research', { topic: 'x', hold: false }),
    ]);
    const asNobody = await answers(undefined, [call(40, 'greet', { name: CANARY })]);
    const all = [...asAlice.texts, ...asBob.texts, ...asNobody.texts];
    const expected = (id: number) =>
      `{"jsonrpc":"2.0","id":${id},"error":{"code":-32602,"message":"${SERVER_TEXTS.unservableCall}"}}`;
    const ids = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 20, 21, 22, 30, 31, 40];
    expect(all).toEqual(ids.map(expected));
    for (const text of all) expect(text).not.toContain(CANARY);
    for (const run of [asAlice, asBob, asNobody]) {
      expect(run.delegated.filter((message) => message.method === 'tools/call')).toEqual([]);
    }
  });
});

describe('gate refusals', () => {
  it('are correctable tool results naming declared parameters, never what was sent', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'bob');
    const answer = await peer.request(call(1, 'add', { a: '7', b: 2n ** 40n, [CANARY]: CANARY }));
    const result = answer.result as Record<string, unknown>;
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ 'portcullis/correctable': true });
    const text = textOf(result);
    expect(text).toContain('/a');
    expect(text).toContain('/b');
    expect(text).toContain('integer');
    expect(text).toContain('"a", "b"');
    expect(peer.written.at(-1)).not.toContain(CANARY);
    expect(peer.written.at(-1)).not.toContain('"7"');
  });

  it('refuses a call in a dialect the server does not publish with the accepted names only', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'bob');
    const answer = await peer.request(
      call(1, 'add', { a: 1, b: 2 }, { 'portcullis/dialect': CANARY }),
    );
    expect(answer.error).toEqual({
      code: -32602,
      message: SERVER_TEXTS.unknownDialect([
        'canonical',
        'openai_strict',
        'gemini',
        'gemini_json',
        'nova',
        'anthropic_strict',
      ]),
    });
    expect(peer.written.at(-1)).not.toContain(CANARY);
  });
});

describe('envelopes and params', () => {
  it('refuses what is not JSON-RPC in its own words, echoing only a valid id', async () => {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    const cases: [unknown, unknown][] = [
      [{ jsonrpc: '1.0', id: 1, method: 'ping' }, null],
      [{ id: 2, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: 3, method: 'ping', extra: CANARY }, 3],
      [{ jsonrpc: '2.0', id: 4.5, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: 2n ** 70n, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: { x: CANARY }, method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: CANARY.repeat(60), method: 'ping' }, null],
      [{ jsonrpc: '2.0', id: 8, method: 9 }, 8],
      [{ jsonrpc: '2.0', id: 9 }, 9],
      [[{ jsonrpc: '2.0', id: 10, method: 'ping' }], null],
      [JSON.stringify(CANARY), null],
    ];
    for (const [message, id] of cases) {
      const before = peer.written.length;
      await peer.send(message);
      const text = await new Promise<string>((resolve) => {
        const poll = () =>
          peer.written.length > before ? resolve(peer.written[before]!) : setImmediate(poll);
        poll();
      });
      expect(JSON.parse(text)).toEqual({
        jsonrpc: '2.0',
        id,
        error: { code: -32600, message: SERVER_TEXTS.notJsonRpc },
      });
      expect(text).not.toContain(CANARY);
    }
    expect(delegated).toEqual([]);
  });

  it('never answers a malformed response, and takes no answer from it', async () => {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    await peer.send({ jsonrpc: '2.0', id: 1, result: CANARY });
    await peer.send({ jsonrpc: '2.0', id: 2, error: { code: 1.5, message: CANARY } });
    await peer.request({ jsonrpc: '2.0', id: 3, method: 'ping' });
    expect(peer.written.map((text) => JSON.parse(text))).toEqual([
      { jsonrpc: '2.0', id: 3, result: {} },
    ]);
    expect(delegated.map((message) => message.method)).toEqual(['ping']);
  });

  it('refuses malformed params of every whitelisted method in its own words', async () => {
    const { server } = fixtureServer();
    const { peer, delegated } = await spiedPeer(server, 'alice');
    const bad = [
      { ...initialize(1), params: { protocolVersion: 1, capabilities: CANARY, clientInfo: {} } },
      { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: CANARY } },
      { jsonrpc: '2.0', id: 3, method: 'ping', params: { _meta: [CANARY] } },
      { jsonrpc: '2.0', id: 4, method: 'tools/list', params: { cursor: CANARY } },
      { jsonrpc: '2.0', id: 5, method: 'tools/list', params: CANARY },
    ];
    const messages = [
      SERVER_TEXTS.invalidParams('initialize'),
      SERVER_TEXTS.invalidParams('logging/setLevel'),
      SERVER_TEXTS.invalidMeta,
      SERVER_TEXTS.cursor,
      SERVER_TEXTS.invalidParams('tools/list'),
    ];
    for (const [index, message] of bad.entries()) {
      const answer = await peer.request(message);
      expect(answer.error).toEqual({ code: -32602, message: messages[index] });
      expect(peer.written.at(-1)).not.toContain(CANARY);
    }
    expect(delegated).toEqual([]);
  });

  it('refuses a second request under an id still in flight', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.send(call(1, 'research', { topic: 'dup', hold: true }));
    const again = await peer.request(call(1, 'greet', { name: 'x' }));
    expect(again.error).toEqual({ code: -32600, message: SERVER_TEXTS.duplicateId });
  });

  it('never throws out of onmessage, whatever it is handed', async () => {
    const { server, logger } = fixtureServer();
    const { interposer } = await spiedPeer(server, 'alice');
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const throwing = Object.defineProperty({ jsonrpc: '2.0' }, 'id', {
      enumerable: true,
      get() {
        throw new Error(CANARY);
      },
    });
    for (const value of [undefined, null, 5, Symbol('s'), revoked.proxy, throwing, () => 1]) {
      expect(
        () => interposer.onmessage === undefined || interposer.receive(value, undefined),
      ).not.toThrow();
    }
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
  });
});

describe('outbound', () => {
  it('replaces every error the SDK composed with words of ours', async () => {
    const { server } = fixtureServer();
    const { peer, interposer } = await spiedPeer(server, 'alice');
    await interposer.send({
      jsonrpc: '2.0',
      id: 9,
      error: { code: -32000, message: `Invalid ${CANARY}` },
    });
    expect(peer.written.at(-1)).toBe(
      `{"jsonrpc":"2.0","id":9,"error":{"code":-32603,"message":"${SERVER_TEXTS.unanswerable}"}}`,
    );
  });

  it('filters a delegated listing to the grants, and lists nothing for a result of another shape', async () => {
    const { server } = fixtureServer();
    const { peer, interposer } = await spiedPeer(server, 'bob');
    const sdk = interposer.onmessage!;
    interposer.onmessage = (message, extra) => {
      const method = (message as { method?: string }).method;
      if (method !== 'tools/list') sdk(message, extra);
    };
    await peer.send({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    await peer.send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await interposer.send({
      jsonrpc: '2.0',
      id: 1,
      result: { tools: [{ name: 'echo' }, { name: 'greet' }, { name: CANARY }] },
    });
    await interposer.send({ jsonrpc: '2.0', id: 2, result: { tools: CANARY } });
    const first = (await peer.answer(1)).result as { tools: { name: string }[] };
    expect(first.tools.map((tool) => tool.name)).toEqual(['greet']);
    expect((await peer.answer(2)).result).toEqual({ tools: [] });
  });
});
