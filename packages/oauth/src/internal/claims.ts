/*
 * The claim rules every verifier shares: where the consumer comes from, how scopes are read, and
 * (for introspection, where jose does not judge them) the time, issuer and audience rules.
 */
import type { TokenRefusalCode } from '../verification.ts';

/** Longest consumer name taken from a claim. */
export const MAX_CONSUMER_LENGTH = 256;

const CONSUMER = /^[^\u0000-\u001f\u007f]+$/;
const SCOPE_TOKEN = /^[\u0021\u0023-\u005b\u005d-\u007e]+$/;

/** The consumer from `claim`, or undefined when it is not a usable name. */
export function consumerOf(claims: Record<string, unknown>, claim: string): string | undefined {
  if (!Object.hasOwn(claims, claim)) return undefined;
  const value = claims[claim];
  if (typeof value !== 'string' || value.length > MAX_CONSUMER_LENGTH || !CONSUMER.test(value)) {
    return undefined;
  }
  return value;
}

/**
 * The scopes of `scope` (space-delimited, RFC 6749 scope-tokens), else of `scp` (a list or a
 * space-delimited string), else none; undefined when present but malformed.
 */
export function scopesOf(claims: Record<string, unknown>): readonly string[] | undefined {
  const raw = Object.hasOwn(claims, 'scope')
    ? claims.scope
    : Object.hasOwn(claims, 'scp')
      ? claims.scp
      : undefined;
  if (raw === undefined) return [];
  let list: unknown[];
  if (typeof raw === 'string') list = raw === '' ? [] : raw.split(' ');
  else if (Array.isArray(raw)) list = raw;
  else return undefined;
  const seen = new Set<string>();
  for (const scope of list) {
    if (typeof scope !== 'string' || !SCOPE_TOKEN.test(scope)) return undefined;
    seen.add(scope);
  }
  return [...seen];
}

/**
 * Whether `aud` names this resource and nothing else: the resource itself, or a list holding only
 * it. A token also meant for another resource could be replayed here by that resource, so it is
 * refused even though it names this one.
 */
export function isAudience(aud: unknown, audience: string): boolean {
  if (aud === audience) return true;
  return Array.isArray(aud) && aud.length > 0 && aud.every((entry) => entry === audience);
}

/** The rules jose applies to a JWT, applied to an introspection answer (times in seconds). */
export function judgeTimesAndParties(
  claims: Record<string, unknown>,
  rules: { issuer: string; audience: string; nowSeconds: number; skewSeconds: number },
): TokenRefusalCode | undefined {
  const { exp, nbf, iss, aud } = claims;
  if (iss !== rules.issuer) return 'WRONG_ISSUER';
  if (!isAudience(aud, rules.audience)) return 'WRONG_AUDIENCE';
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return 'EXPIRED';
  if (exp <= rules.nowSeconds - rules.skewSeconds) return 'EXPIRED';
  if (nbf !== undefined) {
    if (typeof nbf !== 'number' || !Number.isFinite(nbf)) return 'INVALID_CLAIMS';
    if (nbf > rules.nowSeconds + rules.skewSeconds) return 'NOT_YET_VALID';
  }
  return undefined;
}
