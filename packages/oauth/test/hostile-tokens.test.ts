/*
 * Guards the verifier against hostile tokens, with canaries in every claim and header field they
 * carry: alg none, HS256 signed with the issuer's public key, a foreign key under the issuer's
 * kid, an unknown kid, a wrong audience, expired, not yet valid, a foreign issuer, no exp, a
 * header naming a key URL (jku), critical extensions, bad JSON, a 1 MB token. None is admitted;
 * no result, error or log line carries a canary; and the key URL in a header is never fetched.
 */
import { createHmac, createPublicKey, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJwtVerifier, type TokenVerifier } from '../src/index.ts';
import {
  type AuthorizationServer,
  JWT_RESOURCE,
  startAuthorizationServer,
} from './fixtures/authorization-server.ts';
import {
  captureOutput,
  publicJwk,
  rawToken,
  sign,
  startEndpoint,
  type TestEndpoint,
} from './helpers.ts';

const CANARY = `CANARY${randomUUID().replaceAll('-', '')}`;

let as: AuthorizationServer;
let verifier: TokenVerifier;
let foreign: JWK;
let keyUrl: TestEndpoint;

beforeAll(async () => {
  as = await startAuthorizationServer();
  verifier = createJwtVerifier({ issuer: as.issuer, audience: JWT_RESOURCE, jwksUri: as.jwksUri });
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  foreign = { ...(await exportJWK(privateKey)), alg: 'ES256' };
  keyUrl = await startEndpoint((_req, res) =>
    res.end(JSON.stringify({ keys: [publicJwk(foreign)] })),
  );
});
afterAll(async () => {
  await as.close();
  await keyUrl.close();
});

const now = () => Math.floor(Date.now() / 1000);

/** Claims that would verify, each standard one spelled with a canary where the rules allow it. */
function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    iss: as.issuer,
    aud: JWT_RESOURCE,
    sub: `${CANARY}-sub`,
    client_id: `${CANARY}-client`,
    scope: `${CANARY}-scope`,
    jti: `${CANARY}-jti`,
    iat: now(),
    exp: now() + 300,
    [`${CANARY}-claim`]: `${CANARY}-value`,
    ...overrides,
  };
}

/** A header with canaries in every field the verifier does not itself require. */
function header(alg: string, kid: string, overrides: Record<string, unknown> = {}) {
  return {
    alg,
    kid,
    typ: `${CANARY}-typ`,
    cty: `${CANARY}-cty`,
    [`${CANARY}-h`]: CANARY,
    ...overrides,
  };
}

type Case = [name: string, make: () => Promise<string> | string, code: string];

