import { OAuthError } from './errors.ts';
import { readBounded } from './internal/bounded-fetch.ts';
import { endpointUrl, integerIn, objectOf, plainString } from './internal/options.ts';
import { DEFAULT_TIMEOUT_MS } from './limits.ts';

/** What a resource server needs from its authorization server's metadata. */
export interface AuthorizationServerMetadata {
  /** The issuer identifier, equal to the one asked for. */
  readonly issuer: string;
  /** Where its keys are published, for {@link createJwtVerifier}. */
  readonly jwksUri?: string;
  /** Its introspection endpoint, for {@link createIntrospectionVerifier}. */
  readonly introspectionEndpoint?: string;
  /** The scopes it names. */
  readonly scopesSupported?: readonly string[];
}

/** Options of {@link discoverAuthorizationServer}. */
export interface DiscoveryOptions {
  /** How long each metadata request may take. Default {@link DEFAULT_TIMEOUT_MS}. */
  readonly timeoutMs?: number;
}

/**
 * The metadata URLs of an issuer, in the order asked: RFC 8414's (the well-known path inserted
 * between the host and the issuer's path), then OpenID Connect Discovery's (appended to it).
 */
export function authorizationServerMetadataUrls(issuer: string): readonly string[] {
  const url = endpointUrl(issuer, 'issuer');
  const path = url.pathname.replace(/\/+$/, '');
  return Object.freeze([
    new URL(`/.well-known/oauth-authorization-server${path}`, url.origin).href,
    new URL(`${path}/.well-known/openid-configuration`, url.origin).href,
  ]);
}

function optionalUrl(value: unknown, option: string): string | undefined {
  if (value === undefined) return undefined;
  try {
    return endpointUrl(value, option).href;
  } catch (cause) {
    throw new OAuthError(
      'DISCOVERY_FAILED',
      'The authorization server names an endpoint that is no https URL.',
      {
        option,
        cause,
      },
    );
  }
}

/**
 * Fetches an issuer's metadata (RFC 8414, else OpenID Connect Discovery) when a server starts, so
 * a configuration can name the issuer alone. The metadata must name exactly the issuer asked for
 * (RFC 8414, 3.3: a document for another issuer is refused, against mix-up), within the timeout,
 * as JSON of bounded size; its endpoints must be https (http on loopback). Anything else throws
 * {@link OAuthError} `DISCOVERY_FAILED`, so a server does not start on a wrong issuer.
 */
export async function discoverAuthorizationServer(
  issuer: string,
  options: DiscoveryOptions = {},
): Promise<AuthorizationServerMetadata> {
  const expected = plainString(issuer, 'issuer');
  const given = objectOf(options, 'options');
  const timeoutMs = integerIn(given.timeoutMs, 'timeoutMs', DEFAULT_TIMEOUT_MS, 1, 60_000);
  let last: OAuthError | undefined;
  for (const url of authorizationServerMetadataUrls(expected)) {
    let response: Response;
    let body: Uint8Array;
    try {
      response = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
        headers: { accept: 'application/json' },
      });
      body = await readBounded(response);
    } catch (cause) {
      last = new OAuthError(
        'DISCOVERY_FAILED',
        'The authorization server’s metadata could not be fetched.',
        {
          option: 'issuer',
          cause,
        },
      );
      continue;
    }
    if (response.status !== 200) {
      last = new OAuthError(
        'DISCOVERY_FAILED',
        'The authorization server’s metadata was not found.',
        {
          option: 'issuer',
          status: response.status,
        },
      );
      continue;
    }
    let document: unknown;
    try {
      document = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch (cause) {
      throw new OAuthError('DISCOVERY_FAILED', 'The authorization server’s metadata is no JSON.', {
        option: 'issuer',
        cause,
      });
    }
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      throw new OAuthError(
        'DISCOVERY_FAILED',
        'The authorization server’s metadata is no JSON object.',
        {
          option: 'issuer',
        },
      );
    }
    const fields = document as Record<string, unknown>;
    if (fields.issuer !== expected) {
      throw new OAuthError(
        'DISCOVERY_FAILED',
        'The authorization server’s metadata names another issuer than the one configured.',
        { option: 'issuer' },
      );
    }
    const jwksUri = optionalUrl(fields.jwks_uri, 'jwks_uri');
    const introspectionEndpoint = optionalUrl(
      fields.introspection_endpoint,
      'introspection_endpoint',
    );
    const scopes = fields.scopes_supported;
    const metadata: AuthorizationServerMetadata = {
      issuer: expected,
      ...(jwksUri === undefined ? {} : { jwksUri }),
      ...(introspectionEndpoint === undefined ? {} : { introspectionEndpoint }),
      ...(Array.isArray(scopes) && scopes.every((s) => typeof s === 'string')
        ? { scopesSupported: Object.freeze([...(scopes as string[])]) }
        : {}),
    };
    return Object.freeze(metadata);
  }
  throw last!;
}
