/**
 * Stopping the server with calls in flight answers each of them, in both eras, with the composed
 * "server stopping" tool result (`isError`, not correctable) before the connection closes, and
 * stops each call's whole workflow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { observer } from '../fixtures/observer.ts';
import { bearer, httpHost, post } from '../http-support.ts';
import { call, closeAll } from '../support.ts';

afterEach(closeAll);

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe.each(['legacy', 'modern'] as const)('stopping the HTTP host (%s era)', (era) => {
  it('answers a call in flight "server stopping" and stops its workflow', async () => {
    const { host } = await httpHost();
    const topic = `stop-${era}`;
    const body =
      era === 'modern'
        ? {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name: 'research', arguments: { topic, hold: true }, _meta: ENVELOPE },
          }
        : call(1, 'research', { topic, hold: true });
    const headers =
      era === 'modern'
        ? {
            ...bearer('alice'),
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'tools/call',
            'mcp-name': 'research',
          }
        : bearer('alice');
    const answered = post(host.url, body, headers);
    await observer.whenStarted(`leaf:${topic}`);
    await host.close();
    const answer = await answered;
    const message = JSON.parse(answer.texts.at(-1) ?? 'null');
    expect(message.id).toBe(1);
    expect(message.result.isError).toBe(true);
    expect(message.result.content).toEqual([{ type: 'text', text: SERVER_TEXTS.serverStopping }]);
    expect(message.result._meta['portcullis/correctable']).toBe(false);
    if (era === 'modern') expect(message.result.resultType).toBe('complete');
    const stopped = await Promise.all(
      ['research', 'think', 'leaf'].map((level) => observer.whenStopped(`${level}:${topic}`)),
    );
    expect(stopped).toEqual(['disconnect', 'disconnect', 'disconnect']);
  });
});
