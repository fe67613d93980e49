import { readBounded } from './internal/bounded-fetch.ts';
import { consumerOf, judgeTimesAndParties, scopesOf } from './internal/claims.ts';
import { clockOf, endpointUrl, integerIn, objectOf, plainString } from './internal/options.ts';
import { judgeShape } from './internal/shape.ts';
import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_MAX_TOKEN_BYTES,
  DEFAULT_TIMEOUT_MS,
  MAX_CLOCK_SKEW_SECONDS,
} from './limits.ts';
import { refused, type TokenVerifier, verified } from './verification.ts';

/** Options of {@link createIntrospectionVerifier}. */
export interface IntrospectionVerifierOptions {
  /** The authorization server's introspection endpoint (RFC 7662): https, or http on loopback. */
  readonly endpoint: string | URL;
  /** The issuer identifier; the answer's `iss` must equal it exactly. */
  readonly issuer: string;
  /** This resource's identifier; the answer's `aud` must name it and no other. */
  readonly audience: string;
  /** This resource server's client id at the authorization server (HTTP Basic authentication). */
  readonly clientId: string;
  /** Its client secret. Never logged, never part of an error. */
  readonly clientSecret: string;
  /** The claim naming the consumer: `sub` (default), `client_id`, or another. */
  readonly consumerClaim?: string;
  /** Skew allowed on `exp` and `nbf`, in seconds. Default {@link DEFAULT_CLOCK_SKEW_SECONDS}. */
  readonly clockSkewSeconds?: number;
  /** Longest token sent to the endpoint. Default {@link DEFAULT_MAX_TOKEN_BYTES}. */
  readonly maxTokenBytes?: number;
  /** How long the endpoint may take to answer. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
  /** Milliseconds now. Default `Date.now`. */
  readonly clock?: () => number;
}

/** The `application/x-www-form-urlencoded` spelling RFC 6749 (2.3.1) asks for in Basic credentials. */
function formEncoded(value: string): string {
  return new URLSearchParams({ v: value }).toString().slice(2);
}

/**
 * Verifies opaque tokens by asking the authorization server (RFC 7662). The token's size and
 * alphabet are judged before it is sent; the answer must come within the timeout, as JSON of at
 * most a bounded size, with `active: true`; `iss` exact, `aud` naming this resource, `exp`
 * required and judged with the stated skew, `nbf` too, and a `token_type` (when given) that is a
 * bearer access token's. An endpoint that is slow, down or answers nonsense refuses
 * (`UNAVAILABLE`, 503): never admits.
 */
export function createIntrospectionVerifier(options: IntrospectionVerifierOptions): TokenVerifier {
  const given = objectOf(options, 'options');
  const endpoint = endpointUrl(given.endpoint, 'endpoint');
  const issuer = plainString(given.issuer, 'issuer');
  const audience = plainString(given.audience, 'audience');
  const clientId = plainString(given.clientId, 'clientId');
  const clientSecret = plainString(given.clientSecret, 'clientSecret');
  const consumerClaim =
    given.consumerClaim === undefined ? 'sub' : plainString(given.consumerClaim, 'consumerClaim');
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
    16,
    1 << 20,
  );
  const timeoutMs = integerIn(given.timeoutMs, 'timeoutMs', DEFAULT_TIMEOUT_MS, 1, 60_000);
  const clock = clockOf(given.clock);
  const authorization = `Basic ${Buffer.from(`${formEncoded(clientId)}:${formEncoded(clientSecret)}`).toString('base64')}`;

  async function ask(token: string): Promise<Record<string, unknown> | undefined> {
    try {
      const response = await fetch(endpoint, {
        method: 'POST',
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          authorization,
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ token, token_type_hint: 'access_token' }).toString(),
      });
      const body = await readBounded(response);
      if (response.status !== 200) return undefined;
      if (
        !/^application\/(?:[\w.+-]*\+)?json\b/i.test(response.headers.get('content-type') ?? '')
      ) {
        return undefined;
      }
      const answer: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
      return answer as Record<string, unknown>;
    } catch {
      return undefined;
    }
  }

  return {
    async verify(token) {
      const shape = judgeShape(token, maxTokenBytes);
      if (shape !== undefined) return refused(shape);
      const now = clock();
      if (typeof now !== 'number' || !Number.isFinite(now)) return refused('UNAVAILABLE');
      const answer = await ask(token);
      if (answer === undefined) return refused('UNAVAILABLE');
      if (answer.active !== true) return refused('INACTIVE');
      const tokenType = answer.token_type;
      if (
        tokenType !== undefined &&
        (typeof tokenType !== 'string' || !/^(?:bearer|access_token)$/i.test(tokenType))
      ) {
        return refused('INVALID_CLAIMS');
      }
      const judged = judgeTimesAndParties(answer, {
        issuer,
        audience,
        nowSeconds: now / 1000,
        skewSeconds: skew,
      });
      if (judged !== undefined) return refused(judged);
      const consumer = consumerOf(answer, consumerClaim);
      const scopes = scopesOf(answer);
      if (consumer === undefined || scopes === undefined) return refused('INVALID_CLAIMS');
      return verified(consumer, scopes, (answer.exp as number) * 1000);
    },
  };
}
