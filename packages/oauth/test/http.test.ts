/*
 * Guards what the HTTP layer sends: the bearer token is read from the Authorization header by
 * RFC 6750's rules; the RFC 9728 metadata document and its two paths; and the challenges (401
 * with resource_metadata, invalid_token, 403 insufficient_scope, 503), which are composed of
 * configuration and constant words alone, whatever refusal or token they answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  CHALLENGE_TEXTS,
  createChallenges,
  grantsFromScopes,
  missingScopes,
  OAuthError,
  PROTECTED_RESOURCE_METADATA_PATH,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  TOKEN_REFUSAL_CODES,
} from '../src/index.ts';

describe('the bearer token of a request', () => {
  it.each([
    ['Bearer abc.def-ghi_jkl~+/==', { ok: true, value: 'abc.def-ghi_jkl~+/==' }],
    ['bearer   token  ', { ok: true, value: 'token' }],
    ['BEARER t', { ok: true, value: 't' }],
    [undefined, { ok: false, refusal: { code: 'MISSING' } }],
    ['', { ok: false, refusal: { code: 'MISSING' } }],
    ['Basic dXNlcjpwYXNz', { ok: false, refusal: { code: 'MALFORMED' } }],
    ['Bearer', { ok: false, refusal: { code: 'MALFORMED' } }],
    ['Bearer a b', { ok: false, refusal: { code: 'MALFORMED' } }],
    ['Bearer a"b', { ok: false, refusal: { code: 'MALFORMED' } }],
    ['Bearer=abc', { ok: false, refusal: { code: 'MALFORMED' } }],
    [['Bearer a', 'Bearer b'], { ok: false, refusal: { code: 'MALFORMED' } }],
    [`Bearer ${'a'.repeat(8193)}`, { ok: false, refusal: { code: 'TOO_LARGE' } }],
    [`Bearer ${'a'.repeat(1 << 20)}`, { ok: false, refusal: { code: 'TOO_LARGE' } }],
  ])('%j reads as %j', (header, expected) => {
    expect(bearerToken(header as never)).toEqual(expected);
  });
});

describe('protected resource metadata', () => {
  it('names the resource, its authorization servers, the header method and the scopes', () => {
    expect(
      protectedResourceMetadata({
        resource: 'https://mcp.example.com/mcp',
        authorizationServers: ['https://auth.example.com'],
        scopesSupported: ['tools:read', 'tools:call'],
        resourceName: 'Example tools',
      }),
    ).toEqual({
      resource: 'https://mcp.example.com/mcp',
      authorization_servers: ['https://auth.example.com'],
      bearer_methods_supported: ['header'],
      scopes_supported: ['tools:read', 'tools:call'],
      resource_name: 'Example tools',
    });
  });

  it('is served at the path-suffixed form first, then the root form', () => {
    expect(protectedResourceMetadataPaths('https://mcp.example.com/mcp')).toEqual([
      '/.well-known/oauth-protected-resource/mcp',
      PROTECTED_RESOURCE_METADATA_PATH,
    ]);
    expect(protectedResourceMetadataPaths('https://mcp.example.com/a/b/')).toEqual([
      '/.well-known/oauth-protected-resource/a/b',
      '/.well-known/oauth-protected-resource',
    ]);
    expect(protectedResourceMetadataPaths('https://mcp.example.com')).toEqual([
      PROTECTED_RESOURCE_METADATA_PATH,
    ]);
    expect(protectedResourceMetadataUrl('https://mcp.example.com:8443/mcp')).toBe(
      'https://mcp.example.com:8443/.well-known/oauth-protected-resource/mcp',
    );
  });

  it.each([
    [
      'a resource over plain http off loopback',
      { resource: 'http://mcp.example.com/mcp', authorizationServers: ['https://a.example'] },
      'resource',
    ],
    [
      'a resource with a query',
      { resource: 'https://mcp.example.com/mcp?x=1', authorizationServers: ['https://a.example'] },
      'resource',
    ],
    [
      'a resource with a fragment',
      { resource: 'https://mcp.example.com/mcp#x', authorizationServers: ['https://a.example'] },
      'resource',
    ],
    [
      'no authorization server',
      { resource: 'https://mcp.example.com/mcp', authorizationServers: [] },
      'authorizationServers',
    ],
    [
      'an authorization server that is no URL',
      { resource: 'https://m.example/mcp', authorizationServers: ['auth'] },
      'authorizationServers.0',
    ],
    [
      'a scope with a quote',
      {
        resource: 'https://m.example/mcp',
        authorizationServers: ['https://a.example'],
        scopesSupported: ['a"b'],
      },
      'scopesSupported',
    ],
  ])('refuses %s', (_, options, option) => {
    try {
      protectedResourceMetadata(options as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(OAuthError);
      expect((error as OAuthError).details.option).toBe(option);
    }
  });

  it('allows plain http on loopback, for development', () => {
    expect(protectedResourceMetadataUrl('http://127.0.0.1:3000/mcp')).toBe(
      'http://127.0.0.1:3000/.well-known/oauth-protected-resource/mcp',
    );
  });
});

describe('challenges', () => {
  const metadata = 'https://mcp.example.com/.well-known/oauth-protected-resource/mcp';
  const challenges = createChallenges({ resourceMetadata: metadata, scopes: ['tools:read'] });

  it('answer a request without a token 401, naming the metadata and scopes, with no error code', () => {
    expect(challenges.missingToken()).toEqual({
      status: 401,
      headers: {
        'cache-control': 'no-store',
        'content-type': 'application/json',
        'www-authenticate': `Bearer resource_metadata="${metadata}", scope="tools:read"`,
      },
      body: JSON.stringify({ error: 'unauthorized', error_description: CHALLENGE_TEXTS.missing }),
    });
  });

  it('answer a token that does not verify 401 invalid_token', () => {
    const response = challenges.invalidToken();
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description="${CHALLENGE_TEXTS.invalid_token}", resource_metadata="${metadata}"`,
    );
  });

  it('answer a token without a needed scope 403 insufficient_scope, naming the scopes needed', () => {
    const response = challenges.insufficientScope(['tools:call', 'admin']);
    expect(response.status).toBe(403);
    expect(response.headers['www-authenticate']).toBe(
      `Bearer error="insufficient_scope", scope="tools:call admin", error_description="${CHALLENGE_TEXTS.insufficient_scope}", resource_metadata="${metadata}"`,
    );
    expect(() => challenges.insufficientScope(['a"b'])).toThrow(OAuthError);
  });

  it('answer an outage 503 with retry-after and no challenge', () => {
    expect(challenges.unavailable()).toMatchObject({
      status: 503,
      headers: { 'retry-after': '5' },
    });
    expect(challenges.unavailable().headers['www-authenticate']).toBeUndefined();
  });

  it('map every refusal code to one response', () => {
    for (const code of Object.values(TOKEN_REFUSAL_CODES)) {
      const response = challenges.forRefusal({ code, status: code === 'UNAVAILABLE' ? 503 : 401 });
      expect(response).toBe(
        code === 'UNAVAILABLE' ? challenges.unavailable() : challenges.invalidToken(),
      );
    }
    expect(challenges.forRefusal({ code: 'MISSING' })).toBe(challenges.missingToken());
    expect(challenges.forRefusal({ code: 'MALFORMED' })).toBe(challenges.invalidToken());
    expect(challenges.forRefusal({ code: 'TOO_LARGE' })).toBe(challenges.invalidToken());
  });

  it('never carry anything of a request’s header', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 64 }), (text) => {
        const header = `Bearer CANARY${text}`;
        const read = bearerToken(header);
        const response = read.ok ? challenges.invalidToken() : challenges.forRefusal(read.refusal);
        expect(JSON.stringify(response)).not.toContain('CANARY');
      }),
    );
  });

  it('refuse a metadata URL that is no URL', () => {
    expect(() => createChallenges({ resourceMetadata: 'not a url' })).toThrow(OAuthError);
    // A quote in a path is percent-encoded, so it cannot end the quoted string.
    const odd = createChallenges({ resourceMetadata: 'https://m.example/a"b' });
    expect(odd.missingToken().headers['www-authenticate']).toBe(
      'Bearer resource_metadata="https://m.example/a%22b"',
    );
  });
});

describe('scopes', () => {
  const map = { 'tools:read': ['search', 'fetch'], 'tools:call': ['fetch', 'write'] };

  it('grant the union of the tools their scopes name', () => {
    expect([...grantsFromScopes(['tools:read', 'tools:call', 'unknown'], map)].sort()).toEqual([
      'fetch',
      'search',
      'write',
    ]);
    expect(grantsFromScopes([], map).size).toBe(0);
    expect(grantsFromScopes(['__proto__', 'constructor', 'toString'], map).size).toBe(0);
  });

  it('say which required scopes are missing', () => {
    expect(missingScopes(['tools:read'], ['tools:read', 'tools:call'])).toEqual(['tools:call']);
    expect(missingScopes(['a', 'b'], ['b'])).toEqual([]);
  });
});
