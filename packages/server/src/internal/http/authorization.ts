/**
 * The HTTP door of a resource server (the specification's authorization section, RFC 9728, RFC
 * 6750): the metadata document at its well-known paths, and for every other request a consumer from
 * the bearer token before any MCP message is read. No token is `401` with a challenge naming the
 * metadata (or acts as the anonymous consumer, where one is named); a token that does not verify is `401
 * invalid_token`; an authority that cannot be asked is `503`, never an admission; a verified token
 * without a required scope is `403 insufficient_scope`. Every answer is built from configuration,
 * so nothing of a token reaches a response or a log line: refusals are logged by their code.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../../logger.ts';
import {
  bearerToken,
  type ChallengeResponse,
  createChallenges,
  missingScopes,
  protectedResourceMetadata,
  protectedResourceMetadataPaths,
  protectedResourceMetadataUrl,
  type TokenVerifier,
} from '../siblings/oauth.ts';

/** What the host needs to authorize requests, checked and built once. */
export interface HostAuthorization {
  readonly verifier: TokenVerifier;
  /** The paths the metadata document is served at. */
  readonly metadataPaths: ReadonlySet<string>;
  /** The metadata document, written once. */
  readonly metadataBody: string;
  readonly missing: ChallengeResponse;
  readonly invalid: ChallengeResponse;
  readonly unavailable: ChallengeResponse;
  /** The 403 for a token without a required scope; undefined when no scope is required. */
  readonly insufficient: ChallengeResponse | undefined;
  readonly requiredScopes: readonly string[];
}

/** How a resource server authorizes requests (see `HttpAuthorizationOptions` in `http.ts`). */
export interface AuthorizationSettings {
  readonly verifier: TokenVerifier;
  readonly resource: string;
  readonly authorizationServers: readonly string[];
  readonly scopesSupported?: readonly string[];
  readonly requiredScopes?: readonly string[];
  readonly resourceName?: string;
}

/** Builds the door's answers; throws the oauth package's `OAuthError` for a value not of its kind. */
export function hostAuthorization(settings: AuthorizationSettings): HostAuthorization {
  const metadata = protectedResourceMetadata({
    resource: settings.resource,
    authorizationServers: settings.authorizationServers,
    ...(settings.scopesSupported === undefined
      ? {}
      : { scopesSupported: settings.scopesSupported }),
    ...(settings.resourceName === undefined ? {} : { resourceName: settings.resourceName }),
  });
  const required = settings.requiredScopes ?? [];
  const challenges = createChallenges({
    resourceMetadata: protectedResourceMetadataUrl(settings.resource),
    scopes: settings.scopesSupported ?? required,
  });
  return {
    verifier: settings.verifier,
    metadataPaths: new Set(protectedResourceMetadataPaths(settings.resource)),
    metadataBody: JSON.stringify(metadata),
    missing: challenges.missingToken(),
    invalid: challenges.invalidToken(),
    unavailable: challenges.unavailable(),
    insufficient: required.length === 0 ? undefined : challenges.insufficientScope(required),
    requiredScopes: required,
  };
}

/** A request admitted as a consumer, or refused with a challenge. */
export type Admission =
  | { readonly ok: true; readonly consumer: string; readonly scopes?: readonly string[] }
  | { readonly ok: false; readonly response: ChallengeResponse };

/**
 * The consumer of a request, or the challenge that refuses it. A verifier that throws is an
 * authority that could not be asked: `503`, never an admission.
 */
export async function admit(
  auth: HostAuthorization,
  req: IncomingMessage,
  anonymousConsumer: string | undefined,
  logger: Logger,
): Promise<Admission> {
  // Node keeps the first of several `Authorization` headers: each is read, and more than one, or
  // one that is empty, is a malformed token, never the request without one.
  const given = req.headersDistinct.authorization;
  if (given === undefined) {
    if (anonymousConsumer !== undefined) return { ok: true, consumer: anonymousConsumer };
    return { ok: false, response: auth.missing };
  }
  const presented = given.length === 1 ? bearerToken(given[0]) : undefined;
  if (presented === undefined || !presented.ok) {
    const code = presented === undefined ? 'MALFORMED' : presented.refusal.code;
    logger.info({ event: 'token_refused', code }, 'A token was refused.');
    return { ok: false, response: auth.invalid };
  }
  let verification: Awaited<ReturnType<TokenVerifier['verify']>>;
  try {
    verification = await auth.verifier.verify(presented.value);
  } catch {
    logger.error({ event: 'token_verifier_failed' }, 'The token verifier failed.');
    return { ok: false, response: auth.unavailable };
  }
  if (!verification.ok) {
    const { code, status } = verification.refusal;
    logger.info({ event: 'token_refused', code }, 'A token was refused.');
    return { ok: false, response: status === 503 ? auth.unavailable : auth.invalid };
  }
  const { consumer, scopes } = verification.value;
  if (auth.insufficient !== undefined && missingScopes(scopes, auth.requiredScopes).length > 0) {
    logger.info({ event: 'token_refused', code: 'INSUFFICIENT_SCOPE' }, 'A token was refused.');
    return { ok: false, response: auth.insufficient };
  }
  return { ok: true, consumer, scopes };
}

/** Sends a challenge as it was built. */
export function challenge(res: ServerResponse, response: ChallengeResponse): void {
  if (res.headersSent) return;
  res.writeHead(response.status, response.headers);
  res.end(response.body);
}

/** The metadata document, to a `GET`; `405` to any other method. */
export function serveMetadata(
  auth: HostAuthorization,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' });
    res.end();
    return;
  }
  res.writeHead(200, {
    'content-type': 'application/json',
    'cache-control': 'max-age=300',
    'content-length': Buffer.byteLength(auth.metadataBody),
  });
  res.end(req.method === 'HEAD' ? undefined : auth.metadataBody);
}
