import { invalidOption } from './errors.ts';
import { absoluteUrl, endpointUrl, objectOf, plainString } from './internal/options.ts';

/** The well-known path of Protected Resource Metadata (RFC 9728, 3). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';

/** The RFC 9728 document, with its registered member names. */
export interface ProtectedResourceMetadata {
  readonly resource: string;
  readonly authorization_servers: readonly string[];
  readonly bearer_methods_supported: readonly ['header'];
  readonly scopes_supported?: readonly string[];
  readonly resource_name?: string;
  readonly resource_documentation?: string;
}

/** Options of {@link protectedResourceMetadata}. */
export interface ProtectedResourceMetadataOptions {
  /** This resource's identifier, as clients name it in `resource` (RFC 8707) and tokens in `aud`. */
  readonly resource: string;
  /** Issuer identifiers of the authorization servers that issue tokens for it: at least one. */
  readonly authorizationServers: readonly string[];
  /** The scopes a client may ask for. */
  readonly scopesSupported?: readonly string[];
  /** A human-readable name. */
  readonly resourceName?: string;
  /** A page for people who configure a client. */
  readonly resourceDocumentation?: string;
}

const SCOPE_TOKEN = /^[\u0021\u0023-\u005b\u005d-\u007e]+$/;

/** A list of RFC 6749 scope tokens, without repeats. */
export function scopeList(value: unknown, option: string): readonly string[] {
  if (
    !Array.isArray(value) ||
    !value.every((scope) => typeof scope === 'string' && SCOPE_TOKEN.test(scope)) ||
    new Set(value).size !== value.length
  ) {
    invalidOption(option, 'Scopes must be a list of distinct RFC 6749 scope tokens.');
  }
  return Object.freeze([...(value as string[])]);
}

/** A resource identifier: https (http only on loopback), no query, no fragment, no credentials. */
export function resourceUrl(value: unknown, option: string): URL {
  const url = endpointUrl(value, option);
  if (url.search !== '') invalidOption(option, 'A resource identifier must carry no query.');
  return url;
}

/**
 * The Protected Resource Metadata document (RFC 9728) a server serves at both paths of
 * {@link protectedResourceMetadataPaths}: the resource, its authorization servers, the header as
 * the only bearer method, and the scopes. Built once from configuration, so nothing a caller sent
 * can be in it; throws {@link OAuthError} `INVALID_OPTIONS` for a value that is not of its kind.
 */
export function protectedResourceMetadata(
  options: ProtectedResourceMetadataOptions,
): ProtectedResourceMetadata {
  const given = objectOf(options, 'options');
  resourceUrl(given.resource, 'resource');
  const resource = given.resource as string;
  if (!Array.isArray(given.authorizationServers) || given.authorizationServers.length === 0) {
    invalidOption('authorizationServers', 'authorizationServers must name at least one issuer.');
  }
  const authorizationServers = (given.authorizationServers as unknown[]).map((issuer, position) => {
    endpointUrl(issuer, `authorizationServers.${position}`);
    return issuer as string;
  });
  const document: Record<string, unknown> = {
    resource: String(resource),
    authorization_servers: Object.freeze(authorizationServers),
    bearer_methods_supported: Object.freeze(['header']),
  };
  if (given.scopesSupported !== undefined) {
    document.scopes_supported = scopeList(given.scopesSupported, 'scopesSupported');
  }
  if (given.resourceName !== undefined) {
    document.resource_name = plainString(given.resourceName, 'resourceName');
  }
  if (given.resourceDocumentation !== undefined) {
    document.resource_documentation = absoluteUrl(
      given.resourceDocumentation,
      'resourceDocumentation',
    ).href;
  }
  return Object.freeze(document) as unknown as ProtectedResourceMetadata;
}

/**
 * Where the metadata of `resource` is served, as paths on its origin: the path-suffixed form
 * first (RFC 9728, 3.1: the well-known path inserted between the host and the resource's path,
 * its trailing slash removed), then the root form, which clients also try. One path when the
 * resource has no path.
 */
export function protectedResourceMetadataPaths(resource: string): readonly string[] {
  const url = resourceUrl(resource, 'resource');
  const path = url.pathname.replace(/\/+$/, '');
  return Object.freeze(
    path === ''
      ? [PROTECTED_RESOURCE_METADATA_PATH]
      : [`${PROTECTED_RESOURCE_METADATA_PATH}${path}`, PROTECTED_RESOURCE_METADATA_PATH],
  );
}

/** The URL a challenge's `resource_metadata` names: the path-suffixed form on the resource's origin. */
export function protectedResourceMetadataUrl(resource: string): string {
  const url = resourceUrl(resource, 'resource');
  return new URL(protectedResourceMetadataPaths(resource)[0]!, url.origin).href;
}
