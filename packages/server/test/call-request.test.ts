/*
 * The cancel state of an admitted call, kept on the call itself: a cancel reaches the listener the
 * handler registers once, a cancel that came first is applied when the listener is registered, and
 * nothing reaches a call whose handler has finished.
 */
import { describe, expect, it } from 'vitest';
import { CallRequest, Connection } from '../src/internal/connection.ts';
import type { RequestId } from '../src/internal/jsonrpc.ts';
import type { ServedTool } from '../src/internal/published.ts';
import type { CancelReason } from '../src/internal/siblings/dispatcher.ts';

const out = { send: () => Promise.resolve() };

function admitted(connection: Connection, id: RequestId): CallRequest {
  const call = new CallRequest(
    'reader',
    'canonical',
    { name: 'tool' } as unknown as ServedTool,
    {},
    undefined,
    connection,
    0,
  );
  connection.track(id, call);
  return call;
}

function connection(): Connection {
  return new Connection(out, {
    host: { consumer: 'reader', dialect: undefined },
    sessionless: false,
    logLevel: 'info',
  });
}

describe('an admitted call', () => {
  it('tells its listener the first cancel, once', () => {
    const link = connection();
    const call = admitted(link, 1);
    const seen: CancelReason[] = [];
    call.onCancel((reason) => seen.push(reason));
    link.cancel(1, 'client_cancel');
    link.cancel(1, 'disconnect');
    call.cancel('timeout');
    expect(seen).toEqual(['client_cancel']);
    expect(link.isInflight(1)).toBe(false);
  });

  it('applies a cancel that came before its listener as the listener is registered', () => {
    const link = connection();
    const call = admitted(link, 'early');
    link.cancel('early', 'client_cancel');
    const seen: CancelReason[] = [];
    call.onCancel((reason) => seen.push(reason));
    expect(seen).toEqual(['client_cancel']);
  });

  it('is not cancelled once its handler has finished', () => {
    const link = connection();
    const late = admitted(link, 2);
    const seen: CancelReason[] = [];
    late.onCancel((reason) => seen.push(reason));
    late.release();
    link.cancel(2, 'client_cancel');
    const never = admitted(link, 3);
    link.cancel(3, 'client_cancel');
    never.release();
    never.onCancel((reason) => seen.push(reason));
    expect(seen).toEqual([]);
  });

  it('is cancelled with every other call in flight when its connection closes', () => {
    const link = connection();
    const seen: string[] = [];
    admitted(link, 1).onCancel((reason) => seen.push(`1 ${reason}`));
    const second = admitted(link, 2);
    link.track(3, { kind: 'other' });
    link.close();
    second.onCancel((reason) => seen.push(`2 ${reason}`));
    expect(seen).toEqual(['1 disconnect', '2 disconnect']);
    expect(link.inflightCount).toBe(0);
  });
});
