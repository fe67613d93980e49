/**
 * Stable codes of {@link OAuthError}. Each names a defect in how a verifier or a document was
 * configured by our own code, never a presented token (a token that does not verify is a refusal
 * value, not an error). A test pins them; a code is never renamed or reused.
 */
export const OAUTH_ERROR_CODES = Object.freeze({
  /** A verifier, metadata or challenge builder was given options of the wrong kind. */
  INVALID_OPTIONS: 'INVALID_OPTIONS',
  /** The authorization server's metadata could not be had, or does not name the configured issuer. */
  DISCOVERY_FAILED: 'DISCOVERY_FAILED',
} as const);

/** One of {@link OAUTH_ERROR_CODES}. */
export type OAuthErrorCode = (typeof OAUTH_ERROR_CODES)[keyof typeof OAUTH_ERROR_CODES];

/** The structured facts of an {@link OAuthError}: our own option names only, never a value. */
export interface OAuthErrorDetails {
  /** The option at fault (`issuer`, `jwksUri`, `tokens.2.consumer`, `scopes`). */
  readonly option?: string;
  /** The HTTP status of a metadata answer that was not 200. */
  readonly status?: number;
}

/**
 * Thrown for a defect in the configuration: an issuer that is no URL, an algorithm that is not
 * asymmetric, a static token entry without a consumer. The message says what is wrong and what to
 * do; the option at fault is in the frozen `details`, and no configured value (a secret, a token
 * digest) is repeated.
 */
export class OAuthError extends Error {
  override readonly name = 'OAuthError';
  readonly code: OAuthErrorCode;
  readonly details: OAuthErrorDetails;

  constructor(
    code: OAuthErrorCode,
    message: string,
    details: OAuthErrorDetails & { readonly cause?: unknown } = {},
  ) {
    const { cause, ...facts } = details;
    super(message, 'cause' in details ? { cause } : undefined);
    this.code = code;
    this.details = Object.freeze(facts);
  }
}

/** Throws {@link OAuthError} `INVALID_OPTIONS` for `option`. */
export function invalidOption(option: string, message: string): never {
  throw new OAuthError('INVALID_OPTIONS', message, { option });
}
