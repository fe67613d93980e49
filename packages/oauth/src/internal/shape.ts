/*
 * What is judged before any parsing: the token is a string, no longer than the bound, and made of
 * the characters a bearer token may hold (RFC 6750 b64token), so nothing else is ever decoded.
 */
import type { TokenRefusalCode } from '../verification.ts';

const B64TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/;
const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The refusal for a token of the wrong size or alphabet, or undefined when it may be read. */
export function judgeShape(token: unknown, maxBytes: number): TokenRefusalCode | undefined {
  if (typeof token !== 'string') return 'MALFORMED';
  if (token.length > maxBytes) return 'TOO_LARGE';
  if (!B64TOKEN.test(token)) return 'MALFORMED';
  return undefined;
}

/** Whether a token that passed {@link judgeShape} is a compact JWS (three base64url parts). */
export function isCompactJws(token: string): boolean {
  return COMPACT_JWS.test(token);
}
