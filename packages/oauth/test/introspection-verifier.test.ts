/*
 * Guards introspection (RFC 7662) against the real authorization server: an opaque token it
 * issued for this resource verifies, with the consumer from client_id; a token for another
 * resource, an unknown token, or one past its expiry is refused; and an endpoint that is slow,
 * down, or answers outside the rules (not active, foreign issuer, no exp, a refresh token, no
 * JSON, too much) refuses and never admits. Nothing of a token reaches a result or any output.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createIntrospectionVerifier,
  type IntrospectionVerifierOptions,
  MAX_RESPONSE_BYTES,
} from '../src/index.ts';
import {
  type AuthorizationServer,
  CLIENTS,
  JWT_RESOURCE,
  OPAQUE_RESOURCE,
  startAuthorizationServer,
} from './fixtures/authorization-server.ts';
import { captureOutput, startEndpoint, type TestEndpoint } from './helpers.ts';

const CANARY = `CANARY${randomUUID().replaceAll('-', '')}`;
let as: AuthorizationServer;
const open: TestEndpoint[] = [];

beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(() => as.close());
afterEach(async () => {
  await Promise.all(open.splice(0).map((endpoint) => endpoint.close()));
});

function verifier(overrides: Partial<IntrospectionVerifierOptions> = {}) {
  return createIntrospectionVerifier({
    endpoint: as.introspectionEndpoint,
    issuer: as.issuer,
    audience: OPAQUE_RESOURCE,
    clientId: CLIENTS.resourceServer.id,
    clientSecret: CLIENTS.resourceServer.secret,
    consumerClaim: 'client_id',
    ...overrides,
  });
}

describe('an opaque token the authorization server issued', () => {
  it('for this resource verifies, with the consumer and scopes', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE, scope: 'tools:call' });
    expect(await verifier().verify(token)).toEqual({
      ok: true,
      value: { consumer: CLIENTS.agent.id, scopes: ['tools:call'], expiresAt: expect.any(Number) },
    });
  });

  it('for another resource is refused (wrong audience)', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE });
    expect(await verifier({ audience: JWT_RESOURCE }).verify(token)).toEqual({
      ok: false,
      refusal: { code: 'WRONG_AUDIENCE', status: 401 },
    });
  });

  it('is refused past its expiry beyond the skew', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE });
    const later = Date.now() + 300_000 + 31_000;
    expect(await verifier({ clock: () => later }).verify(token)).toMatchObject({
      ok: false,
      refusal: { code: 'EXPIRED' },
    });
  });

  it('is refused when another issuer is expected', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE });
    expect(
      await verifier({ issuer: 'https://elsewhere.example.test' }).verify(token),
    ).toMatchObject({
      ok: false,
      refusal: { code: 'WRONG_ISSUER' },
    });
  });

  it('under a wrong client secret refuses as unavailable, never admits', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE });
    expect(await verifier({ clientSecret: 'not-the-secret' }).verify(token)).toEqual({
      ok: false,
      refusal: { code: 'UNAVAILABLE', status: 503 },
    });
  });
});

describe('an unknown token', () => {
  it('is inactive, and neither result nor output carries it', async () => {
    const token = `${CANARY}-opaque`;
    const { result, output } = await captureOutput(() => verifier().verify(token));
    expect(result).toEqual({ ok: false, refusal: { code: 'INACTIVE', status: 401 } });
    expect(output).not.toContain(CANARY);
  });
});

describe('an introspection endpoint that answers outside the rules', () => {
  const exp = () => Math.floor(Date.now() / 1000) + 60;
  const base = () => ({
    active: true,
    iss: 'https://issuer.example.test',
    aud: OPAQUE_RESOURCE,
    exp: exp(),
    sub: 'alice',
  });
  const cases: [string, (res: ServerResponse) => void, string][] = [
    [
      'answers active: "true"',
      (res) => res.end(JSON.stringify({ ...base(), active: 'true' })),
      'INACTIVE',
    ],
    [
      'answers active: false with claims',
      (res) => res.end(JSON.stringify({ ...base(), active: false })),
      'INACTIVE',
    ],
    [
      'answers a refresh token',
      (res) => res.end(JSON.stringify({ ...base(), token_type: 'refresh_token' })),
      'INVALID_CLAIMS',
    ],
    ['answers no exp', (res) => res.end(JSON.stringify({ ...base(), exp: undefined })), 'EXPIRED'],
    [
      'answers a future nbf',
      (res) => res.end(JSON.stringify({ ...base(), nbf: exp() + 3600 })),
      'NOT_YET_VALID',
    ],
    [
      'answers a foreign issuer',
      (res) => res.end(JSON.stringify({ ...base(), iss: CANARY })),
      'WRONG_ISSUER',
    ],
    [
      'answers an audience list with another resource',
      (res) => res.end(JSON.stringify({ ...base(), aud: [OPAQUE_RESOURCE, CANARY] })),
      'WRONG_AUDIENCE',
    ],
    [
      'answers no audience',
      (res) => res.end(JSON.stringify({ ...base(), aud: undefined })),
      'WRONG_AUDIENCE',
    ],
    [
      'answers a consumer with a control character',
      (res) => res.end(JSON.stringify({ ...base(), sub: `${CANARY}\u0007` })),
      'INVALID_CLAIMS',
    ],
    ['answers 500', (res) => res.writeHead(500).end(JSON.stringify(base())), 'UNAVAILABLE'],
    [
      'answers HTML',
      (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>'),
      'UNAVAILABLE',
    ],
    ['answers broken JSON', (res) => res.end('{"active": true,'), 'UNAVAILABLE'],
    ['answers a list', (res) => res.end('[true]'), 'UNAVAILABLE'],
    [
      'answers too much',
      (res) => res.end(JSON.stringify({ ...base(), pad: 'x'.repeat(MAX_RESPONSE_BYTES) })),
      'UNAVAILABLE',
    ],
    [
      'answers after the timeout',
      (res) => setTimeout(() => res.end(JSON.stringify(base())), 1500).unref(),
      'UNAVAILABLE',
    ],
    ['never answers', () => {}, 'UNAVAILABLE'],
  ];

  it.each(cases)('that %s is refused %s', async (_, answer, code) => {
    const server = await startEndpoint((_req, res) => {
      if (!res.headersSent && !res.hasHeader('content-type'))
        res.setHeader('content-type', 'application/json');
      answer(res);
    });
    open.push(server);
    const v = createIntrospectionVerifier({
      endpoint: server.url,
      issuer: 'https://issuer.example.test',
      audience: OPAQUE_RESOURCE,
      clientId: 'rs',
      clientSecret: 'secret',
      timeoutMs: 300,
    });
    const { result, output } = await captureOutput(() => v.verify(`${CANARY}token`));
    expect(result).toEqual({
      ok: false,
      refusal: { code, status: code === 'UNAVAILABLE' ? 503 : 401 },
    });
    expect(JSON.stringify(result)).not.toContain(CANARY);
    expect(output).not.toContain(CANARY);
  });

  it('is sent the token with HTTP Basic client authentication and the access-token hint', async () => {
    let seen: { authorization: string | undefined; body: string } = {
      authorization: undefined,
      body: '',
    };
    const server = await startEndpoint((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen = { authorization: req.headers.authorization, body };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(base()));
      });
    });
    open.push(server);
    const v = createIntrospectionVerifier({
      endpoint: server.url,
      issuer: 'https://issuer.example.test',
      audience: OPAQUE_RESOURCE,
      clientId: 'rs:1',
      clientSecret: 's3cret/+',
    });
    expect(await v.verify('opaque-token')).toMatchObject({
      ok: true,
      value: { consumer: 'alice' },
    });
    expect(seen.authorization).toBe(
      `Basic ${Buffer.from('rs%3A1:s3cret%2F%2B').toString('base64')}`,
    );
    expect(new URLSearchParams(seen.body).get('token')).toBe('opaque-token');
    expect(new URLSearchParams(seen.body).get('token_type_hint')).toBe('access_token');
  });

  it('is never sent a token past the size bound', async () => {
    const server = await startEndpoint((_req, res) => res.end('{}'));
    open.push(server);
    const v = createIntrospectionVerifier({
      endpoint: server.url,
      issuer: 'https://issuer.example.test',
      audience: OPAQUE_RESOURCE,
      clientId: 'rs',
      clientSecret: 'secret',
    });
    expect(await v.verify('a'.repeat(1 << 20))).toMatchObject({
      ok: false,
      refusal: { code: 'TOO_LARGE' },
    });
    expect(server.requests).toBe(0);
  });
});
