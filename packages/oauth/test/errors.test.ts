/*
 * Pins the package's vocabulary (error codes, refusal codes, the constants a reader of the README
 * relies on) and guards how verifier options are judged: every malformed option throws
 * INVALID_OPTIONS naming it, and no message or detail repeats a configured value, secrets first.
 */
import { describe, expect, it } from 'vitest';
import {
  ASYMMETRIC_ALGORITHMS,
  createIntrospectionVerifier,
  createJwtVerifier,
  DEFAULT_ALGORITHMS,
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_MAX_TOKEN_BYTES,
  OAUTH_ERROR_CODES,
  OAuthError,
  TOKEN_REFUSAL_CODES,
} from '../src/index.ts';

const CANARY = 'CANARY-secret-5d1e';

describe('the vocabulary', () => {
  it('is pinned', () => {
    expect(OAUTH_ERROR_CODES).toEqual({
      INVALID_OPTIONS: 'INVALID_OPTIONS',
      DISCOVERY_FAILED: 'DISCOVERY_FAILED',
    });
    expect(Object.keys(TOKEN_REFUSAL_CODES)).toEqual([
      'MALFORMED',
      'TOO_LARGE',
      'UNSUPPORTED_ALGORITHM',
      'UNKNOWN_KEY',
      'BAD_SIGNATURE',
      'EXPIRED',
      'NOT_YET_VALID',
      'WRONG_ISSUER',
      'WRONG_AUDIENCE',
      'INVALID_CLAIMS',
      'INACTIVE',
      'UNKNOWN_TOKEN',
      'UNAVAILABLE',
    ]);
    expect(DEFAULT_MAX_TOKEN_BYTES).toBe(8192);
    expect(DEFAULT_CLOCK_SKEW_SECONDS).toBe(30);
  });

  it('allows asymmetric algorithms only', () => {
    for (const alg of ASYMMETRIC_ALGORITHMS)
      expect(alg).toMatch(/^(RS|PS|ES)\d{3}$|^EdDSA$|^Ed25519$/);
    for (const alg of DEFAULT_ALGORITHMS) expect(ASYMMETRIC_ALGORITHMS).toContain(alg);
  });
});

const JWT = {
  issuer: 'https://a.example',
  audience: 'https://r.example/mcp',
  jwksUri: 'https://a.example/jwks',
};
const INTROSPECTION = {
  endpoint: 'https://a.example/introspect',
  issuer: 'https://a.example',
  audience: 'https://r.example/mcp',
  clientId: 'rs',
  clientSecret: CANARY,
};

function optionAtFault(make: () => unknown): string | undefined {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(OAuthError);
    const e = error as OAuthError;
    expect(e.code).toBe('INVALID_OPTIONS');
    expect(e.message).not.toContain(CANARY);
    expect(JSON.stringify(e.details)).not.toContain(CANARY);
    return e.details.option;
  }
  throw new Error('expected an OAuthError');
}

describe('JWT verifier options', () => {
  it.each([
    ['no object', CANARY, 'options'],
    ['no issuer', { ...JWT, issuer: undefined }, 'issuer'],
    ['an issuer with a line break', { ...JWT, issuer: `https://a.example\n${CANARY}` }, 'issuer'],
    ['no audience', { ...JWT, audience: '' }, 'audience'],
    [
      'a JWKS over plain http off loopback',
      { ...JWT, jwksUri: `http://a.example/${CANARY}` },
      'jwksUri',
    ],
    [
      'a JWKS URL with credentials',
      { ...JWT, jwksUri: `https://u:${CANARY}@a.example/jwks` },
      'jwksUri',
    ],
    ['a JWKS that is no URL', { ...JWT, jwksUri: CANARY }, 'jwksUri'],
    ['HS256 among the algorithms', { ...JWT, algorithms: ['ES256', 'HS256'] }, 'algorithms'],
    ['none among the algorithms', { ...JWT, algorithms: ['none'] }, 'algorithms'],
    ['no algorithm', { ...JWT, algorithms: [] }, 'algorithms'],
    ['a skew past the most', { ...JWT, clockSkewSeconds: 301 }, 'clockSkewSeconds'],
    ['a negative skew', { ...JWT, clockSkewSeconds: -1 }, 'clockSkewSeconds'],
    ['a token bound of zero', { ...JWT, maxTokenBytes: 0 }, 'maxTokenBytes'],
    ['a timeout of zero', { ...JWT, timeoutMs: 0 }, 'timeoutMs'],
    ['a fractional cooldown', { ...JWT, cooldownMs: 1.5 }, 'cooldownMs'],
    ['an empty consumer claim', { ...JWT, consumerClaim: '' }, 'consumerClaim'],
    ['a clock that is no function', { ...JWT, clock: 5 }, 'clock'],
  ])('refuse %s', (_, options, option) => {
    expect(optionAtFault(() => createJwtVerifier(options as never))).toBe(option);
  });
});

describe('introspection verifier options', () => {
  it.each([
    ['no endpoint', { ...INTROSPECTION, endpoint: undefined }, 'endpoint'],
    [
      'an endpoint over plain http off loopback',
      { ...INTROSPECTION, endpoint: 'http://a.example/i' },
      'endpoint',
    ],
    ['no client secret', { ...INTROSPECTION, clientSecret: '' }, 'clientSecret'],
    [
      'a client secret with a control character',
      { ...INTROSPECTION, clientSecret: `${CANARY}\u0000` },
      'clientSecret',
    ],
    ['no client id', { ...INTROSPECTION, clientId: 7 }, 'clientId'],
    ['a timeout past a minute', { ...INTROSPECTION, timeoutMs: 60_001 }, 'timeoutMs'],
  ])('refuse %s', (_, options, option) => {
    expect(optionAtFault(() => createIntrospectionVerifier(options as never))).toBe(option);
  });
});

describe('a clock that answers no time', () => {
  it('refuses every token rather than judge exp against nothing', async () => {
    const verifier = createJwtVerifier({ ...JWT, clock: () => Number.NaN });
    const token = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJhIn0.AAAA';
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      refusal: { code: 'UNAVAILABLE', status: 503 },
    });
  });
});
