/** Longest token any verifier reads, unless told otherwise: a longer one is refused before parsing. */
export const DEFAULT_MAX_TOKEN_BYTES = 8192;

/** The clock skew allowed on `exp`, `nbf` and `iat` unless told otherwise, in seconds. */
export const DEFAULT_CLOCK_SKEW_SECONDS = 30;

/** The most clock skew a verifier may be configured with, in seconds. */
export const MAX_CLOCK_SKEW_SECONDS = 300;

/** How long a JWKS fetch or an introspection request may take unless told otherwise, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 5000;

/** Least time between two JWKS fetches caused by unknown `kid`s, unless told otherwise, in milliseconds. */
export const DEFAULT_JWKS_COOLDOWN_MS = 30_000;

/** How long fetched keys are used before they are fetched again, unless told otherwise, in milliseconds. */
export const DEFAULT_JWKS_MAX_AGE_MS = 600_000;

/** Largest JWKS or introspection answer read, in bytes; a larger one counts as unavailable. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
