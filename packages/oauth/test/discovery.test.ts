/*
 * Guards discovery of the authorization server from its issuer alone: the real authorization
 * server's metadata gives the JWKS and introspection endpoints that then verify its tokens; a
 * document naming another issuer (mix-up), an endpoint that is missing, slow, not JSON, or names
 * a plain-http endpoint off loopback stops the start with DISCOVERY_FAILED.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizationServerMetadataUrls,
  createJwtVerifier,
  discoverAuthorizationServer,
  OAuthError,
} from '../src/index.ts';
import {
  type AuthorizationServer,
  JWT_RESOURCE,
  startAuthorizationServer,
} from './fixtures/authorization-server.ts';
import { startEndpoint, type TestEndpoint } from './helpers.ts';

let as: AuthorizationServer;
const open: TestEndpoint[] = [];
beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(() => as.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((endpoint) => endpoint.close()));
});

describe('discovery', () => {
  it('asks RFC 8414’s URL first, then OpenID Connect’s', () => {
    expect(authorizationServerMetadataUrls('https://auth.example.com/tenant/a')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server/tenant/a',
      'https://auth.example.com/tenant/a/.well-known/openid-configuration',
    ]);
    expect(authorizationServerMetadataUrls('https://auth.example.com')).toEqual([
      'https://auth.example.com/.well-known/oauth-authorization-server',
      'https://auth.example.com/.well-known/openid-configuration',
    ]);
  });

  it('of the real authorization server gives endpoints that verify its tokens', async () => {
    const metadata = await discoverAuthorizationServer(as.issuer);
    expect(metadata).toMatchObject({
      issuer: as.issuer,
      jwksUri: as.jwksUri,
      introspectionEndpoint: as.introspectionEndpoint,
    });
    const verifier = createJwtVerifier({
      issuer: metadata.issuer,
      audience: JWT_RESOURCE,
      jwksUri: metadata.jwksUri!,
    });
    expect((await verifier.verify(await as.token({ resource: JWT_RESOURCE }))).ok).toBe(true);
  });

  async function served(answer: (res: ServerResponse, issuer: string) => void): Promise<string> {
    let issuer = '';
    const endpoint = await startEndpoint((_req, res) => answer(res, issuer));
    open.push(endpoint);
    issuer = new URL(endpoint.url).origin;
    return issuer;
  }

  const json = (res: ServerResponse, body: unknown) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  it.each<[string, (res: ServerResponse, issuer: string) => void]>([
    [
      'names another issuer',
      (res) => json(res, { issuer: 'https://evil.example', jwks_uri: 'https://evil.example/jwks' }),
    ],
    [
      'names the issuer with a trailing slash',
      (res, issuer) => json(res, { issuer: `${issuer}/` }),
    ],
    ['is not found', (res) => res.writeHead(404).end()],
    ['is no JSON', (res) => res.writeHead(200).end('<html>')],
    ['is a JSON list', (res) => json(res, [])],
    ['never answers', () => {}],
    [
      'names a plain-http JWKS off loopback',
      (res, issuer) => json(res, { issuer, jwks_uri: 'http://keys.example/jwks' }),
    ],
  ])('stops the start when the metadata %s', async (_, answer) => {
    const issuer = await served(answer);
    await expect(discoverAuthorizationServer(issuer, { timeoutMs: 300 })).rejects.toMatchObject({
      name: 'OAuthError',
      code: 'DISCOVERY_FAILED',
    });
  });

  it('refuses an issuer that is no https URL before asking anything', async () => {
    await expect(discoverAuthorizationServer('http://auth.example.com')).rejects.toBeInstanceOf(
      OAuthError,
    );
  });
});
