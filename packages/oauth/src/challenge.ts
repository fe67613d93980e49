import type { BearerRefusalCode } from './bearer.ts';
import { endpointUrl, objectOf } from './internal/options.ts';
import { scopeList } from './metadata.ts';
import type { TokenRefusal } from './verification.ts';

/** An HTTP refusal to send as it is: status, headers and a constant JSON body. */
export interface ChallengeResponse {
  readonly status: 401 | 403 | 503;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The seconds a 503 asks a client to wait. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The constant words of each refusal; none names anything of the request. */
export const CHALLENGE_TEXTS = Object.freeze({
  missing: 'This resource needs an access token.',
  invalid_token: 'The access token is not valid for this resource.',
  insufficient_scope: 'The access token lacks a scope this request needs.',
  unavailable: 'The access token cannot be checked now; try again shortly.',
} as const);

/** Options of {@link createChallenges}. */
export interface ChallengeOptions {
  /** The URL of this resource's metadata, as {@link protectedResourceMetadataUrl} gives it. */
  readonly resourceMetadata: string;
  /** Scopes a client should ask for, named in the challenge to a request without a token. */
  readonly scopes?: readonly string[];
}

/** The responses of a resource server that refuses a request at the HTTP layer. */
export interface Challenges {
  /** 401 for a request without a token: `Bearer resource_metadata="…"` (and `scope`), no error code. */
  missingToken(): ChallengeResponse;
  /** 401 for a token that does not verify: `error="invalid_token"`. */
  invalidToken(): ChallengeResponse;
  /** 403 for a token without a scope this request needs: `error="insufficient_scope", scope="…"`. */
  insufficientScope(required: readonly string[]): ChallengeResponse;
  /** 503 when the authority cannot be asked: refused, with `retry-after`, never admitted. */
  unavailable(): ChallengeResponse;
  /** The response for a refusal of {@link bearerToken} or of a verifier. */
  forRefusal(refusal: TokenRefusal | { readonly code: BearerRefusalCode }): ChallengeResponse;
}

function json(error: string, description: string): string {
  return JSON.stringify({ error, error_description: description });
}

/**
 * Builds the `WWW-Authenticate: Bearer` challenges (RFC 6750, RFC 9728 `resource_metadata`) once,
 * from configuration. Every header and body is composed of the metadata URL, configured scopes
 * and constant words: nothing of a token or a request ever reaches them. Throws
 * {@link OAuthError} `INVALID_OPTIONS` for a URL or a scope that is not of its kind.
 */
export function createChallenges(options: ChallengeOptions): Challenges {
  const given = objectOf(options, 'options');
  // The parsed URL's spelling: percent-encoded, so it holds no quote or backslash.
  const metadata = endpointUrl(given.resourceMetadata, 'resourceMetadata').href;
  const scopes = given.scopes === undefined ? [] : scopeList(given.scopes, 'scopes');
  const common = { 'cache-control': 'no-store', 'content-type': 'application/json' };
  const scopeParam = scopes.length === 0 ? '' : `, scope="${scopes.join(' ')}"`;

  const missing: ChallengeResponse = Object.freeze({
    status: 401,
    headers: Object.freeze({
      ...common,
      'www-authenticate': `Bearer resource_metadata="${metadata}"${scopeParam}`,
    }),
    body: json('unauthorized', CHALLENGE_TEXTS.missing),
  });
  const invalid: ChallengeResponse = Object.freeze({
    status: 401,
    headers: Object.freeze({
      ...common,
      'www-authenticate': `Bearer error="invalid_token", error_description="${CHALLENGE_TEXTS.invalid_token}", resource_metadata="${metadata}"`,
    }),
    body: json('invalid_token', CHALLENGE_TEXTS.invalid_token),
  });
  const unavailable: ChallengeResponse = Object.freeze({
    status: 503,
    headers: Object.freeze({ ...common, 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) }),
    body: json('temporarily_unavailable', CHALLENGE_TEXTS.unavailable),
  });

  return {
    missingToken: () => missing,
    invalidToken: () => invalid,
    unavailable: () => unavailable,
    insufficientScope(required) {
      const needed = scopeList(required, 'required');
      return Object.freeze({
        status: 403,
        headers: Object.freeze({
          ...common,
          'www-authenticate': `Bearer error="insufficient_scope", scope="${needed.join(' ')}", error_description="${CHALLENGE_TEXTS.insufficient_scope}", resource_metadata="${metadata}"`,
        }),
        body: json('insufficient_scope', CHALLENGE_TEXTS.insufficient_scope),
      });
    },
    forRefusal(refusal) {
      if (refusal.code === 'MISSING') return missing;
      if (refusal.code === 'UNAVAILABLE') return unavailable;
      return invalid;
    },
  };
}
