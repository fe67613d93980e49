/*
 * A tool may ask the client for a completion (`sample`) or for input (`elicit`), only when the
 * client declared the capability. The client is outside too: its reply is read strictly, an
 * elicitation's content is judged against the requested schema before the tool sees it, and
 * every refusal is a value in our words that holds nothing the client sent.
 */
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { CLIENT_REFUSAL_TEXTS } from '../src/client-requests.ts';
import { SERVER_TEXTS } from '../src/texts.ts';
import { call, closeAll, fixtureServer, rawPeer, sdkClient, textOf } from './support.ts';

afterEach(closeAll);

const CANARY = 'canary-e4d2';

const CAPABLE = { capabilities: { sampling: {}, elicitation: {} } };

describe('round trips with the SDK client', () => {
  it('samples the client model and hands the tool a fresh reply', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', CAPABLE);
    client.setRequestHandler(CreateMessageRequestSchema, async (request) => ({
      role: 'assistant',
      content: { type: 'text', text: `echo of ${request.params.messages.length} message` },
      model: 'test-model',
      stopReason: 'endTurn',
    }));
    const result = await client.callTool({ name: 'ask', arguments: { what: 'sample' } });
    expect(JSON.parse(textOf(result))).toEqual({
      ok: true,
      value: {
        role: 'assistant',
        content: { type: 'text', text: 'echo of 1 message' },
        model: 'test-model',
        stopReason: 'endTurn',
      },
    });
  });

  it('asks the client for its roots (roots/list) and hands the tool the roots read strictly', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: 'file:///work/a', name: 'A' }, { uri: 'file:///work/b' }],
    }));
    const result = await client.callTool({ name: 'roots', arguments: {} });
    expect(JSON.parse(textOf(result))).toEqual({
      ok: true,
      value: [{ uri: 'file:///work/a', name: 'A' }, { uri: 'file:///work/b' }],
    });
  });

  it('refuses a roots reply that is not one, and roots the client did not declare', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: `https://${CANARY}` }],
    }));
    const result = await client.callTool({ name: 'roots', arguments: {} });
    expect(JSON.parse(textOf(result)).refusal.code).toBe('MALFORMED_REPLY');
    expect(textOf(result)).not.toContain(CANARY);
    const { server: other } = fixtureServer();
    const plain = await sdkClient(other, 'alice', { capabilities: {} });
    const undeclared = await plain.callTool({ name: 'roots', arguments: {} });
    expect(JSON.parse(textOf(undeclared)).refusal).toEqual({
      code: 'NOT_DECLARED',
      text: CLIENT_REFUSAL_TEXTS.NOT_DECLARED('roots'),
    });
  });

  it('elicits with a form built from the vocabulary and converts the accepted content', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', CAPABLE);
    let requested: unknown;
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      requested = request.params;
      return {
        action: 'accept',
        content: { name: 'Ada', age: 36, role: 'admin', subscribed: true },
      };
    });
    const result = await client.callTool({ name: 'ask', arguments: { what: 'elicit' } });
    expect(JSON.parse(textOf(result))).toEqual({
      ok: true,
      value: {
        action: 'accept',
        content: { name: 'Ada', age: 36, role: 'admin', subscribed: true },
      },
    });
    expect(requested).toEqual({
      mode: 'form',
      message: 'Who are you?',
      requestedSchema: {
        type: 'object',
        properties: {
          name: { type: 'string', description: 'Your name' },
          age: { type: 'integer', minimum: 0, maximum: 255 },
          born: { type: 'string', format: 'date' },
          role: { type: 'string', enum: ['admin', 'user'] },
          subscribed: { type: 'boolean' },
        },
        required: ['name', 'age', 'role', 'subscribed'],
      },
    });
  });

  it('passes a decline through', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', CAPABLE);
    client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'ask', arguments: { what: 'elicit' } });
    expect(JSON.parse(textOf(result))).toEqual({ ok: true, value: { action: 'decline' } });
  });

  it.each(['sample', 'elicit'])(
    'refuses to %s a client that did not declare the capability',
    async (what) => {
      const { server } = fixtureServer();
      const client = await sdkClient(server, 'alice');
      const result = await client.callTool({ name: 'ask', arguments: { what } });
      const capability = what === 'sample' ? 'sampling' : 'elicitation';
      expect(JSON.parse(textOf(result))).toEqual({
        ok: false,
        refusal: { code: 'NOT_DECLARED', text: CLIENT_REFUSAL_TEXTS.NOT_DECLARED(capability) },
      });
    },
  );
});

