/**
 * Why a token was refused, for the server's logs and metrics. A code says what failed, never what
 * the token held: no claim value, header value or part of the token is kept anywhere in a refusal.
 * A test pins the list.
 */
export const TOKEN_REFUSAL_CODES = Object.freeze({
  /** Not a token this verifier can read: not three base64url parts, not JSON, not a string. */
  MALFORMED: 'MALFORMED',
  /** Longer than the verifier reads (refused before any parsing). */
  TOO_LARGE: 'TOO_LARGE',
  /** A JWS algorithm outside the allow-list: `none`, any HMAC, or one not configured. */
  UNSUPPORTED_ALGORITHM: 'UNSUPPORTED_ALGORITHM',
  /** No key of the issuer's JWKS matches the token's header, even after a refresh. */
  UNKNOWN_KEY: 'UNKNOWN_KEY',
  /** The signature does not verify with the issuer's key. */
  BAD_SIGNATURE: 'BAD_SIGNATURE',
  /** `exp` is past (beyond the stated skew), or missing. */
  EXPIRED: 'EXPIRED',
  /** `nbf` (or `iat`) is in the future beyond the stated skew. */
  NOT_YET_VALID: 'NOT_YET_VALID',
  /** `iss` is not exactly the configured issuer. */
  WRONG_ISSUER: 'WRONG_ISSUER',
  /** `aud` does not name this resource. */
  WRONG_AUDIENCE: 'WRONG_AUDIENCE',
  /** The consumer claim, the scopes, `token_type` or another claim is missing or of the wrong shape. */
  INVALID_CLAIMS: 'INVALID_CLAIMS',
  /** The introspection endpoint says the token is not active. */
  INACTIVE: 'INACTIVE',
  /** No configured static token has this digest. */
  UNKNOWN_TOKEN: 'UNKNOWN_TOKEN',
  /** The issuer's JWKS or introspection endpoint did not answer in time or answered nonsense: refused, never admitted. */
  UNAVAILABLE: 'UNAVAILABLE',
} as const);

/** One of {@link TOKEN_REFUSAL_CODES}. */
export type TokenRefusalCode = (typeof TOKEN_REFUSAL_CODES)[keyof typeof TOKEN_REFUSAL_CODES];

/** A token that did not verify: a code for logs, and the HTTP status the refusal calls for. */
export interface TokenRefusal {
  readonly code: TokenRefusalCode;
  /** 401 for a token that does not verify; 503 when the authority could not be asked. */
  readonly status: 401 | 503;
}

/** A token that verified: who is calling, and with which scopes. */
export interface VerifiedToken {
  /** The value of the configured consumer claim (`sub` by default). */
  readonly consumer: string;
  /** The token's scopes, in the order given, without repeats. */
  readonly scopes: readonly string[];
  /** When the token expires, in milliseconds since the epoch (absent for a static token). */
  readonly expiresAt?: number;
}

/** What every verifier answers: `{ ok: true, value }` or `{ ok: false, refusal }`. Never throws for a token. */
export type TokenVerification =
  | { readonly ok: true; readonly value: VerifiedToken }
  | { readonly ok: false; readonly refusal: TokenRefusal };

/** Turns a presented bearer token into a verification. */
export interface TokenVerifier {
  verify(token: string): Promise<TokenVerification>;
}

const REFUSALS = new Map<TokenRefusalCode, TokenVerification>(
  Object.values(TOKEN_REFUSAL_CODES).map((code) => [
    code,
    Object.freeze({
      ok: false,
      refusal: Object.freeze({ code, status: code === 'UNAVAILABLE' ? 503 : 401 }),
    }),
  ]),
);

/** The one frozen refusal for a code. */
export function refused(code: TokenRefusalCode): TokenVerification {
  return REFUSALS.get(code)!;
}

/** A verification for a consumer and scopes. */
export function verified(
  consumer: string,
  scopes: readonly string[],
  expiresAt?: number,
): TokenVerification {
  const value: VerifiedToken =
    expiresAt === undefined
      ? { consumer, scopes: Object.freeze([...scopes]) }
      : { consumer, scopes: Object.freeze([...scopes]), expiresAt };
  return Object.freeze({ ok: true, value: Object.freeze(value) });
}
