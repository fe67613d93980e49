import { DEFAULT_MAX_TOKEN_BYTES } from './limits.ts';

/** Why no token could be read from a request's `Authorization` header. */
export type BearerRefusalCode = 'MISSING' | 'MALFORMED' | 'TOO_LARGE';

/** The token of an `Authorization: Bearer` header, or why there is none. */
export type BearerToken =
  | { readonly ok: true; readonly value: string }
  | { readonly ok: false; readonly refusal: { readonly code: BearerRefusalCode } };

const BEARER = /^bearer +([A-Za-z0-9\-._~+/]+=*) *$/i;

/**
 * Reads the bearer token of a request (RFC 6750, 2.1) from its `Authorization` header as Node
 * gives it: absent is `MISSING` (answered with a challenge naming the metadata); another scheme,
 * two headers, or a token outside the b64token alphabet is `MALFORMED`; a header longer than
 * `maxTokenBytes` plus the scheme is `TOO_LARGE` and is not matched at all.
 */
export function bearerToken(
  header: string | readonly string[] | undefined,
  maxTokenBytes = DEFAULT_MAX_TOKEN_BYTES,
): BearerToken {
  if (header === undefined || header === '') return { ok: false, refusal: { code: 'MISSING' } };
  if (typeof header !== 'string') return { ok: false, refusal: { code: 'MALFORMED' } };
  if (header.length > maxTokenBytes + 64) return { ok: false, refusal: { code: 'TOO_LARGE' } };
  const match = BEARER.exec(header);
  if (match === null) return { ok: false, refusal: { code: 'MALFORMED' } };
  const token = match[1]!;
  if (token.length > maxTokenBytes) return { ok: false, refusal: { code: 'TOO_LARGE' } };
  return { ok: true, value: token };
}
