import { hash, timingSafeEqual } from 'node:crypto';
import { invalidOption } from './errors.ts';
import { scopesOf } from './internal/claims.ts';
import { integerIn, objectOf, plainString } from './internal/options.ts';
import { judgeShape } from './internal/shape.ts';
import { DEFAULT_MAX_TOKEN_BYTES } from './limits.ts';
import { refused, type TokenVerification, type TokenVerifier, verified } from './verification.ts';

/** One consumer's static token, as the SHA-256 of its bytes in hex: the token itself is never configured. */
export interface StaticTokenEntry {
  readonly consumer: string;
  readonly tokenSha256: string;
  /** The scopes this token carries. Default none. */
  readonly scopes?: readonly string[];
}

/** Options of {@link createStaticTokenVerifier}. */
export interface StaticTokenVerifierOptions {
  readonly tokens: readonly StaticTokenEntry[];
  /** Longest token read. Default {@link DEFAULT_MAX_TOKEN_BYTES}. */
  readonly maxTokenBytes?: number;
}

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/** The SHA-256 of a token in hex, as a {@link StaticTokenEntry} holds it. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * Verifies the static tokens of a configuration: the presented token is hashed and its digest
 * compared with every entry's in constant time, with no early exit, so timing tells neither
 * whether nor which entry nearly matched. Throws {@link OAuthError} `INVALID_OPTIONS` for an entry
 * without a consumer or a SHA-256 in hex, or for two entries with one digest.
 */
export function createStaticTokenVerifier(options: StaticTokenVerifierOptions): TokenVerifier {
  const given = objectOf(options, 'options');
  if (!Array.isArray(given.tokens)) invalidOption('tokens', 'tokens must be a list of entries.');
  const maxTokenBytes = integerIn(
    given.maxTokenBytes,
    'maxTokenBytes',
    DEFAULT_MAX_TOKEN_BYTES,
    16,
    1 << 20,
  );
  const seen = new Set<string>();
  const known = (given.tokens as unknown[]).map((entry, position) => {
    const fields = objectOf(entry, `tokens.${position}`);
    const consumer = plainString(fields.consumer, `tokens.${position}.consumer`);
    if (typeof fields.tokenSha256 !== 'string' || !HEX_SHA256.test(fields.tokenSha256)) {
      invalidOption(
        `tokens.${position}.tokenSha256`,
        'tokenSha256 must be the SHA-256 of the token in hex.',
      );
    }
    const digest = fields.tokenSha256.toLowerCase();
    if (seen.has(digest))
      invalidOption(`tokens.${position}.tokenSha256`, 'Two entries have the same token.');
    seen.add(digest);
    const scopes = fields.scopes === undefined ? [] : scopesOf({ scope: fields.scopes as unknown });
    if (scopes === undefined) {
      invalidOption(`tokens.${position}.scopes`, 'scopes must be a list of RFC 6749 scope tokens.');
    }
    return { digest: Buffer.from(digest, 'hex'), result: verified(consumer, scopes) };
  });
  const unknown = refused('UNKNOWN_TOKEN');

  return {
    async verify(token) {
      const shape = judgeShape(token, maxTokenBytes);
      if (shape !== undefined) return refused(shape);
      const presented = hash('sha256', token, 'buffer');
      let found: TokenVerification | undefined;
      for (const entry of known) {
        if (timingSafeEqual(presented, entry.digest) && found === undefined) found = entry.result;
      }
      return found ?? unknown;
    },
  };
}
