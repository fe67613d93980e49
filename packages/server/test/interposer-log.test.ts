/*
 * What the interposer tells the operator's log about what it answered itself: a constant answer
 * says which of its reasons applied and for which consumer, a call refused before it ran says its
 * tool, consumer, outcome and the shape of the arguments, and an SDK error replaced, a defect caught
 * in `onmessage` and an answer that could not be sent each leave a line. None repeats caller data.
 */
import type { Transport } from '@modelcontextprotocol/server';
import { afterEach, describe, expect, it } from 'vitest';
import { internalsOf } from '../src/tool-server.ts';
import { call, closeAll, fixtureServer, initialize, rawPeer, spiedPeer } from './support.ts';

afterEach(closeAll);

const CANARY = 'canary-70d4';

type Line = { level: string; fields: object; message: string };

function callLines(lines: readonly Line[]): Line[] {
  return lines.filter((line) => (line.fields as { event?: string }).event === 'call');
}

describe('the log of calls the interposer answers itself', () => {
  it('names the reason of each constant answer, and the consumer when there is one', async () => {
    const { server, logger } = fixtureServer();
    const alice = await rawPeer(server, 'alice');
    await alice.request(call(1, 42, {}));
    await alice.request(call(2, CANARY, {}));
    const bob = await rawPeer(server, 'bob');
    await bob.request(call(3, 'echo', {}));
    const nobody = await rawPeer(server, undefined);
    await nobody.request(call(4, 'greet', { name: CANARY }));
    const constant = 'tools/call answered with the constant answer.';
    expect(callLines(logger.lines)).toStrictEqual([
      {
        level: 'info',
        fields: { event: 'call', outcome: 'UNSERVABLE', reason: 'unreadable', consumer: 'alice' },
        message: constant,
      },
      {
        level: 'info',
        fields: { event: 'call', outcome: 'UNSERVABLE', reason: 'unknown_tool', consumer: 'alice' },
        message: constant,
      },
      {
        level: 'info',
        fields: { event: 'call', outcome: 'UNSERVABLE', reason: 'ungranted', consumer: 'bob' },
        message: constant,
      },
      {
        level: 'info',
        fields: { event: 'call', outcome: 'UNSERVABLE', reason: 'no_consumer' },
        message: constant,
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
  });

  it('names the tool, the consumer, the outcome and the arguments’ shape of a call refused before it ran', async () => {
    const { server, logger } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(call(1, 'greet', { name: 5, [CANARY]: CANARY }));
    await peer.request(call(2, 'greet', { name: CANARY }, { 'portcullis/dialect': CANARY }));
    const refused = 'tools/call refused before it ran.';
    expect(callLines(logger.lines)).toStrictEqual([
      {
        level: 'info',
        fields: {
          event: 'call',
          tool: 'greet',
          consumer: 'alice',
          outcome: 'GATE_REFUSED',
          arguments: { type: 'object', keys: 2, types: { integer: 1, string: 1 } },
        },
        message: refused,
      },
      {
        level: 'info',
        fields: {
          event: 'call',
          tool: 'greet',
          consumer: 'alice',
          outcome: 'DIALECT_REFUSED',
          arguments: { type: 'object', keys: 1, types: { string: 1 } },
        },
        message: refused,
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
  });
});

describe('the log of what goes wrong around the interposer', () => {
  it('warns that an SDK error answer was replaced', async () => {
    const { server, logger } = fixtureServer();
    const { interposer } = await spiedPeer(server, 'alice');
    await interposer.send({ jsonrpc: '2.0', id: 9, error: { code: -32000, message: CANARY } });
    expect(logger.lines).toStrictEqual([
      {
        level: 'warn',
        fields: { event: 'sdk_error_replaced' },
        message: 'An SDK error answer was replaced.',
      },
    ]);
  });

  it('logs a defect caught in onmessage by the error’s name, never its message', async () => {
    const { server, logger } = fixtureServer();
    const { interposer } = await spiedPeer(server, 'alice');
    const throwing = Object.defineProperty({ jsonrpc: '2.0' }, 'id', {
      enumerable: true,
      get() {
        throw new RangeError(CANARY);
      },
    });
    interposer.receive(throwing, undefined);
    expect(logger.lines).toStrictEqual([
      {
        level: 'error',
        fields: { event: 'interposer_defect', error: 'RangeError' },
        message: 'The interposer failed on an inbound message.',
      },
    ]);
  });

  it('warns when an answer of its own cannot be sent, and goes on', async () => {
    const { server, logger } = fixtureServer();
    const failing: Transport = {
      start: async () => {},
      close: async () => {},
      send: async () => {
        throw new TypeError(CANARY);
      },
    };
    const { interposer } = await internalsOf(server).connect(failing, {
      era: 'legacy',
      sessionless: false,
      host: { consumer: 'alice', dialect: undefined },
    });
    expect(() =>
      interposer.receive({ jsonrpc: '2.0', id: 1, method: 'resources/list' }, undefined),
    ).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.lines).toStrictEqual([
      {
        level: 'warn',
        fields: { event: 'send_failed', error: 'TypeError' },
        message: 'An answer could not be sent.',
      },
    ]);
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
  });
});

describe('the transport under the interposer', () => {
  function recordingTransport(): Transport & { closed: number; sent: number } {
    const transport = {
      closed: 0,
      sent: 0,
      start: async () => {},
      send: async () => {
        transport.sent++;
      },
      close: async () => {
        transport.closed++;
        transport.onclose?.();
      },
    } as Transport & { closed: number; sent: number };
    return transport;
  }

  it('passes a transport error on to the SDK, whose report reaches the log by name', async () => {
    const { server, logger } = fixtureServer();
    const transport = recordingTransport();
    await server.connect(transport, { consumer: 'alice' });
    // The first message pins the connection's era; the SDK server is connected once it has come.
    transport.onmessage?.(initialize() as never);
    while (transport.sent === 0) await new Promise((resolve) => setImmediate(resolve));
    transport.onerror?.(new SyntaxError(CANARY));
    expect(logger.lines).toStrictEqual([
      {
        level: 'warn',
        fields: { event: 'sdk_error', error: 'SyntaxError' },
        message: 'The SDK reported an error.',
      },
    ]);
  });

  it('is closed when the connection is closed', async () => {
    const { server } = fixtureServer();
    const transport = recordingTransport();
    const connection = await server.connect(transport, { consumer: 'alice' });
    expect(transport.closed).toBe(0);
    await connection.close();
    expect(transport.closed).toBe(1);
  });
});

describe('request ids', () => {
  it('takes an id again once its request was answered', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request(initialize(1));
    const first = await peer.request(call(2, 'greet', { name: 'a' }));
    expect(first.result).toBeDefined();
    await peer.send({ jsonrpc: '2.0', id: 2, method: 'ping' });
    const again = await peer.next((message) => message.id === 2 && message !== first);
    expect(again).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
  });
});
