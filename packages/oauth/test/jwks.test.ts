/*
 * Guards the key set: keys are fetched once and cached; an unknown kid refreshes them, at most
 * once per cooldown however many tokens name unknown kids; and a JWKS that answers slowly, not at
 * all, with an error, with nonsense or with too much refuses every token (503) and admits none,
 * while one that answers within the timeout serves; after a failed fetch none is tried for the
 * failure cooldown (cached keys still serve), so unknown kids cannot drive one fetch each.
 */

import type { ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier, MAX_RESPONSE_BYTES } from '../src/index.ts';
import { publicJwk, sign, startEndpoint, type TestEndpoint } from './helpers.ts';

const ISSUER = 'https://issuer.example.test';
const AUDIENCE = 'https://mcp.example.test/mcp';
let first: JWK;
let second: JWK;
const open: TestEndpoint[] = [];

beforeAll(async () => {
  const key = async (kid: string) => ({
    ...(await exportJWK((await generateKeyPair('ES256', { extractable: true })).privateKey)),
    kid,
    alg: 'ES256',
  });
  first = await key('first');
  second = await key('second');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((endpoint) => endpoint.close()));
});

async function endpoint(answer: (res: ServerResponse) => void): Promise<TestEndpoint> {
  const started = await startEndpoint((_req, res) => answer(res));
  open.push(started);
  return started;
}

function tokenFor(key: JWK): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { alg: 'ES256', kid: key.kid },
    { iss: ISSUER, aud: AUDIENCE, sub: 'alice', exp: now + 60 },
    key,
  );
}

function jwks(...keys: JWK[]): string {
  return JSON.stringify({ keys: keys.map(publicJwk) });
}

describe('the key set', () => {
  it('is fetched once and cached', async () => {
    const server = await endpoint((res) => res.end(jwks(first)));
    const verifier = createJwtVerifier({ issuer: ISSUER, audience: AUDIENCE, jwksUri: server.url });
    const token = await tokenFor(first);
    for (let i = 0; i < 5; i++) expect((await verifier.verify(token)).ok).toBe(true);
    expect(server.requests).toBe(1);
  });

  it('is refreshed when a token names a kid it does not hold', async () => {
    let keys = [first];
    const server = await endpoint((res) => res.end(jwks(...keys)));
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      cooldownMs: 0,
    });
    expect((await verifier.verify(await tokenFor(first))).ok).toBe(true);
    keys = [first, second];
    expect(await verifier.verify(await tokenFor(second))).toMatchObject({
      ok: true,
      value: { consumer: 'alice' },
    });
    expect(server.requests).toBe(2);
  });

  it('is refreshed at most once per cooldown, however many unknown kids arrive', async () => {
    const server = await endpoint((res) => res.end(jwks(first)));
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      cooldownMs: 60_000,
    });
    const stranger = await tokenFor(second);
    const results = await Promise.all(Array.from({ length: 50 }, () => verifier.verify(stranger)));
    expect(results.every((r) => !r.ok && r.refusal.code === 'UNKNOWN_KEY')).toBe(true);
    for (let i = 0; i < 20; i++) await verifier.verify(stranger);
    expect(server.requests).toBe(1);
  });
});

describe('a key set that cannot be had', () => {
  const outages: [string, (res: ServerResponse) => void][] = [
    ['answers after the timeout', (res) => setTimeout(() => res.end(jwks(first)), 1500).unref()],
    ['never answers', () => {}],
    ['answers 500', (res) => res.writeHead(500).end(jwks(first))],
    ['redirects elsewhere', (res) => res.writeHead(302, { location: 'http://127.0.0.1:9/' }).end()],
    ['answers no JSON', (res) => res.end('<html>maintenance</html>')],
    ['answers JSON that is no key set', (res) => res.end('{"keys": "none"}')],
    [
      'answers more than the bound',
      (res) => res.end(`{"keys":[],"pad":"${'x'.repeat(MAX_RESPONSE_BYTES)}"}`),
    ],
    [
      'streams more than the bound without a length',
      (res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = (): void => {
          if (res.destroyed || sent > 2 * MAX_RESPONSE_BYTES) {
            res.end();
            return;
          }
          sent += chunk.length;
          res.write(chunk, more);
        };
        res.write('{"keys":[],"pad":"', more);
      },
    ],
  ];

  it.each(outages)('that %s refuses with 503, never admits', async (_, answer) => {
    const server = await endpoint(answer);
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      timeoutMs: 300,
    });
    const result = await verifier.verify(await tokenFor(first));
    expect(result).toEqual({ ok: false, refusal: { code: 'UNAVAILABLE', status: 503 } });
  });

  it('because nothing listens refuses with 503', async () => {
    const server = await endpoint((res) => res.end());
    const url = server.url;
    await server.close();
    open.length = 0;
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: url,
      timeoutMs: 300,
    });
    expect(await verifier.verify(await tokenFor(first))).toEqual({
      ok: false,
      refusal: { code: 'UNAVAILABLE', status: 503 },
    });
  });

  it('slowly but within the timeout still serves', async () => {
    const server = await endpoint((res) => setTimeout(() => res.end(jwks(first)), 100).unref());
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      timeoutMs: 2000,
    });
    expect((await verifier.verify(await tokenFor(first))).ok).toBe(true);
  });

  it('is asked again once the failure cooldown has passed, and then serves', async () => {
    let down = true;
    const server = await endpoint((res) =>
      down ? res.writeHead(503).end() : res.end(jwks(first)),
    );
    let now = Date.now();
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      timeoutMs: 300,
      failureCooldownMs: 5000,
      clock: () => now,
    });
    const token = await tokenFor(first);
    expect((await verifier.verify(token)).ok).toBe(false);
    down = false;
    // Within the cooldown nothing is fetched, so the issuer's recovery is not seen yet.
    now += 4000;
    expect(await verifier.verify(token)).toMatchObject({ ok: false, refusal: { status: 503 } });
    expect(server.requests).toBe(1);
    now += 1001;
    expect((await verifier.verify(token)).ok).toBe(true);
    expect(server.requests).toBe(2);
  });

  it('is fetched once per failure cooldown while down, however many unknown kids arrive', async () => {
    const server = await endpoint((res) => res.writeHead(500).end());
    let now = Date.now();
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      timeoutMs: 300,
      clock: () => now,
    });
    const forged = await Promise.all(
      Array.from({ length: 100 }, (_, i) => tokenFor({ ...second, kid: `unknown-${i}` })),
    );
    for (const token of forged) {
      expect(await verifier.verify(token)).toMatchObject({ ok: false, refusal: { status: 503 } });
      now += 10;
    }
    expect(server.requests).toBe(1);
    // Past the default cooldown (5 s), one more.
    now += 5000;
    await verifier.verify(forged[0] as string);
    expect(server.requests).toBe(2);
  });

  it('keeps serving cached keys through an outage, and refuses a new kid as unavailable', async () => {
    let down = false;
    const server = await endpoint((res) =>
      down ? res.writeHead(500).end() : res.end(jwks(first)),
    );
    const verifier = createJwtVerifier({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: server.url,
      timeoutMs: 300,
      cooldownMs: 0,
    });
    const known = await tokenFor(first);
    expect((await verifier.verify(known)).ok).toBe(true);
    down = true;
    const rotated = await tokenFor(second);
    for (let i = 0; i < 10; i++) {
      expect(await verifier.verify(rotated)).toMatchObject({ ok: false, refusal: { status: 503 } });
      expect((await verifier.verify(known)).ok).toBe(true);
    }
    // The first and the one refresh the new kid caused.
    expect(server.requests).toBe(2);
  });
});
