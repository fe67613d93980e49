/**
 * Bearer tokens for an MCP server acting as an OAuth 2.1 resource server: JWT access tokens
 * verified against the issuer's JWKS (jose), opaque tokens by RFC 7662 introspection, static
 * tokens by digest; the RFC 9728 metadata document and the `WWW-Authenticate` challenges. Every
 * verification is a value, and nothing of a token ever reaches a result, an error or a header.
 * Every export here is public API; a test pins them.
 */
export { type BearerRefusalCode, type BearerToken, bearerToken } from './bearer.ts';
export { createVerifierChain } from './chain.ts';
export {
  CHALLENGE_TEXTS,
  type ChallengeOptions,
  type ChallengeResponse,
  type Challenges,
  createChallenges,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from './challenge.ts';
export {
  type AuthorizationServerMetadata,
  authorizationServerMetadataUrls,
  type DiscoveryOptions,
  discoverAuthorizationServer,
} from './discovery.ts';
export {
  OAUTH_ERROR_CODES,
  OAuthError,
  type OAuthErrorCode,
  type OAuthErrorDetails,
} from './errors.ts';
export {
  createIntrospectionVerifier,
  type IntrospectionVerifierOptions,
} from './introspection-verifier.ts';
export {
  ASYMMETRIC_ALGORITHMS,
  type AsymmetricAlgorithm,
  createJwtVerifier,
  DEFAULT_ALGORITHMS,
  type JwtVerifierOptions,
} from './jwt-verifier.ts';
export {
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_JWKS_COOLDOWN_MS,
  DEFAULT_JWKS_MAX_AGE_MS,
  DEFAULT_MAX_TOKEN_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_CLOCK_SKEW_SECONDS,
  MAX_RESPONSE_BYTES,
} from './limits.ts';
export {
  PROTECTED_RESOURCE_METADATA_PATH,
  type ProtectedResourceMetadata,
  type ProtectedResourceMetadataOptions,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
} from './metadata.ts';
export { grantsFromScopes, missingScopes } from './scopes.ts';
export {
  createStaticTokenVerifier,
  hashToken,
  type StaticTokenEntry,
  type StaticTokenVerifierOptions,
} from './static-verifier.ts';
export {
  TOKEN_REFUSAL_CODES,
  type TokenRefusal,
  type TokenRefusalCode,
  type TokenVerification,
  type TokenVerifier,
  type VerifiedToken,
} from './verification.ts';
