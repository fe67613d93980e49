/**
 * The HTTP host as an OAuth 2.1 resource server, with real verifiers of `@portcullis/oauth` over
 * real HTTP on 127.0.0.1: the RFC 9728 metadata at both well-known paths; no token is `401` with a
 * challenge naming the metadata (or the anonymous consumer, where one is named); a token that does
 * not verify is `401 invalid_token` even with an anonymous consumer; a key set that cannot be
 * fetched is `503`, never an admission; a missing required scope is `403 insufficient_scope`. All
 * of it before any MCP message is read, and nothing of a token or a body comes back. A verified
 * consumer keeps the interposer's rules: its grants listed, every other tool the constant answer.
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createJwtVerifier,
  createStaticTokenVerifier,
  createVerifierChain,
  hashToken,
  PROTECTED_RESOURCE_METADATA_PATH,
} from '@portcullis/oauth';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpAuthorizationOptions, serveHttp } from '../src/http.ts';
import { post, resolver, TOKENS as STATIC_TOKENS } from './http-support.ts';
import { closeAll, fixtureServer, initialize, onClose } from './support.ts';

afterEach(closeAll);

const CANARY = 'CANARYtoken9d2c';
const TOKENS = {
  bob: 'bob-token-0123456789',
  reader: 'reader-token-0123456789',
} as const;

const staticVerifier = createStaticTokenVerifier({
  tokens: [
    { consumer: 'bob', tokenSha256: hashToken(TOKENS.bob), scopes: ['tools:read', 'tools:call'] },
    { consumer: 'carol', tokenSha256: hashToken(TOKENS.reader), scopes: ['tools:read'] },
  ],
});

async function host(
  authorization: Partial<HttpAuthorizationOptions> = {},
  anonymousConsumer?: string,
) {
  const { server, logger } = fixtureServer();
  const served = await serveHttp(server, {
    authorization: {
      verifier: staticVerifier,
      resource: 'http://127.0.0.1/mcp',
      authorizationServers: ['http://127.0.0.1:1/issuer'],
      scopesSupported: ['tools:read', 'tools:call'],
      ...authorization,
    },
    ...(anonymousConsumer === undefined ? {} : { anonymousConsumer }),
  });
  onClose(() => served.close());
  return { url: served.url, logger };
}

const LIST = { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} };

function challengeOf(headers: Headers): string {
  return headers.get('www-authenticate') ?? '';
}

describe('the resource server door', () => {
  it('serves the protected resource metadata at the path-suffixed and the root path', async () => {
    const { url } = await host();
    for (const path of [
      `${PROTECTED_RESOURCE_METADATA_PATH}/mcp`,
      PROTECTED_RESOURCE_METADATA_PATH,
    ]) {
      const response = await fetch(new URL(path, url));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        resource: 'http://127.0.0.1/mcp',
        authorization_servers: ['http://127.0.0.1:1/issuer'],
        bearer_methods_supported: ['header'],
        scopes_supported: ['tools:read', 'tools:call'],
      });
    }
    const posted = await fetch(new URL(PROTECTED_RESOURCE_METADATA_PATH, url), { method: 'POST' });
    expect(posted.status).toBe(405);
  });

  it('answers a request without a token 401 with a challenge naming the metadata', async () => {
    const { url } = await host();
    const answer = await post(url, LIST);
    expect(answer.status).toBe(401);
    expect(challengeOf(answer.headers)).toBe(
      'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource/mcp", scope="tools:read tools:call"',
    );
    expect(JSON.parse(answer.body).error).toBe('unauthorized');
  });

  it('answers a token that does not verify 401 invalid_token, echoing nothing', async () => {
    const { url, logger } = await host();
    for (const authorization of [
      `Bearer ${CANARY}`,
      `Bearer ${CANARY}${'x'.repeat(12_000)}`,
      `Basic ${CANARY}`,
      `Bearer ${CANARY} ${CANARY}`,
    ]) {
      const answer = await post(url, { ...LIST, params: { [CANARY]: CANARY } }, { authorization });
      expect(answer.status).toBe(401);
      expect(challengeOf(answer.headers)).toContain('error="invalid_token"');
      const seen = JSON.stringify([answer.body, [...answer.headers]]);
      expect(seen).not.toContain(CANARY);
    }
    expect(JSON.stringify(logger.lines)).not.toContain(CANARY);
    // A token of 1 MB passes Node's header bound: refused before the host reads it.
    const huge = await post(url, LIST, { authorization: `Bearer ${CANARY.repeat(70_000)}` });
    expect(huge.status).toBe(431);
    expect(huge.body).not.toContain(CANARY);
  });

  it('answers a verified token without a required scope 403 insufficient_scope', async () => {
    const { url } = await host({ requiredScopes: ['tools:call'] });
    const answer = await post(url, LIST, { authorization: `Bearer ${TOKENS.reader}` });
    expect(answer.status).toBe(403);
    expect(challengeOf(answer.headers)).toContain('error="insufficient_scope", scope="tools:call"');
    const admitted = await post(url, initialize(), { authorization: `Bearer ${TOKENS.bob}` });
    expect(admitted.status).toBe(200);
  });

  it('answers 503 when the key set cannot be fetched, and admits nothing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const issuer = `http://127.0.0.1:${port}`;
    const verifier = createVerifierChain([
      staticVerifier,
      createJwtVerifier({
        issuer,
        audience: 'http://127.0.0.1/mcp',
        jwksUri: `${issuer}/jwks`,
        timeoutMs: 500,
      }),
    ]);
    const { url } = await host({ verifier });
    // A token shaped as a JWT, so the chain asks the JWKS, which is down.
    const jwt = [
      Buffer.from(JSON.stringify({ alg: 'ES256', kid: 'k1', typ: 'at+jwt' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: CANARY, iss: issuer })).toString('base64url'),
      'c2ln',
    ].join('.');
    const answer = await post(url, LIST, { authorization: `Bearer ${jwt}` });
    expect(answer.status).toBe(503);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).not.toContain(CANARY);
    const known = await post(url, initialize(), { authorization: `Bearer ${TOKENS.bob}` });
    expect(known.status).toBe(200);
  });

  it('lets a verified consumer list its grants and call, with the real v2 client', async () => {
    const { url } = await host();
    for (const modern of [true, false]) {
      const transport = new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${TOKENS.bob}` } },
      });
      const client = new Client(
        { name: 'auth-test', version: '1.0.0' },
        modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      await client.connect(transport);
      onClose(() => client.close());
      const listed = await client.listTools();
      expect(listed.tools.map((tool) => tool.name)).toEqual(['add', 'double', 'greet']);
      const called = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(called.content).toEqual([{ type: 'text', text: '"Hello, Ada."' }]);
      await expect(client.callTool({ name: 'echo', arguments: {} })).rejects.toThrow(
        /cannot be served/,
      );
    }
  });
});

describe('the anonymous consumer', () => {
  it('serves a request without a token as the named consumer, and still refuses a bad token', async () => {
    const { url } = await host({}, 'carol');
    const listed = await post(url, LIST, {
      'mcp-protocol-version': '2025-06-18',
    });
    expect(listed.status).toBe(200);
    const names = JSON.parse(listed.texts[0]!).result.tools.map(
      (tool: { name: string }) => tool.name,
    );
    expect(names).toEqual(['echo']);
    const refused = await post(url, LIST, { authorization: `Bearer ${CANARY}` });
    expect(refused.status).toBe(401);
    expect(refused.body).not.toContain(CANARY);
  });
});

describe('the anonymous consumer with static tokens', () => {
  it('serves a request without a header as the named consumer, an unknown token as none', async () => {
    const { server } = fixtureServer();
    const served = await serveHttp(server, { consumers: resolver, anonymousConsumer: 'carol' });
    onClose(() => served.close());
    const listed = await post(served.url, LIST);
    expect(JSON.parse(listed.texts[0]!).result.tools.map((t: { name: string }) => t.name)).toEqual([
      'echo',
    ]);
    const unknown = await post(served.url, LIST, { authorization: `Bearer ${CANARY}` });
    expect(JSON.parse(unknown.texts[0]!).result.tools).toEqual([]);
    expect(unknown.body).not.toContain(CANARY);
  });
});

/** A raw request whose `Authorization` header is sent once per value, as given. */
function rawList(url: URL, authorization: string[]): Promise<{ status: number; text: string }> {
  const body = JSON.stringify(LIST);
  return new Promise((resolve, reject) => {
    const sent = request(
      url,
      {
        method: 'POST',
        // Raw pairs: each value becomes a header line of its own.
        headers: [
          'host',
          url.host,
          ...authorization.flatMap((value) => ['authorization', value]),
          'content-type',
          'application/json',
          'accept',
          'application/json, text/event-stream',
          'content-length',
          String(Buffer.byteLength(body)),
        ],
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: `${JSON.stringify(res.headers)} ${text}` }),
        );
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

describe('several or empty Authorization headers', () => {
  const bad = `Bearer ${CANARY}`;
  const good = `Bearer ${TOKENS.bob}`;
  const shapes = [
    ['empty', ['']],
    ['blank', ['  ']],
    ['empty, then a bad token', ['', bad]],
    ['a good token, then a bad one', [good, bad]],
    ['a bad token, then a good one', [bad, good]],
    ['the good token twice', [good, good]],
  ] as const;

  it.each(shapes)('are a token that does not verify under authorization: %s', async (_, given) => {
    const { url } = await host({}, 'carol');
    const answer = await rawList(url, [...given]);
    expect(answer.status).toBe(401);
    expect(answer.text).toContain('error=\\"invalid_token\\"');
    expect(answer.text).not.toContain(CANARY);
  });

  it.each(shapes)('are no consumer under static tokens: %s', async (_, given) => {
    const { server } = fixtureServer();
    const served = await serveHttp(server, { consumers: resolver, anonymousConsumer: 'carol' });
    onClose(() => served.close());
    // The same shapes with a token the resolver knows (bob's grants list three tools).
    const known = `Bearer ${STATIC_TOKENS.bob}`;
    const alone = await rawList(served.url, [known]);
    expect(alone.text).toContain('"name":"greet"');
    const answer = await rawList(
      served.url,
      given.map((value) => (value === good ? known : value)),
    );
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('"tools":[]');
    expect(answer.text).not.toContain(CANARY);
  });
});

describe('the authorization option', () => {
  it('refuses consumers and authorization together, and a resource that is not a URL', async () => {
    const { server } = fixtureServer();
    await expect(
      serveHttp(server, {
        consumers: resolver,
        authorization: {
          verifier: staticVerifier,
          resource: 'http://127.0.0.1/mcp',
          authorizationServers: ['http://127.0.0.1:1'],
        },
      }),
    ).rejects.toThrow(/not both/);
    await expect(
      serveHttp(server, {
        authorization: {
          verifier: staticVerifier,
          resource: 'not a url',
          authorizationServers: ['http://127.0.0.1:1'],
        },
      }),
    ).rejects.toThrow(/authorization/);
    await expect(serveHttp(server, {})).rejects.toThrow(/consumers/);
    await expect(serveHttp(server, { consumers: resolver, anonymousConsumer: '' })).rejects.toThrow(
      /anonymousConsumer/,
    );
  });
});
