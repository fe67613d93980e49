/**
 * Grants from OAuth scopes (`scopeGrants`) beside the per-consumer `grants`, over real HTTP with
 * the HTTP host verifying tokens: a consumer lists and calls its own grants and those of every
 * scope its token holds, in catalog order, in both eras; a consumer with no entry in `grants` is
 * served by its scopes alone; a tool neither grants is the one constant answer, byte for byte the
 * unknown tool's; inside one legacy session each request is judged on its own token's scopes;
 * a connection without a verified token (stdio, in-process) gains nothing from scopes; a scope grant naming a tool not exposed refuses to start.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createStaticTokenVerifier, hashToken } from '@portcullis/oauth';
import { afterEach, describe, expect, it } from 'vitest';
import { ServerError } from '../src/errors.ts';
import { serveHttp } from '../src/http.ts';
import { post, type RawAnswer } from './http-support.ts';
import { closeAll, fixtureServer, onClose, sdkClient } from './support.ts';

afterEach(closeAll);

const TOKENS = {
  // No entry in the fixture's grants: served by the scopes alone.
  dora: 'dora-token-0123456789',
  // Granted `echo` by the fixture's grants, and `greet` by a scope.
  carol: 'carol-token-0123456789',
  // A scope that grants nothing.
  erin: 'erin-token-0123456789',
  // carol again, through a token whose scope grants nothing.
  carolProfile: 'carol-profile-token-0123456789',
} as const;

const SCOPE_GRANTS = { 'tools:read': ['greet'], 'tools:math': ['add', 'double'] };

async function host() {
  const { server, logger } = fixtureServer({ scopeGrants: SCOPE_GRANTS });
  const verifier = createStaticTokenVerifier({
    tokens: [
      { consumer: 'dora', tokenSha256: hashToken(TOKENS.dora), scopes: ['tools:math'] },
      { consumer: 'carol', tokenSha256: hashToken(TOKENS.carol), scopes: ['tools:read'] },
      { consumer: 'erin', tokenSha256: hashToken(TOKENS.erin), scopes: ['profile'] },
      { consumer: 'carol', tokenSha256: hashToken(TOKENS.carolProfile), scopes: ['profile'] },
    ],
  });
  const served = await serveHttp(server, {
    authorization: {
      verifier,
      resource: 'http://127.0.0.1/mcp',
      authorizationServers: ['http://127.0.0.1:1/issuer'],
      scopesSupported: ['tools:read', 'tools:math', 'profile'],
    },
    sessions: true,
  });
  onClose(() => served.close());
  return { url: served.url, server, logger };
}

async function client(url: URL, token: string, modern: boolean): Promise<Client> {
  const connected = new Client(
    { name: 'scopes-test', version: '1.0.0' },
    modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await connected.connect(
    new StreamableHTTPClientTransport(url, {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  onClose(() => connected.close());
  return connected;
}

describe('scope grants', () => {
  it('lists and serves a consumer its grants and its scopes’ tools, in catalog order, in both eras', async () => {
    const { url } = await host();
    for (const modern of [false, true]) {
      const dora = await client(url, TOKENS.dora, modern);
      expect((await dora.listTools()).tools.map((tool) => tool.name)).toEqual(['add', 'double']);
      const sum = await dora.callTool({ name: 'add', arguments: { a: 2, b: 3 } });
      expect(sum.isError).not.toBe(true);
      await expect(dora.callTool({ name: 'greet', arguments: { name: 'Ada' } })).rejects.toThrow(
        /cannot be served/,
      );

      const carol = await client(url, TOKENS.carol, modern);
      expect((await carol.listTools()).tools.map((tool) => tool.name)).toEqual(['echo', 'greet']);
      const greeted = await carol.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(greeted.content).toEqual([{ type: 'text', text: '"Hello, Ada."' }]);

      const erin = await client(url, TOKENS.erin, modern);
      expect((await erin.listTools()).tools).toEqual([]);
    }
  });

  it('answers a tool no grant and no scope allows exactly as an unknown one', async () => {
    const { url } = await host();
    const headers = { authorization: `Bearer ${TOKENS.dora}` };
    const init = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
      headers,
    );
    const session = { ...headers, 'mcp-session-id': init.headers.get('mcp-session-id') ?? '' };
    await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    const call = (name: string) =>
      post(
        url,
        { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name, arguments: {} } },
        session,
      );
    const ungranted = await call('greet');
    const unknown = await call('no_such_tool');
    expect(ungranted.status).toBe(unknown.status);
    expect(ungranted.texts).toEqual(unknown.texts);
    expect(ungranted.texts[0]).toContain('The call cannot be served');
  });

  it('gives nothing to a connection without a verified token', async () => {
    const { server } = fixtureServer({ scopeGrants: SCOPE_GRANTS });
    const dora = await sdkClient(server, 'dora');
    expect((await dora.listTools()).tools).toEqual([]);
  });

  it('refuses a scope grant of a tool not exposed, and one that is not a map', () => {
    const thrown = (scopeGrants: unknown) => {
      try {
        fixtureServer({ scopeGrants: scopeGrants as Record<string, string[]> });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const unknown = thrown({ 'tools:read': ['greet', 'no_such_tool'] });
    expect(unknown).toBeInstanceOf(ServerError);
    expect(unknown).toMatchObject({
      code: 'UNKNOWN_GRANT',
      details: { scope: 'tools:read', tool: 'no_such_tool' },
    });
    expect(thrown(['greet'])).toMatchObject({
      code: 'INVALID_OPTIONS',
      details: { option: 'scopeGrants' },
    });
    expect(thrown({ 'tools:read': 'greet' })).toMatchObject({
      code: 'INVALID_OPTIONS',
      details: { option: 'scopeGrants' },
    });
  });
});

describe('a legacy session', () => {
  it('judges each request on the facts of its own request: the token’s scopes, the URL’s dialect', async () => {
    const { url } = await host();
    const headers = (token: string, session?: string) => ({
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2025-11-25',
      ...(session === undefined ? {} : { 'mcp-session-id': session }),
    });
    const opened = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      },
      headers(TOKENS.carol),
    );
    const session = opened.headers.get('mcp-session-id');
    expect(session).toBeTruthy();
    await post(
      url,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      headers(TOKENS.carol, session!),
    );
    const greet = (id: number) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'greet', arguments: { name: 'Ada' } },
    });
    const answerOf = (raw: RawAnswer) => JSON.parse(raw.texts.at(-1)!) as Record<string, unknown>;
    const list = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/list' });
    const names = (raw: RawAnswer) =>
      ((answerOf(raw).result as { tools: { name: string }[] }).tools ?? []).map(
        (tool) => tool.name,
      );
    const [withScope, withoutScope, again] = await Promise.all([
      post(url, greet(1), headers(TOKENS.carol, session!)),
      post(url, greet(2), headers(TOKENS.carolProfile, session!)),
      post(url, greet(3), headers(TOKENS.carol, session!)),
    ]);
    expect(answerOf(withScope).result).toBeDefined();
    expect(answerOf(again).result).toBeDefined();
    expect((answerOf(withoutScope).error as { code: number }).code).toBe(-32602);
    expect(names(await post(url, list(4), headers(TOKENS.carolProfile, session!)))).toEqual([
      'echo',
    ]);
    expect(names(await post(url, list(5), headers(TOKENS.carol, session!)))).toEqual([
      'echo',
      'greet',
    ]);
    // The dialect of the request's own URL: an unknown one is refused on that request alone.
    const unknownDialect = new URL(url);
    unknownDialect.searchParams.set('dialect', 'nonesuch');
    const refused = await post(unknownDialect, list(6), headers(TOKENS.carol, session!));
    expect((answerOf(refused).error as { code: number }).code).toBe(-32602);
    expect(names(await post(url, list(7), headers(TOKENS.carol, session!)))).toEqual([
      'echo',
      'greet',
    ]);
  });
});
