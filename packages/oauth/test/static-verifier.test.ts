/*
 * Guards the static tokens of a configuration: a configured token verifies as its consumer with
 * its scopes, by digest (the token itself is never configured); any other token, including one a
 * byte away, is UNKNOWN_TOKEN; entries are judged at construction; and a chain of verifiers
 * takes the first that verifies, reports an outage over a bad token, and never throws.
 */
import { describe, expect, it } from 'vitest';
import {
  createStaticTokenVerifier,
  createVerifierChain,
  hashToken,
  OAuthError,
  type TokenVerifier,
} from '../src/index.ts';

const TOKEN = 'static-token-for-alice-0123456789';
const verifier = createStaticTokenVerifier({
  tokens: [
    { consumer: 'alice', tokenSha256: hashToken(TOKEN), scopes: ['tools:read'] },
    { consumer: 'bob', tokenSha256: hashToken('static-token-for-bob-0123456789').toUpperCase() },
  ],
});

describe('static tokens', () => {
  it('verify as their consumer, with their scopes', async () => {
    expect(await verifier.verify(TOKEN)).toEqual({
      ok: true,
      value: { consumer: 'alice', scopes: ['tools:read'] },
    });
    expect(await verifier.verify('static-token-for-bob-0123456789')).toEqual({
      ok: true,
      value: { consumer: 'bob', scopes: [] },
    });
  });

  it.each([
    ['one byte away', `${TOKEN.slice(0, -1)}8`],
    ['a prefix', TOKEN.slice(0, 10)],
    ['longer', `${TOKEN}0`],
    ['the digest itself', hashToken(TOKEN)],
  ])('refuse a token %s', async (_, token) => {
    expect(await verifier.verify(token)).toEqual({
      ok: false,
      refusal: { code: 'UNKNOWN_TOKEN', status: 401 },
    });
  });

  it('refuse a token past the size bound or outside the bearer alphabet before hashing', async () => {
    expect(await verifier.verify('a'.repeat(8193))).toMatchObject({
      ok: false,
      refusal: { code: 'TOO_LARGE' },
    });
    expect(await verifier.verify('has space')).toMatchObject({
      ok: false,
      refusal: { code: 'MALFORMED' },
    });
    expect(await verifier.verify(42 as never)).toMatchObject({
      ok: false,
      refusal: { code: 'MALFORMED' },
    });
  });

  it.each([
    ['no list', { tokens: 'x' }, 'tokens'],
    [
      'an entry without consumer',
      { tokens: [{ tokenSha256: hashToken('a') }] },
      'tokens.0.consumer',
    ],
    [
      'a digest that is no SHA-256',
      { tokens: [{ consumer: 'a', tokenSha256: 'secret-token' }] },
      'tokens.0.tokenSha256',
    ],
    [
      'two entries with one digest',
      {
        tokens: [
          { consumer: 'a', tokenSha256: hashToken('t') },
          { consumer: 'b', tokenSha256: hashToken('t').toUpperCase() },
        ],
      },
      'tokens.1.tokenSha256',
    ],
    [
      'scopes with a space',
      { tokens: [{ consumer: 'a', tokenSha256: hashToken('t'), scopes: ['a b'] }] },
      'tokens.0.scopes',
    ],
  ])('refuse at construction %s, naming the entry and never the secret', (_, options, option) => {
    try {
      createStaticTokenVerifier(options as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).details.option).toBe(option);
      expect((error as OAuthError).message).not.toContain('secret-token');
    }
  });
});

describe('a chain of verifiers', () => {
  const down: TokenVerifier = {
    verify: async () => ({ ok: false, refusal: { code: 'UNAVAILABLE', status: 503 } }),
  };
  const throws: TokenVerifier = {
    verify: async () => {
      throw new Error('boom');
    },
  };
  const expired: TokenVerifier = {
    verify: async () => ({ ok: false, refusal: { code: 'EXPIRED', status: 401 } }),
  };

  it('takes the first that verifies', async () => {
    expect(await createVerifierChain([expired, verifier]).verify(TOKEN)).toMatchObject({
      ok: true,
      value: { consumer: 'alice' },
    });
  });

  it('returns the last refusal when none verifies', async () => {
    expect(await createVerifierChain([verifier, expired]).verify('other-token')).toMatchObject({
      ok: false,
      refusal: { code: 'EXPIRED' },
    });
  });

  it('reports an outage over a bad token, so a client is not told to drop a good one', async () => {
    expect(await createVerifierChain([down, expired]).verify('t')).toMatchObject({
      refusal: { code: 'UNAVAILABLE' },
    });
    expect(await createVerifierChain([throws, verifier]).verify('t')).toMatchObject({
      refusal: { code: 'UNAVAILABLE', status: 503 },
    });
  });

  it('needs at least one verifier', () => {
    expect(() => createVerifierChain([])).toThrow(OAuthError);
    expect(() => createVerifierChain([{} as never])).toThrow(OAuthError);
  });
});
