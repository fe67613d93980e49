/**
 * The built app as an OAuth 2.1 resource server, started as a user starts it with a config naming
 * a real authorization server (oidc-provider on 127.0.0.1): the official v2 client finds the
 * authorization server from the app's 401, runs the authorization code flow with PKCE, and calls
 * tools as the signed-in account; a service's client credentials token acts as its own consumer,
 * within the config's rate limits; a forged or foreign token is `401 invalid_token` and never
 * echoed; an issuer that cannot be reached stops the start with one line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthTokens,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthorizationServer,
  MCP_SCOPE,
  PUBLIC_CLIENT,
  SERVICE_CLIENT,
  startAuthorizationServer,
} from './support/authorization-server.ts';
import { type ChildApp, killChildren, startApp, urlOf } from './support/child-app.ts';
import { freePort } from './support/ports.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';

const CANARY = 'CANARYoauth5e1f';
const STATS = { group_by: 'folder', since: '2020-01-01' };
const ALL = [
  'search_documents',
  'read_document',
  'tag_documents',
  'corpus_stats',
  'survey_corpus',
  'explain_query',
];

function writeConfig(config: object): string {
  const file = join(tempDir(), 'config.json');
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/** An OAuth client of the v2 SDK, pre-registered, whose "browser" is the test's user agent. */
class DesktopClient implements OAuthClientProvider {
  authorizationUrl: URL | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  get redirectUrl() {
    return PUBLIC_CLIENT.redirectUri;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'desktop',
      redirect_uris: [PUBLIC_CLIENT.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return { client_id: PUBLIC_CLIENT.id };
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

let issuer: AuthorizationServer;
let app: ChildApp;
let url: URL;
let resource: string;

beforeAll(async () => {
  const port = await freePort();
  resource = `http://127.0.0.1:${port}/mcp`;
  issuer = await startAuthorizationServer(resource);
  const config = writeConfig({
    consumers: [
      { name: 'alice', tools: '*' },
      { name: SERVICE_CLIENT.id, tools: ['corpus_stats', 'search_documents'] },
    ],
    authorization: {
      issuer: issuer.issuer,
      resource,
      scopes: [MCP_SCOPE],
      requiredScopes: [MCP_SCOPE],
      // Every token holding the scope may read, whether or not its consumer is listed.
      scopeGrants: { [MCP_SCOPE]: ['search_documents', 'read_document'] },
    },
    rateLimits: { tools: { corpus_stats: { burst: 3, ratePerSecond: 0.001 } } },
  });
  app = startApp([
    '--http',
    '--port',
    String(port),
    '--root',
    generatedCorpus(),
    '--data',
    tempDir(),
    '--config',
    config,
  ]);
  url = await urlOf(app);
});

afterAll(async () => {
  await killChildren();
  await issuer?.close();
  removeTempDirs();
});

describe('the app behind a real authorization server', () => {
  it('answers a request without a token 401, naming its metadata, which names the issuer', async () => {
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(answer.status).toBe(401);
    const challenge = answer.headers.get('www-authenticate') ?? '';
    const metadataUrl = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    expect(metadataUrl).toBe(`${url.origin}/.well-known/oauth-protected-resource/mcp`);
    const metadata = (await (await fetch(metadataUrl as string)).json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      resource,
      authorization_servers: [issuer.issuer],
      scopes_supported: [MCP_SCOPE],
    });
  });

  it('lets the v2 client sign in with the authorization code flow and PKCE, then call', async () => {
    const desktop = new DesktopClient();
    const first = new Client({ name: 'desktop', version: '1.0.0' });
    // The first connection meets the 401, discovers the issuer and sends the user to sign in.
    const transport = new StreamableHTTPClientTransport(url, { authProvider: desktop });
    await expect(first.connect(transport)).rejects.toBeInstanceOf(UnauthorizedError);
    const authorizationUrl = desktop.authorizationUrl as URL;
    expect(authorizationUrl.origin).toBe(issuer.issuer);
    expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizationUrl.searchParams.get('resource')).toBe(resource);
    await transport.finishAuth(await issuer.authorize(authorizationUrl));

    for (const modern of [false, true]) {
      const client = new Client(
        { name: 'desktop', version: '1.0.0' },
        modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
      );
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: desktop }));
      try {
        const listed = await client.listTools();
        expect(listed.tools.map((tool) => tool.name)).toEqual(ALL);
        const found = await client.callTool({
          name: 'search_documents',
          arguments: { query: 'retention' },
        });
        expect(found.isError).not.toBe(true);
      } finally {
        await client.close();
      }
    }
  });

  it('serves an account the config does not list by its token’s scope alone', async () => {
    issuer.account = 'bob';
    try {
      const desktop = new DesktopClient();
      const transport = new StreamableHTTPClientTransport(url, { authProvider: desktop });
      await expect(
        new Client({ name: 'desktop', version: '1.0.0' }).connect(transport),
      ).rejects.toBeInstanceOf(UnauthorizedError);
      await transport.finishAuth(await issuer.authorize(desktop.authorizationUrl as URL));
      const client = new Client({ name: 'desktop', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(url, { authProvider: desktop }));
      try {
        const listed = await client.listTools();
        expect(listed.tools.map((tool) => tool.name)).toEqual([
          'search_documents',
          'read_document',
        ]);
        await expect(client.callTool({ name: 'tag_documents', arguments: {} })).rejects.toThrow(
          /cannot be served/,
        );
      } finally {
        await client.close();
      }
    } finally {
      issuer.account = 'alice';
    }
  });

  it('serves a client credentials token as its own consumer, within the rate limit', async () => {
    const token = await issuer.serviceToken(resource);
    const client = new Client(
      { name: 'nightly', version: '1.0.0' },
      { versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const listed = await client.listTools();
      // Its own grants and its scope's, in catalog order.
      expect(listed.tools.map((tool) => tool.name)).toEqual([
        'search_documents',
        'read_document',
        'corpus_stats',
      ]);
      for (let call = 0; call < 3; call += 1) {
        const served = await client.callTool({ name: 'corpus_stats', arguments: STATS });
        expect(served.isError).not.toBe(true);
      }
      const limited = await client.callTool({ name: 'corpus_stats', arguments: STATS });
      expect(limited.isError).toBe(true);
      expect(limited.content).toEqual([
        {
          type: 'text',
          text: 'This call was not run: a rate limit is reached. Wait the number of milliseconds given in portcullis/retryAfterMs, then call again.',
        },
      ]);
      expect(limited._meta?.['portcullis/retryAfterMs']).toBeGreaterThan(0);
      expect(limited._meta?.['portcullis/correctable']).toBe(false);
      // The limit is per (consumer, tool): another tool is still served.
      const other = await client.callTool({
        name: 'search_documents',
        arguments: { query: 'retention' },
      });
      expect(other.isError).not.toBe(true);
      await expect(client.callTool({ name: 'tag_documents', arguments: {} })).rejects.toThrow(
        /cannot be served/,
      );
    } finally {
      await client.close();
    }
  });

  it('answers a token that does not verify 401 invalid_token, echoing nothing of it', async () => {
    const genuine = await issuer.serviceToken(resource);
    const [header = '', payload = ''] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = [
      // The issuer's header and claims, with the signature dropped and `alg: none`.
      `${encode({ alg: 'none', typ: 'at+jwt' })}.${encode({ ...claims, sub: CANARY })}.`,
      // A genuine signature over claims changed afterwards.
      `${header}.${encode({ ...claims, sub: 'alice', note: CANARY })}.${genuine.split('.')[2]}`,
      `${CANARY}.${CANARY}.${CANARY}`,
    ];
    for (const token of forged) {
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
      });
      expect(answer.status).toBe(401);
      const challenge = answer.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain('error="invalid_token"');
      const text = `${challenge} ${await answer.text()}`;
      expect(text).not.toContain(CANARY);
      expect(text).not.toContain(token);
    }
    expect(app.stdout.join('\n') + app.stderr.join('\n')).not.toContain(CANARY);
  });

  it('stops at start with one line when the issuer cannot be reached', async () => {
    const closed = await freePort();
    const config = writeConfig({
      consumers: [{ name: 'alice', tools: '*' }],
      authorization: { issuer: `http://127.0.0.1:${closed}`, resource },
    });
    const refused = startApp(['--http', '--port', '0', '--data', tempDir(), '--config', config]);
    expect(await refused.exited).toBe(1);
    expect(refused.stdout).toEqual([]);
    expect(refused.stderr).toHaveLength(1);
    expect(refused.stderr[0]).toContain(
      `The authorization server http://127.0.0.1:${closed} cannot be used:`,
    );
  });
});
