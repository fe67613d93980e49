import {
  createLocalJWKSet,
  createRemoteJWKSet,
  customFetch,
  decodeProtectedHeader,
  errors,
  type JWTPayload,
  type JWTVerifyGetKey,
  jwtVerify,
} from 'jose';
import { invalidOption } from './errors.ts';
import { boundedFetch } from './internal/bounded-fetch.ts';
import { consumerOf, isAudience, scopesOf } from './internal/claims.ts';
import { clockOf, endpointUrl, integerIn, objectOf, plainString } from './internal/options.ts';
import { isCompactJws, judgeShape } from './internal/shape.ts';
import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_JWKS_COOLDOWN_MS,
  DEFAULT_JWKS_MAX_AGE_MS,
  DEFAULT_MAX_TOKEN_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_CLOCK_SKEW_SECONDS,
} from './limits.ts';
import { refused, type TokenRefusalCode, type TokenVerifier, verified } from './verification.ts';

/**
 * The JWS algorithms a verifier may accept: asymmetric only. `none` and every HMAC are absent by
 * construction, so a token signed with the issuer's public key as an HMAC secret cannot verify.
 */
export const ASYMMETRIC_ALGORITHMS = Object.freeze([
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
] as const);

/** One of {@link ASYMMETRIC_ALGORITHMS}. */
export type AsymmetricAlgorithm = (typeof ASYMMETRIC_ALGORITHMS)[number];

/** The algorithms accepted unless told otherwise. */
export const DEFAULT_ALGORITHMS: readonly AsymmetricAlgorithm[] = Object.freeze([
  'RS256',
  'PS256',
  'ES256',
  'EdDSA',
  'Ed25519',
]);

/** Options of {@link createJwtVerifier}. */
export interface JwtVerifierOptions {
  /** The authorization server's issuer identifier; `iss` must equal it exactly. */
  readonly issuer: string;
  /** This resource's identifier (RFC 8707 resource indicator); `aud` must name it and no other. */
  readonly audience: string;
  /** Where the issuer publishes its keys (its metadata's `jwks_uri`): https, or http on loopback. */
  readonly jwksUri: string | URL;
  /** Accepted algorithms, a subset of {@link ASYMMETRIC_ALGORITHMS}. Default {@link DEFAULT_ALGORITHMS}. */
  readonly algorithms?: readonly AsymmetricAlgorithm[];
  /** The claim naming the consumer: `sub` (default), `client_id`, or another. */
  readonly consumerClaim?: string;
  /** A `typ` the header must carry, such as `at+jwt` (RFC 9068). Default: not judged. */
  readonly type?: string;
  /** Skew allowed on `exp`, `nbf`, `iat`, in seconds, at most {@link MAX_CLOCK_SKEW_SECONDS}. Default {@link DEFAULT_CLOCK_SKEW_SECONDS}. */
  readonly clockSkewSeconds?: number;
  /** Longest token read. Default {@link DEFAULT_MAX_TOKEN_BYTES}. */
  readonly maxTokenBytes?: number;
  /** How long a JWKS fetch may take. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Least time between refreshes caused by an unknown `kid`. Default {@link DEFAULT_JWKS_COOLDOWN_MS}. */
  readonly cooldownMs?: number;
  /** How long fetched keys are used before they are fetched again. Default {@link DEFAULT_JWKS_MAX_AGE_MS}. */
  readonly maxAgeMs?: number;
  /**
   * After a JWKS fetch fails, how long no other is tried: tokens are judged against the keys
   * already cached, and one that needs another key is refused `UNAVAILABLE`. Default 5000 ms, so
   * a flood of tokens naming unknown keys cannot send the issuer one fetch each while it is down.
   */
  readonly failureCooldownMs?: number;
  /** Milliseconds now, for `exp` and `nbf` and the failure cooldown. Default `Date.now`. */
  readonly clock?: () => number;
}

const CLAIM_CODES: Record<string, TokenRefusalCode> = {
  nbf: 'NOT_YET_VALID',
  iat: 'NOT_YET_VALID',
  iss: 'WRONG_ISSUER',
  aud: 'WRONG_AUDIENCE',
  exp: 'EXPIRED',
};

/** What a jose failure means for the caller; anything not jose's is the issuer being unreachable. */
function codeOf(error: unknown): TokenRefusalCode {
  if (error instanceof errors.JWTExpired) return 'EXPIRED';
  if (error instanceof errors.JWTClaimValidationFailed) {
    // A claim of the wrong type is malformed claims, whichever claim it is.
    if (error.reason === 'invalid') return 'INVALID_CLAIMS';
    return CLAIM_CODES[error.claim] ?? 'INVALID_CLAIMS';
  }
  if (error instanceof errors.JOSEAlgNotAllowed) return 'UNSUPPORTED_ALGORITHM';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'BAD_SIGNATURE';
  if (error instanceof errors.JWKSNoMatchingKey) return 'UNKNOWN_KEY';
  if (error instanceof errors.JWKSMultipleMatchingKeys) return 'UNKNOWN_KEY';
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid)
    return 'UNAVAILABLE';
  if (
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWKInvalid
  ) {
    return 'MALFORMED';
  }
  return 'UNAVAILABLE';
}

/**
 * Verifies JWT access tokens against the issuer's JWKS (jose): the token's size and alphabet are
 * judged before parsing; the header's `alg` must be on the allow-list before any key is fetched;
 * keys are cached, refreshed on an unknown `kid` at most once per cooldown; `exp` is required,
 * `exp`, `nbf` and `iat` (not in the future) are judged with the stated skew, `iss` exactly, `aud` must name this resource and no other.
 * A JWKS that is slow, down or malformed refuses (`UNAVAILABLE`, 503): never admits. Options are
 * judged here, throwing {@link OAuthError} `INVALID_OPTIONS`.
 */
