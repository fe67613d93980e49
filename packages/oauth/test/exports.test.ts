/*
 * Pins the public surface: exactly these names, each of this kind. Adding, removing, renaming or
 * changing the kind of an export is a reviewed decision, made here.
 */
import { join } from 'node:path';
import { listSurface } from '@portcullis/vitest-config/surface';
import { describe, expect, it } from 'vitest';
import * as oauth from '../src/index.ts';

const SURFACE = {
  AuthorizationServerMetadata: 'interface',
  DiscoveryOptions: 'interface',
  authorizationServerMetadataUrls: 'function',
  discoverAuthorizationServer: 'function',
  ASYMMETRIC_ALGORITHMS: 'const',
  AsymmetricAlgorithm: 'type',
  BearerRefusalCode: 'type',
  BearerToken: 'type',
  CHALLENGE_TEXTS: 'const',
  ChallengeOptions: 'interface',
  ChallengeResponse: 'interface',
  Challenges: 'interface',
  DEFAULT_ALGORITHMS: 'const',
  DEFAULT_CLOCK_SKEW_SECONDS: 'const',
  DEFAULT_JWKS_COOLDOWN_MS: 'const',
  DEFAULT_JWKS_MAX_AGE_MS: 'const',
  DEFAULT_MAX_TOKEN_BYTES: 'const',
  DEFAULT_TIMEOUT_MS: 'const',
  IntrospectionVerifierOptions: 'interface',
  JwtVerifierOptions: 'interface',
  MAX_CLOCK_SKEW_SECONDS: 'const',
  MAX_RESPONSE_BYTES: 'const',
  OAUTH_ERROR_CODES: 'const',
  OAuthError: 'class',
  OAuthErrorCode: 'type',
  OAuthErrorDetails: 'interface',
  PROTECTED_RESOURCE_METADATA_PATH: 'const',
  ProtectedResourceMetadata: 'interface',
  ProtectedResourceMetadataOptions: 'interface',
  StaticTokenEntry: 'interface',
  StaticTokenVerifierOptions: 'interface',
  TOKEN_REFUSAL_CODES: 'const',
  TokenRefusal: 'interface',
  TokenRefusalCode: 'type',
  TokenVerification: 'type',
  TokenVerifier: 'interface',
  UNAVAILABLE_RETRY_AFTER_SECONDS: 'const',
  VerifiedToken: 'interface',
  bearerToken: 'function',
  createChallenges: 'function',
  createIntrospectionVerifier: 'function',
  createJwtVerifier: 'function',
  createStaticTokenVerifier: 'function',
  createVerifierChain: 'function',
  grantsFromScopes: 'function',
  hashToken: 'function',
  missingScopes: 'function',
  protectedResourceMetadata: 'function',
  protectedResourceMetadataPaths: 'function',
  protectedResourceMetadataUrl: 'function',
};

describe('@portcullis/oauth surface', () => {
  it('exports exactly these names, of these kinds', { timeout: 120_000 }, () => {
    expect(listSurface(join(import.meta.dirname, '../src/index.ts'))).toEqual(SURFACE);
  });

  it('holds at run time exactly the exports that are values', { timeout: 120_000 }, () => {
    const values = Object.entries(SURFACE)
      .filter(([, kind]) => kind !== 'type' && kind !== 'interface')
      .map(([name]) => name);
    expect(Object.keys(oauth).sort()).toEqual(values.sort());
  });
});
