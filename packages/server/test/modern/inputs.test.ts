/**
 * Input requests of the modern era on the raw wire: a tool's `listRoots`, several asks of one tool
 * gathered into one `input_required` round under the keys it chose, `inputResponses` without a
 * `requestState` taken for the keys the tool asks, unknown keys ignored (never sealed, never
 * echoed), and a missing answer asked again rather than refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { bearer, httpHost, post } from '../http-support.ts';
import { closeAll } from '../support.ts';

afterEach(closeAll);

const MODERN = '2026-07-28';
const CANARY = 'canary-71c3';
const CAPABLE = { sampling: {}, elicitation: {}, roots: {} };

function callOf(
  id: number,
  name: string,
  extra: Record<string, unknown> = {},
  capabilities = CAPABLE,
) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name,
      arguments: {},
      ...extra,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': capabilities,
      },
    },
  };
}

async function send(url: URL | string, name: string, body: unknown) {
  const answer = await post(url, body, {
    ...bearer('alice'),
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': name,
  });
  return { answer, message: JSON.parse(answer.texts.at(-1) ?? 'null') };
}

const ROOTS = { roots: [{ uri: 'file:///work/a', name: 'A' }, { uri: 'file:///work/b' }] };
const NAME = { action: 'accept', content: { name: 'Ada' } };
const SAMPLED = { role: 'assistant', content: { type: 'text', text: 'Hi' }, model: 'm-1' };

describe('modern input requests', () => {
  it('asks for roots as an input request and hands the tool the roots read strictly', async () => {
    const { host } = await httpHost();
    const first = (await send(host.url, 'roots', callOf(1, 'roots'))).message.result;
    expect(first.resultType).toBe('input_required');
    expect(first.inputRequests).toEqual({ 'ask-1': { method: 'roots/list', params: {} } });
    const retry = callOf(2, 'roots', {
      inputResponses: { 'ask-1': ROOTS },
      requestState: first.requestState,
    });
    const second = (await send(host.url, 'roots', retry)).message.result;
    expect(second.resultType).toBe('complete');
    expect(JSON.parse(second.content[0].text)).toEqual({ ok: true, value: ROOTS.roots });
  });

  it('refuses a roots reply that is not one, in our words', async () => {
    const { host } = await httpHost();
    const first = (await send(host.url, 'roots', callOf(1, 'roots'))).message.result;
    for (const reply of [
      { roots: [{ uri: `https://${CANARY}` }] },
      { roots: [{ uri: 'file:///x', name: 7 }] },
      { roots: CANARY },
    ]) {
      const retry = callOf(2, 'roots', {
        inputResponses: { 'ask-1': reply },
        requestState: first.requestState,
      });
      const { answer, message } = await send(host.url, 'roots', retry);
      expect(JSON.parse(message.result.content[0].text).refusal.code).toBe('MALFORMED_REPLY');
      expect(answer.body).not.toContain(CANARY);
    }
  });

  it('answers no -32021 while the tool still has declared capabilities to ask', async () => {
    const { host } = await httpHost();
    const body = callOf(1, 'gather', {}, { sampling: {}, elicitation: {} } as typeof CAPABLE);
    const { answer, message } = await send(host.url, 'gather', body);
    expect(answer.status).toBe(200);
    // The other two asks are still outstanding: the round asks for them, not -32021.
    expect(Object.keys(message.result.inputRequests)).toEqual(['who', 'ask-2']);
  });

  it('gathers concurrent asks into one round, under the keys the tool chose, with a state', async () => {
    const { host } = await httpHost();
    const first = (await send(host.url, 'gather', callOf(1, 'gather'))).message.result;
    expect(first.resultType).toBe('input_required');
    expect(typeof first.requestState).toBe('string');
    const methods = Object.fromEntries(
      Object.entries(first.inputRequests).map(([key, value]) => [
        key,
        (value as { method: string }).method,
      ]),
    );
    expect(methods).toEqual({
      who: 'elicitation/create',
      'ask-2': 'sampling/createMessage',
      'ask-3': 'roots/list',
    });
    const retry = callOf(2, 'gather', {
      inputResponses: { who: NAME, 'ask-2': SAMPLED, 'ask-3': ROOTS },
      requestState: first.requestState,
    });
    const second = (await send(host.url, 'gather', retry)).message.result;
    expect(second.resultType).toBe('complete');
    expect(JSON.parse(second.content[0].text)).toEqual({
      who: { action: 'accept', content: { name: 'Ada' } },
      model: 'm-1',
      roots: ROOTS.roots,
    });
  });

  it('asks again for an answer missing from a retry, keeping the ones given', async () => {
    const { host } = await httpHost();
    const first = (await send(host.url, 'gather', callOf(1, 'gather'))).message.result;
    const partial = callOf(2, 'gather', {
      inputResponses: { who: NAME, wrong: { [CANARY]: 1 } },
      requestState: first.requestState,
    });
    const { answer, message } = await send(host.url, 'gather', partial);
    expect(message.result.resultType).toBe('input_required');
    expect(Object.keys(message.result.inputRequests)).toEqual(['ask-2', 'ask-3']);
    expect(answer.body).not.toContain(CANARY);
    const last = callOf(3, 'gather', {
      inputResponses: { 'ask-2': SAMPLED, 'ask-3': ROOTS },
      requestState: message.result.requestState,
    });
    const done = (await send(host.url, 'gather', last)).message.result;
    expect(done.resultType).toBe('complete');
    expect(JSON.parse(done.content[0].text).who).toEqual(NAME);
  });

  it('takes inputResponses without a requestState for the keys the tool asks, ignoring the rest', async () => {
    const { host } = await httpHost();
    const body = callOf(1, 'gather', {
      inputResponses: {
        who: NAME,
        'ask-2': SAMPLED,
        'ask-3': ROOTS,
        [CANARY]: { action: 'accept', content: { foo: CANARY } },
      },
    });
    const { answer, message } = await send(host.url, 'gather', body);
    expect(message.result.resultType).toBe('complete');
    expect(answer.body).not.toContain(CANARY);
  });

  it('asks again when responses without a requestState name none of its keys, never sealing them', async () => {
    const { host } = await httpHost();
    const body = callOf(1, 'roots', { inputResponses: { [CANARY]: ROOTS } });
    const { answer, message } = await send(host.url, 'roots', body);
    expect(message.result.resultType).toBe('input_required');
    expect(Object.keys(message.result.inputRequests)).toEqual(['ask-1']);
    expect(answer.body).not.toContain(CANARY);
    const plain = (await send(host.url, 'roots', callOf(2, 'roots'))).message.result;
    // Nothing of the unknown key was carried into the sealed state.
    expect(message.result.requestState.length).toBe(plain.requestState.length);
  });

  it('still refuses inputResponses that are not an object, with the constant answer', async () => {
    const { host } = await httpHost();
    const body = callOf(1, 'roots', { inputResponses: [CANARY] });
    const { answer, message } = await send(host.url, 'roots', body);
    expect(message.error).toEqual({ code: -32602, message: SERVER_TEXTS.requestState });
    expect(answer.body).not.toContain(CANARY);
  });
});
