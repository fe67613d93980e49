/*
 * The HTTP host on 127.0.0.1, driven by the SDK client and by raw fetch: listings per consumer
 * resolved from bearer tokens, calls in every dialect (query parameter or `_meta`), Int64 exact on
 * the wire, the constant answer byte-identical, and every header rule judged before the SDK, in
 * our words, never echoing what was sent.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ConsumerResolver, HTTP_TEXTS } from '../src/http.ts';
import { SERVER_TEXTS } from '../src/texts.ts';
import { grants } from './fixtures/catalog.ts';
import { bearer, httpClient, httpHost, post, resolver } from './http-support.ts';
import { call, closeAll, textOf } from './support.ts';

afterEach(closeAll);

const CANARY = 'canary-77aa';
const SUPPORTED = '2025-11-25, 2025-06-18, 2025-03-26, 2024-11-05';

describe('over Streamable HTTP with the SDK client', () => {
  it('lists each consumer its grants and nothing to an unauthenticated client', async () => {
    const { host } = await httpHost();
    const names = async (consumer?: 'alice' | 'bob' | 'carol') =>
      (await (await httpClient(host.url, consumer)).listTools()).tools.map((tool) => tool.name);
    expect(await names('alice')).toEqual(grants.alice);
    expect(await names('bob')).toEqual(['add', 'double', 'greet']);
    expect(await names('carol')).toEqual(['echo']);
    expect(await names()).toEqual([]);
  });

  it('takes a consumer from a resolver answering at once or with a promise; a throw or a rejection is none', async () => {
    const names = async (consumers: ConsumerResolver) => {
      const { host } = await httpHost({}, { consumers });
      return (await (await httpClient(host.url, 'bob')).listTools()).tools.map((tool) => tool.name);
    };
    const bob = ['add', 'double', 'greet'];
    expect(await names({ resolve: (token) => resolver.resolve(token) })).toEqual(bob);
    expect(await names({ resolve: async (token) => resolver.resolve(token) })).toEqual(bob);
    expect(
      await names({
        resolve: () => {
          throw new Error('resolver down');
        },
      }),
    ).toEqual([]);
    expect(await names({ resolve: () => Promise.reject(new Error('resolver down')) })).toEqual([]);
    expect(await names({ resolve: async () => '' })).toEqual([]);
  });

  it('serves calls in the dialect of the query parameter and of _meta', async () => {
    const { host } = await httpHost();
    const url = new URL(host.url);
    url.searchParams.set('dialect', 'openai_strict');
    const client = await httpClient(url, 'bob');
    const [tool] = (await client.listTools()).tools.filter((item) => item.name === 'greet');
    expect(tool?.inputSchema.required).toEqual(['name', 'excited']);
    const strict = await client.callTool({
      name: 'greet',
      arguments: { name: 'Ada', excited: null },
    });
    expect(textOf(strict)).toBe('"Hello, Ada."');
    const canonical = await client.callTool({
      name: 'greet',
      arguments: { name: 'Ada', excited: null },
      _meta: { 'portcullis/dialect': 'canonical' },
    });
    expect(canonical.isError).toBe(true);
  });

  it('writes Int64 values and bounds exactly, and reads them exactly', async () => {
    const { host } = await httpHost();
    const headers = bearer('bob');
    const doubled = await post(
      host.url,
      `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"double","arguments":{"value":1152921504606846977}}}`,
      headers,
    );
    expect(doubled.texts[0]).toContain(
      '"structuredContent":{"doubled":2305843009213693954,"kind":"bigint"}',
    );
    const listed = await post(host.url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
    expect(listed.texts[0]).toContain(
      '"minimum":-9223372036854775808,"maximum":9223372036854775807',
    );
  });

  it('reports progress and logs on the request stream', async () => {
    const { host } = await httpHost();
    const client = await httpClient(host.url, 'alice');
    const seen: number[] = [];
    await client.callTool({ name: 'chatty', arguments: { steps: 2 } }, undefined, {
      onprogress: (progress) => seen.push(progress.progress),
    });
    expect(seen).toEqual([1, 2]);
  });
});

describe('raw fetch', () => {
  it('gives the constant answer byte-identical apart from the id', async () => {
    const { host } = await httpHost();
    const cases: [Record<string, string>, unknown][] = [
      [bearer('alice'), call(1, CANARY, {})],
      [bearer('bob'), call(2, 'echo', {})],
      [{}, call(3, 'greet', { name: CANARY })],
      [{ authorization: `Bearer ${CANARY}` }, call(4, 'greet', { name: 'x' })],
      [bearer('alice'), call(5, 'greet', { name: 'x' }, [CANARY])],
      [bearer('alice'), { jsonrpc: '2.0', id: 6, method: 'tools/call', params: null }],
      [bearer('alice'), call(7, 'greet', { name: 'x' }, { progressToken: 1.5 })],
      [
        bearer('alice'),
        call(8, 'greet', { name: 'x' }, { 'io.modelcontextprotocol/related-task': {} }),
      ],
    ];
    for (const [index, [headers, body]] of cases.entries()) {
      const answer = await post(host.url, body, headers);
      expect(answer.status).toBe(200);
      expect(answer.texts).toEqual([
        `{"jsonrpc":"2.0","id":${index + 1},"error":{"code":-32602,"message":"${SERVER_TEXTS.unservableCall}"}}`,
      ]);
    }
  });

  it('answers a method outside the whitelist -32601', async () => {
    const { host } = await httpHost();
    const answer = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'resources/list' },
      bearer('alice'),
    );
    expect(answer.texts).toEqual([
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found"}}',
    ]);
  });

  it('refuses bytes that are not strict JSON with -32700 in our words, id null', async () => {
    const { host } = await httpHost();
    const sent = `{"jsonrpc":"2.0","id":1,"method":"ping","id":"${CANARY}"}`;
    const answer = await post(host.url, sent, bearer('alice'));
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32700,
        message: SERVER_TEXTS.parseError('DUPLICATE_KEY', sent.lastIndexOf('"id"')),
      },
    });
    expect(answer.body).not.toContain(CANARY);
  });

  it('refuses a body that is not JSON-RPC in our words', async () => {
    const { host } = await httpHost();
    const answer = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping', [CANARY]: 1 },
      bearer('alice'),
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32600, message: SERVER_TEXTS.notJsonRpc },
    });
  });

  it('refuses a body past the byte limit with 413', async () => {
    const { host } = await httpHost({}, { maxBodyBytes: 1024 });
    const big = JSON.stringify(call(1, 'greet', { name: 'x'.repeat(2048) }));
    const answer = await post(host.url, big, bearer('alice'));
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).error.message).toBe(HTTP_TEXTS.bodyTooLarge(1024));
    const small = await post(host.url, call(2, 'greet', { name: 'x' }), bearer('alice'));
    expect(small.status).toBe(200);
  });

  it('refuses a protocol version it does not speak with 400, naming the supported ones only', async () => {
    const { host } = await httpHost();
    // The modern revision in the header of a request without the modern envelope is malformed.
    const modern = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-protocol-version': '2026-07-28' },
    );
    expect(modern.status).toBe(400);
    expect(JSON.parse(modern.body).error).toEqual({
      code: -32602,
      message: SERVER_TEXTS.malformedEnvelope,
    });
    for (const version of ['2024-10-07', CANARY]) {
      const answer = await post(
        host.url,
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-protocol-version': version },
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body).error.message).toBe(
        HTTP_TEXTS.unsupportedVersion(SUPPORTED.split(', ')),
      );
      expect(answer.body).not.toContain(version);
    }
    const known = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-protocol-version': '2025-06-18' },
    );
    expect(known.status).toBe(200);
  });

  it('refuses an Origin that is not allowed, and a Host that is not allowed, with 403', async () => {
    const { host } = await httpHost({}, { allowedOrigins: ['http://trusted.example'] });
    const origin = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { origin: `http://${CANARY}.example` },
    );
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.body).error.message).toBe(HTTP_TEXTS.originNotAllowed);
    expect(origin.body).not.toContain(CANARY);
    const trusted = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { origin: 'http://trusted.example' },
    );
    expect(trusted.status).toBe(200);
    const { request } = await import('node:http');
    const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: host.port,
          path: '/mcp',
          method: 'POST',
          headers: {
            host: `${CANARY}.example:80`,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    });
    expect(status.status).toBe(403);
    expect(JSON.parse(status.body).error.message).toBe(HTTP_TEXTS.hostNotAllowed);
  });

  it('refuses any Origin by default on loopback', async () => {
    const { host } = await httpHost();
    const answer = await post(
      host.url,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { origin: 'http://evil.example' },
    );
    expect(answer.status).toBe(403);
  });

  it('answers another path 404, another method 405, another media type 415', async () => {
    const { host } = await httpHost();
    const elsewhere = await post(new URL('/other', host.url), {
      jsonrpc: '2.0',
      id: 1,
      method: 'ping',
    });
    expect(elsewhere.status).toBe(404);
    const get = await fetch(host.url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    await get.text();
    const text = await post(host.url, 'x', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
  });
});
