/*
 * Guards JWT verification against a real authorization server (oidc-provider on 127.0.0.1): a
 * token it issued for this resource verifies, with the consumer from the configured claim and the
 * scopes; a token for another resource, expired, not yet valid, or from another issuer is refused
 * with the code that says so, and the stated skew is exactly the one applied.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier, type JwtVerifierOptions } from '../src/index.ts';
import {
  type AuthorizationServer,
  CLIENTS,
  JWT_RESOURCE,
  OPAQUE_RESOURCE,
  startAuthorizationServer,
} from './fixtures/authorization-server.ts';

let as: AuthorizationServer;
beforeAll(async () => {
  as = await startAuthorizationServer();
});
afterAll(() => as.close());

function verifier(overrides: Partial<JwtVerifierOptions> = {}) {
  return createJwtVerifier({
    issuer: as.issuer,
    audience: JWT_RESOURCE,
    jwksUri: as.jwksUri,
    ...overrides,
  });
}

describe('a token the authorization server issued for this resource', () => {
  it('verifies, with the consumer from sub and the scopes it was given', async () => {
    const token = await as.token({ resource: JWT_RESOURCE, scope: 'tools:read' });
    const result = await verifier().verify(token);
    expect(result).toEqual({
      ok: true,
      value: { consumer: CLIENTS.agent.id, scopes: ['tools:read'], expiresAt: expect.any(Number) },
    });
    expect(result.ok && result.value.expiresAt! - Date.now()).toBeGreaterThan(290_000);
  });

  it('names the consumer from client_id when configured so', async () => {
    const token = await as.token({ resource: JWT_RESOURCE, clientId: CLIENTS.other.id });
    const result = await verifier({ consumerClaim: 'client_id' }).verify(token);
    expect(result.ok && result.value).toMatchObject({
      consumer: CLIENTS.other.id,
      scopes: ['tools:read', 'tools:call'],
    });
  });

  it('carries the RFC 9068 type, which a verifier may require', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    expect((await verifier({ type: 'at+jwt' }).verify(token)).ok).toBe(true);
    expect(await verifier({ type: 'jwt' }).verify(token)).toMatchObject({
      ok: false,
      refusal: { code: 'INVALID_CLAIMS' },
    });
  });

  it('is refused when the consumer claim is absent', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    expect(await verifier({ consumerClaim: 'email' }).verify(token)).toEqual({
      ok: false,
      refusal: { code: 'INVALID_CLAIMS', status: 401 },
    });
  });
});

describe('a token is refused', () => {
  it('when issued for another resource (wrong audience)', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    const result = await verifier({ audience: OPAQUE_RESOURCE }).verify(token);
    expect(result).toEqual({ ok: false, refusal: { code: 'WRONG_AUDIENCE', status: 401 } });
  });

  it('when its issuer is not exactly the configured one', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    expect(await verifier({ issuer: `${as.issuer}/` }).verify(token)).toMatchObject({
      ok: false,
      refusal: { code: 'WRONG_ISSUER' },
    });
  });

  it('once expired beyond the skew, and not before', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    const result = await verifier().verify(token);
    const exp = result.ok ? result.value.expiresAt! : 0;
    const at = (ms: number) => verifier({ clock: () => ms, clockSkewSeconds: 30 }).verify(token);
    expect((await at(exp + 29_000)).ok).toBe(true);
    expect(await at(exp + 31_000)).toEqual({
      ok: false,
      refusal: { code: 'EXPIRED', status: 401 },
    });
  });

  it('when issued in the future, beyond the skew', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    const iat = Date.now();
    const result = await verifier({ clock: () => iat - 120_000, clockSkewSeconds: 30 }).verify(
      token,
    );
    expect(result).toEqual({ ok: false, refusal: { code: 'NOT_YET_VALID', status: 401 } });
  });

  it('when its algorithm is not on the configured list', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    expect(await verifier({ algorithms: ['RS256'] }).verify(token)).toEqual({
      ok: false,
      refusal: { code: 'UNSUPPORTED_ALGORITHM', status: 401 },
    });
  });

  it('when a byte of its signature changes', async () => {
    const token = await as.token({ resource: JWT_RESOURCE });
    const [h, p, s] = token.split('.');
    const flipped = `${s!.slice(0, 10)}${s![10] === 'A' ? 'B' : 'A'}${s!.slice(11)}`;
    expect(await verifier().verify(`${h}.${p}.${flipped}`)).toMatchObject({
      ok: false,
      refusal: { code: 'BAD_SIGNATURE' },
    });
  });

  it('when it is an opaque token', async () => {
    const token = await as.token({ resource: OPAQUE_RESOURCE });
    expect(await verifier().verify(token)).toMatchObject({
      ok: false,
      refusal: { code: 'MALFORMED' },
    });
  });
});

describe('an audience', () => {
  it('given as a list holding only this resource verifies', async () => {
    const { sign } = await import('./helpers.ts');
    const now = Math.floor(Date.now() / 1000);
    const token = await sign(
      { alg: 'ES256', kid: 'es-key-1' },
      { iss: as.issuer, aud: [JWT_RESOURCE], sub: 'alice', exp: now + 60 },
      as.privateKeys.es256,
    );
    expect(await verifier().verify(token)).toMatchObject({
      ok: true,
      value: { consumer: 'alice' },
    });
  });
});
