/**
 * The modern era's rules at the HTTP door, on the raw wire: the envelope and the standard headers
 * are judged against the body before the SDK sees anything (`-32022` with `data.supported`, and
 * `data.requested` only when it is a revision date; `-32602` for a malformed envelope or a modern
 * header without a modern claim; `-32020` for headers that disagree, Base64 names included), an
 * unknown method is `404` + `-32601`, a notification `202`, `tools/list` carries `resultType`,
 * `ttlMs` and `cacheScope`, a tampered or foreign `requestState` gets one constant answer, and the
 * client closing the response stream cancels the whole workflow.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ALL_VERSIONS } from '../../src/internal/envelope.ts';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { observer } from '../fixtures/observer.ts';
import { bearer, httpHost, post } from '../http-support.ts';
import { closeAll } from '../support.ts';

afterEach(closeAll);

const MODERN = '2026-07-28';
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
};

function request(id: number, method: string, params: Record<string, unknown> = {}) {
  return { jsonrpc: '2.0', id, method, params: { ...params, _meta: { ...ENVELOPE } } };
}

function headers(method: string, extra: Record<string, string> = {}) {
  return { ...bearer('alice'), 'mcp-protocol-version': MODERN, 'mcp-method': method, ...extra };
}

function parsed(answer: { texts: string[] }) {
  return JSON.parse(answer.texts.at(-1) ?? 'null');
}

describe('the modern envelope', () => {
  it('answers an unsupported revision -32022 naming every supported one and the requested date', async () => {
    const { host } = await httpHost();
    const body = request(1, 'tools/list');
    body.params._meta['io.modelcontextprotocol/protocolVersion'] = '2031-01-01';
    const given = { ...headers('tools/list'), 'mcp-protocol-version': '2031-01-01' };
    const answer = await post(host.url, body, given);
    expect(answer.status).toBe(400);
    const error = parsed(answer).error;
    expect(error.code).toBe(-32022);
    expect(error.data).toEqual({ supported: [...ALL_VERSIONS], requested: '2031-01-01' });
  });

  it('leaves out a requested revision that is not a revision date', async () => {
    const { host } = await httpHost();
    const canary = 'canary-<script>-2026';
    const body = request(1, 'tools/list');
    body.params._meta['io.modelcontextprotocol/protocolVersion'] = canary;
    const answer = await post(host.url, body, {
      ...headers('tools/list'),
      'mcp-protocol-version': canary,
    });
    expect(answer.status).toBe(400);
    const error = parsed(answer).error;
    expect(error.code).toBe(-32022);
    expect(error.data).toEqual({ supported: [...ALL_VERSIONS] });
    expect(answer.body).not.toContain('canary');
  });

  it('refuses a malformed envelope -32602 and a modern header without a modern claim', async () => {
    const { host } = await httpHost();
    const body = request(1, 'tools/list');
    body.params._meta['io.modelcontextprotocol/clientCapabilities'] = 'canary' as never;
    const malformed = await post(host.url, body, headers('tools/list'));
    expect(malformed.status).toBe(400);
    expect(parsed(malformed).error).toEqual({
      code: -32602,
      message: SERVER_TEXTS.malformedEnvelope,
    });
    const claimless = await post(
      host.url,
      { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      headers('tools/list'),
    );
    expect(claimless.status).toBe(400);
    expect(parsed(claimless).error.code).toBe(-32602);
  });
});

describe('the modern headers', () => {
  it.each([
    ['a different revision', { 'mcp-protocol-version': '2025-11-25' }],
    ['a different method', { 'mcp-method': 'tools/call' }],
    ['a different tool name', { 'mcp-name': 'canary' }],
    ['a missing name', {}],
  ])('answers %s -32020 in words of ours', async (_case, extra) => {
    const { host } = await httpHost();
    const body = request(1, 'tools/call', { name: 'greet', arguments: { name: 'x' } });
    const given: Record<string, string> = { ...headers('tools/call'), ...extra };
    if (!('mcp-name' in extra) && Object.keys(extra).length > 0) given['mcp-name'] = 'greet';
    if (_case === 'a different method') body.method = 'tools/list';
    const answer = await post(host.url, body, given);
    expect(answer.status).toBe(400);
    expect(parsed(answer).error).toEqual({ code: -32020, message: SERVER_TEXTS.headerMismatch });
    expect(answer.body).not.toContain('canary');
  });

  it.each([
    ['a revision not served', 'v999.0.0'],
    ['a revision date not served', '2031-01-01'],
  ])(
    'answers a body naming %s under a served header -32020, before judging the revision',
    async (_case, claimed) => {
      const { host } = await httpHost();
      const body = request(1, 'tools/list');
      body.params._meta['io.modelcontextprotocol/protocolVersion'] = claimed;
      const answer = await post(host.url, body, headers('tools/list'));
      expect(answer.status).toBe(400);
      expect(parsed(answer).error).toEqual({ code: -32020, message: SERVER_TEXTS.headerMismatch });
      expect(answer.body).not.toContain(claimed);
    },
  );

  it('judges the header against the body with no revision in the body as a malformed envelope', async () => {
    const { host } = await httpHost();
    const body = request(1, 'tools/list');
    body.params._meta['io.modelcontextprotocol/protocolVersion'] = 20260728 as never;
    const answer = await post(host.url, body, headers('tools/list'));
    expect(answer.status).toBe(400);
    expect(parsed(answer).error).toEqual({ code: -32602, message: SERVER_TEXTS.malformedEnvelope });
  });

  it('reads a name in the Base64 form', async () => {
    const { host } = await httpHost();
    const body = request(1, 'tools/call', { name: 'greet', arguments: { name: 'Ada' } });
    const encoded = `=?base64?${Buffer.from('greet').toString('base64')}?=`;
    const answer = await post(host.url, body, headers('tools/call', { 'mcp-name': encoded }));
    expect(answer.status).toBe(200);
    expect(parsed(answer).result.resultType).toBe('complete');
  });
});

describe('modern requests', () => {
  it('answers an unknown method 404 -32601 and a notification 202', async () => {
    const { host } = await httpHost();
    const unknown = await post(host.url, request(1, 'canary/method'), headers('canary/method'));
    expect(unknown.status).toBe(404);
    expect(parsed(unknown).error).toEqual({ code: -32601, message: 'Method not found' });
    const ping = await post(host.url, request(2, 'ping'), headers('ping'));
    expect(ping.status).toBe(404);
    const notice = {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 9, _meta: ENVELOPE },
    };
    const accepted = await post(host.url, notice, headers('notifications/cancelled'));
    expect(accepted.status).toBe(202);
  });

  it('lists with resultType, ttlMs and cacheScope, the same content for the same consumer', async () => {
    const { host } = await httpHost({ listTtlMs: 30_000 });
    const one = parsed(await post(host.url, request(1, 'tools/list'), headers('tools/list')));
    const two = parsed(await post(host.url, request(2, 'tools/list'), headers('tools/list')));
    expect(one.result.resultType).toBe('complete');
    expect(one.result.ttlMs).toBe(30_000);
    expect(one.result.cacheScope).toBe('private');
    expect(one.result.tools).toEqual(two.result.tools);
    const discover = parsed(
      await post(host.url, request(3, 'server/discover'), headers('server/discover')),
    );
    expect(discover.result.supportedVersions).toContain(MODERN);
    expect(discover.result.capabilities.tools).toBeDefined();
  });

  it('answers a tampered or foreign requestState, or unreadable inputResponses, with one constant answer', async () => {
    const { host } = await httpHost();
    const call = (id: number, extra: Record<string, unknown>, consumer = 'alice' as const) =>
      post(
        host.url,
        request(id, 'tools/call', { name: 'ask', arguments: { what: 'elicit' }, ...extra }),
        { ...headers('tools/call', { 'mcp-name': 'ask' }), ...bearer(consumer) },
      );
    const withElicitation = {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'ask',
        arguments: { what: 'elicit' },
        _meta: {
          ...ENVELOPE,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
        },
      },
    };
    const first = parsed(
      await post(host.url, withElicitation, headers('tools/call', { 'mcp-name': 'ask' })),
    );
    expect(first.result.resultType).toBe('input_required');
    expect(Object.keys(first.result.inputRequests)).toEqual(['ask-1']);
    const state: string = first.result.requestState;
    expect(state).not.toContain('Who are you');
    const answers = [
      await call(2, { requestState: `${state.slice(0, -2)}xx` }),
      await call(3, { requestState: 'canary' }),
      await call(4, { requestState: state, inputResponses: ['canary'] }),
      await call(5, { requestState: state, arguments: { what: 'sample' } }),
    ];
    for (const answer of answers) {
      expect(parsed(answer).error).toEqual({ code: -32602, message: SERVER_TEXTS.requestState });
      expect(answer.body).not.toContain('canary');
    }
  });

  function withCapabilities(id: number, name: string, args: unknown, capabilities: object) {
    const body = request(id, 'tools/call', { name, arguments: args });
    body.params._meta['io.modelcontextprotocol/clientCapabilities'] = capabilities;
    return body;
  }

  it('answers -32021 (400) when the call fails on a capability the request did not declare', async () => {
    const { host } = await httpHost();
    const answer = await post(
      host.url,
      withCapabilities(1, 'prefer', { check: false }, {}),
      headers('tools/call', { 'mcp-name': 'prefer' }),
    );
    expect(answer.status).toBe(400);
    expect(parsed(answer).error).toEqual({
      code: -32021,
      message: SERVER_TEXTS.missingCapability('elicitation'),
      data: { requiredCapabilities: { elicitation: {} } },
    });
  });

  it('lets a tool that was refused elicitation fall back to sampling: input_required, no -32021', async () => {
    const { host } = await httpHost();
    const answer = await post(
      host.url,
      withCapabilities(1, 'prefer', { check: false }, { sampling: {} }),
      headers('tools/call', { 'mcp-name': 'prefer' }),
    );
    expect(answer.status).toBe(200);
    const result = parsed(answer).result;
    expect(result.resultType).toBe('input_required');
    const asked = Object.values(result.inputRequests) as { method: string }[];
    expect(asked.map((item) => item.method)).toEqual(['sampling/createMessage']);
  });

  it.each([
    [{ sampling: {} }, { elicitation: false, sampling: true }, 'sampling/createMessage'],
    [{ elicitation: {} }, { elicitation: true, sampling: false }, 'elicitation/create'],
    [
      { elicitation: {}, sampling: {} },
      { elicitation: true, sampling: true },
      'elicitation/create',
    ],
  ])(
    'reads the declared capabilities %j in the tool context',
    async (capabilities, declared, method) => {
      const { host } = await httpHost();
      const first = parsed(
        await post(
          host.url,
          withCapabilities(1, 'prefer', { check: true }, capabilities),
          headers('tools/call', { 'mcp-name': 'prefer' }),
        ),
      ).result;
      const asked = Object.values(first.inputRequests) as { method: string }[];
      expect(asked.map((item) => item.method)).toEqual([method]);
      const key = Object.keys(first.inputRequests)[0]!;
      const reply =
        method === 'elicitation/create'
          ? { action: 'accept', content: { name: 'Ada' } }
          : { role: 'assistant', content: { type: 'text', text: 'Ada' }, model: 'm' };
      const body = withCapabilities(2, 'prefer', { check: true }, capabilities);
      Object.assign(body.params, {
        inputResponses: { [key]: reply },
        requestState: first.requestState,
      });
      const second = parsed(
        await post(host.url, body, headers('tools/call', { 'mcp-name': 'prefer' })),
      );
      expect(second.result.resultType).toBe('complete');
      expect(JSON.parse(second.result.content[0].text).declared).toEqual(declared);
    },
  );

  it('cancels the whole workflow when the client closes the response stream', async () => {
    const { host } = await httpHost();
    const aborted = new AbortController();
    const body = request(1, 'tools/call', {
      name: 'research',
      arguments: { topic: 'modern-gone', hold: true },
    });
    const pending = post(
      host.url,
      body,
      headers('tools/call', { 'mcp-name': 'research' }),
      aborted.signal,
    ).catch(() => undefined);
    await observer.whenStarted('leaf:modern-gone');
    aborted.abort();
    await pending;
    const stopped = await Promise.all(
      ['research', 'think', 'leaf'].map((level) => observer.whenStopped(`${level}:modern-gone`)),
    );
    expect(stopped).toEqual(['disconnect', 'disconnect', 'disconnect']);
  });
});