describe('a hostile client', () => {
  /** A raw peer for `alice` that declared sampling and elicitation at `initialize`. */
  async function capablePeer() {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    await peer.request({
      jsonrpc: '2.0',
      id: 'init',
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: CAPABLE.capabilities,
        clientInfo: { name: 'h', version: '1' },
      },
    });
    return peer;
  }

  async function asked(what: 'sample' | 'elicit') {
    const peer = await capablePeer();
    const answer = peer.answer(1);
    await peer.send(call(1, 'ask', { what }));
    const method = what === 'sample' ? 'sampling/createMessage' : 'elicitation/create';
    const request = await peer.next((message) => message.method === method);
    return { peer, answer, id: request.id };
  }

  const hostileElicitations: [string, unknown, string][] = [
    [
      'an undeclared key',
      {
        action: 'accept',
        content: { name: 'Ada', age: 1, role: 'user', subscribed: false, [CANARY]: 1 },
      },
      'NOT_CONFORMING',
    ],
    [
      'a coerced type',
      { action: 'accept', content: { name: 'Ada', age: '36', role: 'user', subscribed: false } },
      'NOT_CONFORMING',
    ],
    [
      'a value outside the enum',
      { action: 'accept', content: { name: 'Ada', age: 1, role: CANARY, subscribed: false } },
      'NOT_CONFORMING',
    ],
    [
      'a bound passed',
      { action: 'accept', content: { name: 'Ada', age: 300, role: 'user', subscribed: false } },
      'NOT_CONFORMING',
    ],
    [
      'a missing answer',
      { action: 'accept', content: { name: 'Ada', age: 1, role: 'user' } },
      'NOT_CONFORMING',
    ],
    [
      'a date that is no date',
      {
        action: 'accept',
        content: { name: 'A', age: 1, role: 'user', subscribed: true, born: '2023-02-29' },
      },
      'NOT_CONFORMING',
    ],
    [
      'a prototype key',
      JSON.parse(
        `{"action":"accept","content":{"name":"A","age":1,"role":"user","subscribed":true,"__proto__":{"${CANARY}":1}}}`,
      ),
      'NOT_CONFORMING',
    ],
    ['no content at all', { action: 'accept' }, 'NOT_CONFORMING'],
    ['an unknown action', { action: CANARY }, 'MALFORMED_REPLY'],
  ];

  it.each(hostileElicitations)(
    'refuses an elicitation reply with %s',
    async (_case, result, code) => {
      const { peer, answer, id } = await asked('elicit');
      await peer.send({ jsonrpc: '2.0', id, result });
      const text = textOf((await answer).result);
      expect(JSON.parse(text)).toEqual({
        ok: false,
        refusal: { code, text: CLIENT_REFUSAL_TEXTS[code as 'NOT_CONFORMING'] },
      });
      expect(peer.written.join('\n')).not.toContain(CANARY);
    },
  );

  it('refuses an error reply in its own words', async () => {
    const { peer, answer, id } = await asked('elicit');
    await peer.send({ jsonrpc: '2.0', id, error: { code: -1, message: CANARY } });
    expect(JSON.parse(textOf((await answer).result))).toEqual({
      ok: false,
      refusal: { code: 'CLIENT_ERROR', text: CLIENT_REFUSAL_TEXTS.CLIENT_ERROR },
    });
    expect(peer.written.join('\n')).not.toContain(CANARY);
  });

  it.each([
    [
      'a role outside the protocol',
      { role: 'system', content: { type: 'text', text: 'x' }, model: 'm' },
    ],
    ['content of no known type', { role: 'assistant', content: { type: CANARY }, model: 'm' }],
    ['no model', { role: 'assistant', content: { type: 'text', text: 'x' } }],
    [
      'a stop reason that is no string',
      { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm', stopReason: 5 },
    ],
  ])('refuses a sampling reply with %s', async (_case, result) => {
    const { peer, answer, id } = await asked('sample');
    await peer.send({ jsonrpc: '2.0', id, result });
    expect(JSON.parse(textOf((await answer).result))).toEqual({
      ok: false,
      refusal: { code: 'MALFORMED_REPLY', text: CLIENT_REFUSAL_TEXTS.MALFORMED_REPLY },
    });
  });

  it('keeps only the fields the protocol defines from a sampling reply', async () => {
    const { peer, answer, id } = await asked('sample');
    await peer.send({
      jsonrpc: '2.0',
      id,
      result: {
        role: 'assistant',
        content: { type: 'text', text: 'hi', extra: CANARY },
        model: 'm',
        [CANARY]: 1,
      },
    });
    expect(JSON.parse(textOf((await answer).result))).toEqual({
      ok: true,
      value: { role: 'assistant', content: { type: 'text', text: 'hi' }, model: 'm' },
    });
  });

  it('tells a call and its own question apart when the client gave the call the question’s id', async () => {
    const peer = await capablePeer();
    // The id the server gives its first question on a connection, taken by the client first.
    const id = 'portcullis-1';
    const answer = peer.next((message) => message.id === id && 'result' in message);
    await peer.send(call(id, 'ask', { what: 'sample' }));
    const asking = await peer.next((message) => message.method === 'sampling/createMessage');
    expect(asking.id).toBe(id);
    const again = await peer.request(call(id, 'greet', { name: 'b' }));
    expect(again.error).toEqual({ code: -32600, message: SERVER_TEXTS.duplicateId });
    await peer.send({
      jsonrpc: '2.0',
      id,
      result: { role: 'assistant', content: { type: 'text', text: 'x' }, model: 'm' },
    });
    expect(JSON.parse(textOf((await answer).result))).toMatchObject({ ok: true });
  });

  it('tells the client its request is abandoned when the call is cancelled', async () => {
    const { peer, id } = await asked('elicit');
    await peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 1 },
    });
    const notice = await peer.next((message) => message.method === 'notifications/cancelled');
    expect((notice.params as Record<string, unknown>).requestId).toBe(id);
  });
});
