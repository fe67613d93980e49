/**
 * A real authorization server on 127.0.0.1 for the OAuth tests: oidc-provider issuing JWT access
 * tokens (ES256, RFC 9068) for one resource (RFC 8707), through the authorization code grant with
 * PKCE for a public native client, and the client credentials grant for a confidential one. The
 * login is the test's: an interaction names the account and grants the scopes it asked for, as a
 * user clicking "allow" would, and {@link AuthorizationServer.authorize} plays the user agent
 * (following redirects, carrying cookies) until the redirect to the client carries a code.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { errors as providerErrors } from 'oidc-provider';

/** The public client of the authorization code flow, registered ahead (no dynamic registration). */
export const PUBLIC_CLIENT = {
  id: 'mcp-desktop',
  redirectUri: 'http://127.0.0.1/oauth/callback',
} as const;

/** The confidential client of the client credentials grant. */
export const SERVICE_CLIENT = { id: 'nightly-agent', secret: 'nightly-secret-0123456789abcdef' };

/** The scope the resource requires. */
export const MCP_SCOPE = 'mcp:tools';

export interface AuthorizationServer {
  readonly issuer: string;
  /** The account a login interaction signs in. */
  account: string;
  /**
   * Plays the user agent on `authorizationUrl`: follows each redirect (the login interaction
   * included) until the one to the client's redirect URI, and returns its query (`code`, `iss`).
   */
  authorize(authorizationUrl: URL): Promise<URLSearchParams>;
  /** A client credentials access token of {@link SERVICE_CLIENT} for `resource`. */
  serviceToken(resource: string): Promise<string>;
  close(): Promise<void>;
}

function signingKey() {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: 'reference-test-es256', alg: 'ES256' };
}

/** Starts the server, issuing JWT access tokens whose audience is `resource`. */
export async function startAuthorizationServer(resource: string): Promise<AuthorizationServer> {
  let callback: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server: Server = createServer((req, res) => callback(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state = { account: 'alice' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: PUBLIC_CLIENT.id,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [PUBLIC_CLIENT.redirectUri],
        scope: MCP_SCOPE,
        id_token_signed_response_alg: 'ES256',
      },
      {
        client_id: SERVICE_CLIENT.id,
        client_secret: SERVICE_CLIENT.secret,
        grant_types: ['client_credentials'],
        response_types: [],
        redirect_uris: [],
        scope: MCP_SCOPE,
        id_token_signed_response_alg: 'ES256',
      },
    ],
    jwks: { keys: [signingKey()] },
    scopes: [MCP_SCOPE],
    cookies: { keys: ['reference-test-cookie-key'] },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new providerErrors.InvalidTarget();
          return {
            scope: MCP_SCOPE,
            audience: resource,
            accessTokenTTL: 300,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'ES256' } },
          };
        },
      },
    },
  });
  const oidc = provider.callback();

  // The login and consent page: signs the account in and grants what the client asked for.
  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const grant = new provider.Grant({
      accountId: state.account,
      clientId: String(details.params['client_id']),
    });
    // The scope is both one the provider knows and one of the resource's.
    grant.addOIDCScope(MCP_SCOPE);
    grant.addResourceScope(resource, MCP_SCOPE);
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: state.account }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  };
  callback = (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch(() => {
        res.statusCode = 500;
        res.end();
      });
      return;
    }
    oidc(req, res);
  };

  return {
    issuer,
    get account() {
      return state.account;
    },
    set account(name) {
      state.account = name;
    },
    async authorize(authorizationUrl) {
      const cookies = new Map<string, string>();
      let url = authorizationUrl;
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.href.startsWith(PUBLIC_CLIENT.redirectUri)) {
          if (!url.searchParams.has('code')) {
            throw new Error(`the authorization was refused: ${url.search}`);
          }
          return url.searchParams;
        }
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (location === null) {
          throw new Error(
            `the authorization stopped at ${response.status}: ${await response.text()}`,
          );
        }
        url = new URL(location, url);
      }
      throw new Error('the authorization redirected too many times');
    },
    async serviceToken(forResource) {
      const basic = Buffer.from(`${SERVICE_CLIENT.id}:${SERVICE_CLIENT.secret}`).toString('base64');
      const response = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${basic}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          resource: forResource,
          scope: MCP_SCOPE,
        }).toString(),
      });
      const body = (await response.json()) as { access_token?: unknown };
      if (response.status !== 200 || typeof body.access_token !== 'string') {
        throw new Error(`the authorization server issued no token (${response.status})`);
      }
      return body.access_token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