const CASES: Case[] = [
  ['alg none', () => rawToken(header('none', 'es-key-1'), claims()), 'UNSUPPORTED_ALGORITHM'],
  ['alg NONE', () => rawToken(header('NONE', 'es-key-1'), claims()), 'UNSUPPORTED_ALGORITHM'],
  [
    'HS256 signed with the issuer’s RSA public key (PEM)',
    () => {
      const pem = createPublicKey({ key: publicJwk(as.privateKeys.rs256) as never, format: 'jwk' })
        .export({ type: 'spki', format: 'pem' })
        .toString();
      const signingInput = rawToken(header('HS256', 'rs-key-1'), claims()).slice(0, -1);
      const mac = createHmac('sha256', pem).update(signingInput).digest('base64url');
      return `${signingInput}.${mac}`;
    },
    'UNSUPPORTED_ALGORITHM',
  ],
  [
    'HS256 signed with the issuer’s public JWK as the secret',
    () => {
      const secret = JSON.stringify(publicJwk(as.privateKeys.es256));
      const signingInput = rawToken(header('HS256', 'es-key-1'), claims()).slice(0, -1);
      return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
    },
    'UNSUPPORTED_ALGORITHM',
  ],
  [
    'a foreign key under the issuer’s kid',
    () => sign(header('ES256', 'es-key-1'), claims(), foreign),
    'BAD_SIGNATURE',
  ],
  [
    'a foreign key under a canary kid',
    () => sign(header('ES256', `${CANARY}-kid`), claims(), foreign),
    'UNKNOWN_KEY',
  ],
  [
    'a foreign key named by a jku header',
    () =>
      sign(
        header('ES256', `${CANARY}-kid2`, { jku: keyUrl.url, x5u: keyUrl.url }),
        claims(),
        foreign,
      ),
    'UNKNOWN_KEY',
  ],
  [
    'a foreign key embedded as a jwk header',
    () => sign(header('ES256', 'es-key-1', { jwk: publicJwk(foreign) }), claims(), foreign),
    'BAD_SIGNATURE',
  ],
  [
    'the issuer’s key, a wrong audience',
    () => sign(header('ES256', 'es-key-1'), claims({ aud: `${CANARY}-aud` }), as.privateKeys.es256),
    'WRONG_AUDIENCE',
  ],
  [
    'the issuer’s key, audience as a list without us',
    () =>
      sign(
        header('ES256', 'es-key-1'),
        claims({ aud: [`${CANARY}-aud`, `${JWT_RESOURCE}/`] }),
        as.privateKeys.es256,
      ),
    'WRONG_AUDIENCE',
  ],
  [
    'the issuer’s key, audience as a list with us and another',
    () =>
      sign(
        header('ES256', 'es-key-1'),
        claims({ aud: [JWT_RESOURCE, `${CANARY}-aud`] }),
        as.privateKeys.es256,
      ),
    'WRONG_AUDIENCE',
  ],
  [
    'the issuer’s key, an empty audience list',
    () => sign(header('ES256', 'es-key-1'), claims({ aud: [] }), as.privateKeys.es256),
    'WRONG_AUDIENCE',
  ],
  [
    'the issuer’s key, a foreign issuer',
    () => sign(header('ES256', 'es-key-1'), claims({ iss: `${CANARY}-iss` }), as.privateKeys.es256),
    'WRONG_ISSUER',
  ],
  [
    'the issuer’s key, expired',
    () => sign(header('ES256', 'es-key-1'), claims({ exp: now() - 120 }), as.privateKeys.es256),
    'EXPIRED',
  ],
  [
    'the issuer’s key, no exp',
    () => sign(header('ES256', 'es-key-1'), claims({ exp: undefined }), as.privateKeys.es256),
    'EXPIRED',
  ],
  [
    'the issuer’s key, exp as a canary string',
    () => sign(header('ES256', 'es-key-1'), claims({ exp: `${CANARY}-exp` }), as.privateKeys.es256),
    'INVALID_CLAIMS',
  ],
  [
    'the issuer’s key, not yet valid',
    () => sign(header('ES256', 'es-key-1'), claims({ nbf: now() + 600 }), as.privateKeys.es256),
    'NOT_YET_VALID',
  ],
  [
    'the issuer’s key, issued in the future',
    () => sign(header('ES256', 'es-key-1'), claims({ iat: now() + 600 }), as.privateKeys.es256),
    'NOT_YET_VALID',
  ],
  [
    'the issuer’s key, a consumer with a line break',
    () =>
      sign(
        header('ES256', 'es-key-1'),
        claims({ sub: `${CANARY}\nforged log line` }),
        as.privateKeys.es256,
      ),
    'INVALID_CLAIMS',
  ],
  [
    'the issuer’s key, a consumer that is no string',
    () => sign(header('ES256', 'es-key-1'), claims({ sub: { [CANARY]: 1 } }), as.privateKeys.es256),
    'INVALID_CLAIMS',
  ],
  [
    'the issuer’s key, a scope with a quote',
    () => sign(header('ES256', 'es-key-1'), claims({ scope: `${CANARY}"x` }), as.privateKeys.es256),
    'INVALID_CLAIMS',
  ],
  [
    'the issuer’s key, a critical extension',
    () =>
      sign(
        header('ES256', 'es-key-1', { crit: [`${CANARY}-crit`], [`${CANARY}-crit`]: 1 }),
        claims(),
        as.privateKeys.es256,
      ),
    'MALFORMED',
  ],
  [
    'the issuer’s key, a payload that is no JSON',
    () => sign(header('ES256', 'es-key-1'), `${CANARY} not json`, as.privateKeys.es256),
    'MALFORMED',
  ],
  [
    'the issuer’s key, a payload that is a JSON list',
    () => sign(header('ES256', 'es-key-1'), `["${CANARY}"]`, as.privateKeys.es256),
    'MALFORMED',
  ],
  [
    'an unsigned token that is no JSON',
    () => rawToken(header('ES256', 'es-key-1'), `${CANARY} not json`, 'AAAA'),
    'BAD_SIGNATURE',
  ],
  [
    'a header that is no JSON',
    () => rawToken(`{"alg":"ES256","kid":"${CANARY}"`, claims(), 'AAAA'),
    'MALFORMED',
  ],
  [
    'a header without alg',
    () => rawToken({ kid: CANARY }, claims(), 'AAAA'),
    'UNSUPPORTED_ALGORITHM',
  ],
  [
    'two parts only',
    () => rawToken(header('ES256', 'es-key-1'), claims()).split('.').slice(0, 2).join('.'),
    'MALFORMED',
  ],
  [
    'a JWE (five parts)',
    () => `${rawToken({ alg: 'RSA-OAEP', enc: 'A256GCM', kid: CANARY }, CANARY)}.AAAA.AAAA.AAAA`,
    'MALFORMED',
  ],
  [
    'characters outside base64url',
    () => `${rawToken(header('ES256', 'es-key-1'), claims())}"${CANARY}<>`,
    'MALFORMED',
  ],
  [
    'a 1 MB token',
    () =>
      rawToken(
        header('ES256', 'es-key-1'),
        claims({ pad: CANARY.repeat(1 + (1 << 20) / CANARY.length) }),
        'AAAA',
      ),
    'TOO_LARGE',
  ],
  ['8 KiB and one byte', () => 'a'.repeat(8193), 'TOO_LARGE'],
];

describe('hostile tokens', () => {
  it.each(CASES)(
    '%s: refused, and no canary in the result or any output',
    async (_, make, code) => {
      const token = await make();
      const { result, output } = await captureOutput(() => verifier.verify(token));
      expect(result).toEqual({ ok: false, refusal: { code, status: 401 } });
      expect(JSON.stringify(result)).not.toContain(CANARY);
      expect(output).not.toContain(CANARY);
    },
  );

  it('never fetch a key URL named in a header', () => {
    expect(keyUrl.requests).toBe(0);
  });

  it('with canaries anywhere in the claims are refused unsigned and never echoed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(
          fc.string({ maxLength: 8 }),
          fc.string({ maxLength: 16 }).map((s) => `${CANARY}${s}`),
          {
            maxKeys: 6,
          },
        ),
        fc.constantFrom('none', 'HS256', 'ES256'),
        async (extra, alg) => {
          const payload = claims(extra);
          const token =
            alg === 'ES256'
              ? await sign(header('ES256', 'es-key-1'), payload, foreign)
              : rawToken(header(alg, 'es-key-1'), payload, alg === 'none' ? '' : 'AAAA');
          const { result, output } = await captureOutput(() => verifier.verify(token));
          expect(result.ok).toBe(false);
          expect(JSON.stringify(result)).not.toContain(CANARY);
          expect(output).not.toContain(CANARY);
        },
      ),
      { numRuns: 60 },
    );
  });
});
