/*
 * Guards the pieces together, as a resource server's HTTP layer uses them, against the real
 * authorization server: a request without a token gets a 401 whose challenge leads a client to
 * the metadata, from there to the authorization server, to a token for this resource, and then
 * in; a token without the scope a request needs gets 403; a bad token gets 401 invalid_token; an
 * outage of the key set gets 503. No response carries anything of a presented token.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearerToken,
  type ChallengeResponse,
  createChallenges,
  createJwtVerifier,
  missingScopes,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  type TokenVerifier,
} from '../src/index.ts';
import {
  type AuthorizationServer,
  startAuthorizationServer,
} from './fixtures/authorization-server.ts';

const CANARY = `CANARY${randomUUID().replaceAll('-', '')}`;
let as: AuthorizationServer;
let server: Server;
let resource: string;

/** A resource server: `/mcp` needs `tools:read`, `/mcp/write` needs `tools:call` too. */
function handler(verifier: TokenVerifier, metadata: object) {
  const challenges = createChallenges({
    resourceMetadata: protectedResourceMetadataUrl(resource),
    scopes: ['tools:read'],
  });
  const paths = protectedResourceMetadataPaths(resource);
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = ({ status, headers, body }: ChallengeResponse): void => {
      res.writeHead(status, headers).end(body);
    };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (paths.includes(path)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(metadata));
      return;
    }
    const presented = bearerToken(req.headers.authorization);
    const verification = presented.ok
      ? await verifier.verify(presented.value)
      : { ok: false as const, refusal: presented.refusal };
    if (!verification.ok) return send(challenges.forRefusal(verification.refusal));
    const needed = path === '/mcp/write' ? ['tools:read', 'tools:call'] : ['tools:read'];
    const missing = missingScopes(verification.value.scopes, needed);
    if (missing.length > 0) return send(challenges.insufficientScope(needed));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ consumer: verification.value.consumer }));
  };
}

let current: ReturnType<typeof handler>;

beforeAll(async () => {
  server = createServer((req, res) => void current(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  resource = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
  as = await startAuthorizationServer([resource]);
  const metadata = protectedResourceMetadata({
    resource,
    authorizationServers: [as.issuer],
    scopesSupported: ['tools:read', 'tools:call'],
  });
  current = handler(
    createJwtVerifier({ issuer: as.issuer, audience: resource, jwksUri: as.jwksUri }),
    metadata,
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await as.close();
});

function challengeParams(header: string | null): Record<string, string> {
  expect(header).toMatch(/^Bearer /);
  return Object.fromEntries([...header!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('a client with no token', () => {
  it('is led from the 401 to the metadata, to the authorization server, to a token, and in', async () => {
    const first = await fetch(resource);
    expect(first.status).toBe(401);
    const params = challengeParams(first.headers.get('www-authenticate'));
    expect(params).toEqual({
      resource_metadata: `${new URL(resource).origin}/.well-known/oauth-protected-resource/mcp`,
      scope: 'tools:read',
    });
    const metadata = (await (await fetch(params.resource_metadata!)).json()) as {
      resource: string;
      authorization_servers: string[];
    };
    expect(metadata.resource).toBe(resource);
    const discovery = (await (
      await fetch(`${metadata.authorization_servers[0]}/.well-known/openid-configuration`)
    ).json()) as { token_endpoint: string };
    expect(discovery.token_endpoint).toBe(`${as.issuer}/token`);
    const token = await as.token({ resource: metadata.resource, scope: params.scope! });
    const served = await fetch(resource, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(await served.json()).toEqual({ consumer: 'agent' });
  });

  it('finds the metadata at the root form too', async () => {
    const root = await fetch(`${new URL(resource).origin}/.well-known/oauth-protected-resource`);
    expect(root.status).toBe(200);
    expect(((await root.json()) as { resource: string }).resource).toBe(resource);
  });
});

describe('a client with a token', () => {
  it('without the scope a request needs gets 403 insufficient_scope naming the scopes', async () => {
    const token = await as.token({ resource, scope: 'tools:read' });
    const response = await fetch(`${resource}/write`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(403);
    expect(challengeParams(response.headers.get('www-authenticate'))).toMatchObject({
      error: 'insufficient_scope',
      scope: 'tools:read tools:call',
    });
  });

  it('with the scope is served', async () => {
    const token = await as.token({ resource, scope: 'tools:read tools:call' });
    const response = await fetch(`${resource}/write`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });

  it('for another resource gets 401 invalid_token', async () => {
    const token = await as.token({ resource: 'https://mcp.example.test/mcp' });
    const response = await fetch(resource, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect(challengeParams(response.headers.get('www-authenticate')).error).toBe('invalid_token');
  });

  it.each([
    ['a canary', `${CANARY}.${CANARY}.${CANARY}`],
    ['a canary outside the alphabet', `${CANARY}"<script>`],
    ['a 12 KB canary', CANARY.repeat(300)],
  ])('that is %s gets 401 with nothing of it in the response', async (_, token) => {
    const response = await fetch(resource, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    const everything = `${JSON.stringify([...response.headers])}${await response.text()}`;
    expect(everything).not.toContain(CANARY);
  });
});

describe('a key set outage', () => {
  it('answers 503 with retry-after, never 200', async () => {
    const saved = current;
    const metadata = protectedResourceMetadata({ resource, authorizationServers: [as.issuer] });
    current = handler(
      createJwtVerifier({
        issuer: as.issuer,
        audience: resource,
        jwksUri: 'http://127.0.0.1:9/jwks',
        timeoutMs: 300,
      }),
      metadata,
    );
    try {
      const token = await as.token({ resource });
      const response = await fetch(resource, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
    } finally {
      current = saved;
    }
  });
});
