/**
 * Who is calling, from an HTTP request's `Authorization: Bearer` token. The host asks a
 * `ConsumerResolver` once per request and hands its answer to the interposer; no token (or an
 * unknown one) means no consumer, which lists nothing and is answered the constant answer.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { SERVER_ERROR_CODES, ServerError } from './errors.ts';

/** Resolves a bearer token to a consumer name, or `undefined` for a token it does not know. */
export interface ConsumerResolver {
  resolve(token: string): string | undefined | Promise<string | undefined>;
}

/** One consumer's token, as the SHA-256 of its bytes in hex: the token itself is never configured. */
export interface TokenEntry {
  readonly consumer: string;
  readonly tokenSha256: string;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * A resolver over hashed tokens. A presented token is hashed and compared with every entry in
 * constant time (no early exit, so timing does not tell which entry nearly matched). Throws
 * `ServerError` `INVALID_OPTIONS` for an entry that is not a consumer name and a SHA-256 in hex.
 */
export function createTokenResolver(entries: readonly TokenEntry[]): ConsumerResolver {
  if (!Array.isArray(entries)) {
    throw new ServerError(
      SERVER_ERROR_CODES.INVALID_OPTIONS,
      'A token resolver needs a list of entries.',
      {
        option: 'tokens',
      },
    );
  }
  const known = entries.map((entry) => {
    if (
      typeof entry?.consumer !== 'string' ||
      entry.consumer === '' ||
      typeof entry.tokenSha256 !== 'string' ||
      !HEX_SHA256.test(entry.tokenSha256)
    ) {
      throw new ServerError(
        SERVER_ERROR_CODES.INVALID_OPTIONS,
        'Every token entry needs a consumer name and the SHA-256 of its token in hex.',
        { option: 'tokens' },
      );
    }
    return { consumer: entry.consumer, hash: Buffer.from(entry.tokenSha256, 'hex') };
  });
  return {
    resolve(token) {
      const presented = hash('sha256', token, 'buffer');
      let found: string | undefined;
      for (const entry of known) {
        if (timingSafeEqual(presented, entry.hash) && found === undefined) found = entry.consumer;
      }
      return found;
    },
  };
}

/** The SHA-256 of a token in hex, as a {@link TokenEntry} holds it. */
export function hashToken(token: string): string {
  // The one-shot digest: about half the cost of a `Hash` object, paid on every HTTP request.
  return hash('sha256', token, 'hex');
}
