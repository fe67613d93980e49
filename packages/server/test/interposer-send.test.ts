/*
 * What the interposer hands back for an outbound message: the inner transport's own promise, and a
 * rejection (never a synchronous throw) when sending fails at once.
 */
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import type { ServerCore } from '../src/internal/core.ts';
import { Interposer } from '../src/internal/interposer.ts';

const core = {
  tools: new Map(),
  logger: { info() {}, warn() {}, error() {} },
  clientLogLevel: 'info',
} as unknown as ServerCore;

function over(send: Transport['send']): Interposer {
  const inner: Transport = { start: async () => {}, close: async () => {}, send };
  return new Interposer(inner, core, {
    host: { consumer: undefined, dialect: undefined },
    sessionless: false,
    era: 'legacy',
  });
}

const answer = { jsonrpc: '2.0', id: 1, result: {} } as JSONRPCMessage;

describe('the interposer sending', () => {
  it('hands back the inner transport promise', async () => {
    const sent: unknown[] = [];
    const pending = Promise.resolve();
    const interposer = over((message) => {
      sent.push(message);
      return pending;
    });
    expect(interposer.send(answer)).toBe(pending);
    await pending;
    expect(sent).toEqual([answer]);
  });

  it('rejects, never throws, when the inner transport throws at once', async () => {
    const failure = new Error('closed');
    const interposer = over(() => {
      throw failure;
    });
    let sent: Promise<void> | undefined;
    expect(() => {
      sent = interposer.send(answer);
    }).not.toThrow();
    await expect(sent).rejects.toBe(failure);
  });
});
