/**
 * Replicas of one modern endpoint: two HTTP hosts, each over its own tool server, given the same
 * `requestStateKey`. A call answered `input_required` by one is retried on the other with its
 * `requestState` and completes there; a replica with another key refuses the same retry with the
 * one constant answer, repeating nothing of the state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { bearer, httpHost, post } from '../http-support.ts';
import { closeAll } from '../support.ts';

afterEach(closeAll);

const MODERN = '2026-07-28';
const SHARED_KEY = 'a key every replica of this endpoint shares, 32 bytes or more';
const ROOTS = { roots: [{ uri: 'file:///work/a', name: 'A' }] };

function callOf(id: number, extra: Record<string, unknown> = {}) {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name: 'roots',
      arguments: {},
      ...extra,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN,
        'io.modelcontextprotocol/clientCapabilities': { roots: {} },
      },
    },
  };
}

async function send(url: URL, body: unknown) {
  const answer = await post(url, body, {
    ...bearer('alice'),
    'mcp-protocol-version': MODERN,
    'mcp-method': 'tools/call',
    'mcp-name': 'roots',
  });
  return JSON.parse(answer.texts.at(-1) ?? 'null');
}

describe('modern replicas sharing a request-state key', () => {
  it('complete on one a call another answered input_required', async () => {
    const first = await httpHost({ requestStateKey: SHARED_KEY });
    const second = await httpHost({ requestStateKey: SHARED_KEY });
    const asked = (await send(first.host.url, callOf(1))).result;
    expect(asked.resultType).toBe('input_required');
    const retry = callOf(2, {
      inputResponses: { 'ask-1': ROOTS },
      requestState: asked.requestState,
    });
    const done = (await send(second.host.url, retry)).result;
    expect(done.resultType).toBe('complete');
    expect(JSON.parse(done.content[0].text)).toEqual({ ok: true, value: ROOTS.roots });
  });

  it('are refused the retry by a replica with another key, in the constant answer', async () => {
    const first = await httpHost({ requestStateKey: SHARED_KEY });
    const stranger = await httpHost({ requestStateKey: `${SHARED_KEY}, but another` });
    const asked = (await send(first.host.url, callOf(1))).result;
    const retry = callOf(2, {
      inputResponses: { 'ask-1': ROOTS },
      requestState: asked.requestState,
    });
    const refused = await send(stranger.host.url, retry);
    expect(refused.error).toEqual({ code: -32602, message: SERVER_TEXTS.requestState });
    expect(JSON.stringify(refused)).not.toContain(asked.requestState);
  });
});
