/**
 * Stopping the server with calls in flight answers each of them, in both eras and in legacy
 * sessions (several calls in several sessions at once), with the composed "server stopping" tool
 * result (`isError`, not correctable) before the connection closes, and stops each call's whole
 * workflow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { internalsOf } from '../../src/tool-server.ts';
import { observer } from '../fixtures/observer.ts';
import { bearer, httpHost, post } from '../http-support.ts';
import { call, closeAll, fixtureServer, initialize, peerOver } from '../support.ts';
import { wirePair } from '../wire.ts';

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

describe('stopping the HTTP host with sessions', () => {
  it('answers every call in flight in every session "server stopping" and stops each workflow', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const open = async () => {
      const opened = await post(host.url, initialize(), bearer('alice'));
      const session = opened.headers.get('mcp-session-id');
      expect(session).toBeTruthy();
      const headers = {
        ...bearer('alice'),
        'mcp-session-id': session!,
        'mcp-protocol-version': '2025-11-25',
      };
      await post(host.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
      return headers;
    };
    const sessions = [await open(), await open()];
    const topics: string[] = [];
    const answers = sessions.flatMap((headers, index) =>
      [1, 2, 3].map((id) => {
        const topic = `stop-session-${index}-${id}`;
        topics.push(topic);
        return post(host.url, call(id, 'research', { topic, hold: true }), headers);
      }),
    );
    await Promise.all(topics.map((topic) => observer.whenStarted(`leaf:${topic}`)));
    await host.close();
    const messages = (await Promise.all(answers)).map((answer) =>
      JSON.parse(answer.texts.at(-1) ?? 'null'),
    );
    expect(messages.map((message) => message.id)).toEqual([1, 2, 3, 1, 2, 3]);
    for (const message of messages) {
      expect(message.result.isError).toBe(true);
      expect(message.result.content).toEqual([{ type: 'text', text: SERVER_TEXTS.serverStopping }]);
      expect(message.result._meta['portcullis/correctable']).toBe(false);
    }
    for (const topic of topics) {
      const stopped = await Promise.all(
        ['research', 'think', 'leaf'].map((level) => observer.whenStopped(`${level}:${topic}`)),
      );
      expect(stopped, topic).toEqual(['disconnect', 'disconnect', 'disconnect']);
    }
  });
});

describe('stopping a modern connection while a retry’s requestState opens', () => {
  it('answers the retry "server stopping" once, and runs nothing for it', async () => {
    const { server } = fixtureServer();
    const [clientSide, serverSide] = wirePair('text');
    const { interposer } = await internalsOf(server).connect(serverSide, {
      era: 'modern',
      sessionless: false,
      host: { consumer: 'alice', dialect: undefined },
    });
    const peer = await peerOver(clientSide, serverSide);
    const meta = {
      ...ENVELOPE,
      'io.modelcontextprotocol/clientCapabilities': { sampling: {}, elicitation: {}, roots: {} },
    };
    const first = await peer.request({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'gather', arguments: {}, _meta: meta },
    });
    const state = (first.result as { requestState: string }).requestState;
    expect(typeof state).toBe('string');
    const retry = {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: {
        name: 'gather',
        arguments: {},
        inputResponses: {
          who: { action: 'accept', content: { name: 'Ada' } },
          'ask-2': { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm-1' },
          'ask-3': { roots: [] },
        },
        requestState: state,
        _meta: meta,
      },
    };
    // Handed to the interposer and stopped in the same turn: the state is still opening.
    interposer.receive(retry, {});
    expect(interposer.connection.request(2)?.kind).toBe('opening');
    await interposer.stop();
    const answer = await peer.answer(2);
    expect(answer.result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: SERVER_TEXTS.serverStopping }],
      resultType: 'complete',
    });
    // The state opened after the stop: nothing was delegated and no second answer comes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(peer.received.filter((message) => message.id === 2)).toHaveLength(1);
    expect(interposer.connection.inflightCount).toBe(0);
  });
});