export function createJwtVerifier(options: JwtVerifierOptions): TokenVerifier {
  const given = objectOf(options, 'options');
  const issuer = plainString(given.issuer, 'issuer');
  const audience = plainString(given.audience, 'audience');
  const jwksUri = endpointUrl(given.jwksUri, 'jwksUri');
  const algorithms = algorithmsOf(given.algorithms);
  const consumerClaim =
    given.consumerClaim === undefined ? 'sub' : plainString(given.consumerClaim, 'consumerClaim');
  const type = given.type === undefined ? undefined : plainString(given.type, 'type');
  const skew = integerIn(
    given.clockSkewSeconds,
    'clockSkewSeconds',
    DEFAULT_CLOCK_SKEW_SECONDS,
    0,
    MAX_CLOCK_SKEW_SECONDS,
  );
  const maxTokenBytes = integerIn(
    given.maxTokenBytes,
    'maxTokenBytes',
    DEFAULT_MAX_TOKEN_BYTES,
    64,
    1 << 20,
  );
  const timeoutMs = integerIn(given.timeoutMs, 'timeoutMs', DEFAULT_TIMEOUT_MS, 1, 60_000);
  const cooldownMs = integerIn(
    given.cooldownMs,
    'cooldownMs',
    DEFAULT_JWKS_COOLDOWN_MS,
    0,
    86_400_000,
  );
  const maxAgeMs = integerIn(given.maxAgeMs, 'maxAgeMs', DEFAULT_JWKS_MAX_AGE_MS, 1, 86_400_000);
  const failureCooldownMs = integerIn(
    given.failureCooldownMs,
    'failureCooldownMs',
    DEFAULT_JWKS_FAILURE_COOLDOWN_MS,
    0,
    86_400_000,
  );
  const clock = clockOf(given.clock);

  const remote = createRemoteJWKSet(jwksUri, {
    timeoutDuration: timeoutMs,
    cooldownDuration: cooldownMs,
    cacheMaxAge: maxAgeMs,
    [customFetch]: boundedFetch,
  });
  const keys = withFailureCooldown(remote, failureCooldownMs, clock);
  const allowed = new Set<string>(algorithms);
  const allowedList = [...allowed];

  return {
    async verify(token) {
      const shape = judgeShape(token, maxTokenBytes);
      if (shape !== undefined) return refused(shape);
      if (!isCompactJws(token)) return refused('MALFORMED');
      let alg: unknown;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        return refused('MALFORMED');
      }
      if (typeof alg !== 'string' || !allowed.has(alg)) return refused('UNSUPPORTED_ALGORITHM');
      const now = clock();
      if (typeof now !== 'number' || !Number.isFinite(now)) return refused('UNAVAILABLE');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keys, {
          issuer,
          audience,
          algorithms: allowedList,
          clockTolerance: skew,
          currentDate: new Date(now),
          requiredClaims: ['exp'],
          ...(type === undefined ? {} : { typ: type }),
        }));
      } catch (error) {
        return refused(codeOf(error));
      }
      // jose admits a list of audiences holding ours; a token also meant elsewhere is refused.
      if (!isAudience(payload.aud, audience)) return refused('WRONG_AUDIENCE');
      // jose judges `iat` only against a maximum age; one issued in the future is not yet valid.
      if (typeof payload.iat === 'number' && payload.iat > now / 1000 + skew) {
        return refused('NOT_YET_VALID');
      }
      const consumer = consumerOf(payload, consumerClaim);
      const scopes = scopesOf(payload);
      if (consumer === undefined || scopes === undefined) return refused('INVALID_CLAIMS');
      return verified(consumer, scopes, (payload.exp as number) * 1000);
    },
  };
}

/** After a failed fetch, how long no other is tried (see `failureCooldownMs`). */
const DEFAULT_JWKS_FAILURE_COOLDOWN_MS = 5000;

/**
 * The remote key set, fetching nothing for `cooldownMs` after a fetch failed: meanwhile a token is
 * judged against the keys cached before, and one needing another key is refused as unavailable.
 */
function withFailureCooldown(
  remote: ReturnType<typeof createRemoteJWKSet>,
  cooldownMs: number,
  clock: () => number,
): JWTVerifyGetKey {
  let retryAt = Number.NEGATIVE_INFINITY;
  return async (header, token) => {
    if (clock() < retryAt) {
      const cached = remote.jwks();
      if (cached === undefined) throw new errors.JWKSTimeout('the key set is unavailable');
      try {
        return await createLocalJWKSet(cached)(header, token);
      } catch (error) {
        if (error instanceof errors.JWKSNoMatchingKey) {
          throw new errors.JWKSTimeout('the key set is unavailable');
        }
        throw error;
      }
    }
    try {
      return await remote(header, token);
    } catch (error) {
      if (codeOf(error) === 'UNAVAILABLE') retryAt = clock() + cooldownMs;
      throw error;
    }
  };
}

function algorithmsOf(value: unknown): readonly AsymmetricAlgorithm[] {
  if (value === undefined) return DEFAULT_ALGORITHMS;
  const known = new Set<string>(ASYMMETRIC_ALGORITHMS);
  if (!Array.isArray(value) || value.length === 0 || !value.every((alg) => known.has(alg))) {
    invalidOption(
      'algorithms',
      'algorithms must be a non-empty list of asymmetric JWS algorithms (RS*, PS*, ES*, EdDSA, Ed25519).',
    );
  }
  return Object.freeze([...value]);
}
