/**
 * Longer than 400 lines: every rule of the file, each refusal naming its field, sits here together.
 *
 * The consumers file (`--config`, or `config.json` in the data folder): who may call which tools,
 * each consumer known by the SHA-256 of its bearer token, never the token itself, or by the claim
 * of an OAuth access token.
 *
 * ```json
 * { "consumers": [ { "name": "admin", "tokenSha256": "<64 hex>", "tools": "*" },
 *                  { "name": "reader", "tokenSha256": "<64 hex>", "tools": ["search_documents"] } ],
 *   "stdio": "admin",
 *   "callTimeoutMs": 600000,
 *   "authorization": { "issuer": "https://auth.example.com", "resource": "https://mcp.example.com/mcp" },
 *   "rateLimits": { "perConsumer": { "burst": 50, "ratePerSecond": 10 } } }
 * ```
 *
 * `callTimeoutMs` is the deadline of every call (default {@link DEFAULT_CALL_TIMEOUT_MS}): when it
 * passes, the call's whole workflow is cancelled, the sub-agents of `survey_corpus` included.
 * `authorization` makes the HTTP host an OAuth resource server (see {@link AuthorizationConfig});
 * a consumer then needs no `tokenSha256`. `rateLimits` are the token buckets of
 * `@portcullis/limits`, per consumer and per (consumer, tool). `anonymous` names the consumer a
 * request without a token acts as.
 *
 * The file is read with the strict decoder (a duplicate key is an error, not a silent override) and
 * every rule is checked before the server starts; a fault is one line naming the field. The HTTP
 * host resolves a token through `createTokenResolver` of `@portcullis/server/http`.
 */
import { randomBytes } from 'node:crypto';
import { decode } from '@portcullis/decoder';
import { createRateLimiter, RateLimitError, type RateLimiterOptions } from '@portcullis/limits';
import { hashToken } from '@portcullis/server/http';

/** The deadline of every call when the config names none: a survey of a large corpus takes minutes. */
export const DEFAULT_CALL_TIMEOUT_MS = 10 * 60_000;

/** The longest deadline a config may set: what a Node timer can wait (about 24.8 days). */
export const MAX_CALL_TIMEOUT_MS = 2_147_483_647;

/** One consumer of the configuration. */
export interface ConsumerConfig {
  readonly name: string;
  /** The SHA-256 of its static bearer token; optional under `authorization`. */
  readonly tokenSha256?: string;
  /** `*` for every exposed tool, or the tool names granted. */
  readonly tools: '*' | readonly string[];
}

/** The parsed configuration. */
export interface AppConfig {
  readonly consumers: readonly ConsumerConfig[];
  /** The consumer a `--stdio` session acts as (stdio carries no token); `--stdio` needs one. */
  readonly stdio?: string;
  /** The deadline of every call, in milliseconds. */
  readonly callTimeoutMs: number;
  /** The OAuth authorization server whose access tokens the HTTP host accepts. */
  readonly authorization?: AuthorizationConfig;
  /** The rate limits of every call (validated: `createRateLimiter` takes them as they are). */
  readonly rateLimits?: RateLimitsConfig;
  /** The consumer an HTTP request without an `Authorization` header acts as. */
  readonly anonymous?: string;
}

/**
 * The HTTP host as an OAuth 2.1 resource server: access tokens are JWTs of `issuer`, verified
 * against the keys its metadata names (discovered at start), whose `aud` is `resource`.
 */
export interface AuthorizationConfig {
  /** The authorization server's issuer identifier (https, or http on a loopback address). */
  readonly issuer: string;
  /** This server's URL as clients reach it (the MCP endpoint), the tokens' audience. */
  readonly resource: string;
  /** The claim naming the consumer (default `sub`; `client_id` for machine clients). */
  readonly consumerClaim: string;
  /** The scopes the metadata advertises. */
  readonly scopes?: readonly string[];
  /** The scopes every request needs; a token without one is `403 insufficient_scope`. */
  readonly requiredScopes?: readonly string[];
  /**
   * The tools each scope grants to a token holding it, beside its consumer's `tools` (`*` is every
   * exposed tool): a token's consumer then needs no entry in `consumers`.
   */
  readonly scopeGrants?: Readonly<Record<string, readonly string[] | '*'>>;
}

/** The limits of `@portcullis/limits`, without its store and clock. */
export type RateLimitsConfig = Pick<RateLimiterOptions, 'perConsumer' | 'perTool' | 'tools'>;

/**
 * A consumer name: 1 to 128 letters, digits, `_`, `.`, `-`, `@`, `|`, `:` or `+`, so that a token's
 * `sub` (`auth0|5f1…`, `user@example.com`) can name a consumer.
 */
export const CONSUMER_NAME_PATTERN = /^[A-Za-z0-9_.@|:+-]{1,128}$/;

const HEX_64 = /^[0-9a-f]{64}$/;
const CONFIG_KEYS = new Set([
  'consumers',
  'stdio',
  'callTimeoutMs',
  'authorization',
  'rateLimits',
  'anonymous',
]);
const AUTHORIZATION_KEYS = new Set([
  'issuer',
  'resource',
  'consumerClaim',
  'scopes',
  'requiredScopes',
  'scopeGrants',
]);
const RATE_LIMIT_KEYS = new Set(['perConsumer', 'perTool', 'tools']);
const SCOPE = /^[\x21\x23-\x5b\x5d-\x7e]{1,128}$/;
const CONSUMER_KEYS = new Set(['name', 'tokenSha256', 'tools']);

type Parsed =
  | { readonly ok: true; readonly value: AppConfig }
  | { readonly ok: false; readonly refusal: { readonly text: string } };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const LIMIT_KEYS = new Set(['burst', 'ratePerSecond']);

/** An https URL, or http on a loopback address, with no fragment; otherwise undefined. */
function secureUrl(value: unknown): URL | undefined {
  if (typeof value !== 'string' || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  return secure && url.hash === '' && url.username === '' && url.password === '' ? url : undefined;
}

function scopeList(value: unknown): string[] | undefined {
  if (
    !Array.isArray(value) ||
    !value.every((scope) => typeof scope === 'string' && SCOPE.test(scope))
  ) {
    return undefined;
  }
  return [...new Set(value as string[])];
}

type Part<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly text: string };

/** The `scopeGrants` of `authorization`, each scope advertised (when `scopes` are) and each tool exposed. */
function scopeGrantsOf(
  given: unknown,
  scopes: readonly string[] | undefined,
  exposed: readonly string[],
): Part<Record<string, readonly string[] | '*'>> {
  const refuse = (text: string) => ({ ok: false as const, text });
  if (!isObject(given)) {
    return refuse(
      '`authorization.scopeGrants` must map OAuth scopes to "*" or lists of tool names.',
    );
  }
  const grants: Record<string, readonly string[] | '*'> = Object.create(null);
  for (const [scope, tools] of Object.entries(given)) {
    if (!SCOPE.test(scope) || (scopes !== undefined && !scopes.includes(scope))) {
      return refuse(
        `\`authorization.scopeGrants\` may name only OAuth scopes${scopes === undefined ? '' : ' listed in `authorization.scopes`'}.`,
      );
    }
    if (tools === '*') {
      grants[scope] = '*';
      continue;
    }
    if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === 'string')) {
      return refuse(
        '`authorization.scopeGrants` must map OAuth scopes to "*" or lists of tool names.',
      );
    }
    if (tools.some((tool) => !exposed.includes(tool))) {
      return refuse(
        `\`authorization.scopeGrants\` names a tool this server does not expose (it exposes ${exposed.join(', ')}).`,
      );
    }
    grants[scope] = [...new Set(tools as string[])];
  }
  return { ok: true, value: grants };
}

function authorizationOf(
  given: unknown,
  exposed: readonly string[],
): Part<AuthorizationConfig | undefined> {
  const refuse = (text: string) => ({ ok: false as const, text });
  if (given === undefined) return { ok: true, value: undefined };
  if (!isObject(given) || Object.keys(given).some((key) => !AUTHORIZATION_KEYS.has(key))) {
    return refuse(
      '`authorization` must be an object of `issuer`, `resource`, `consumerClaim`, `scopes`, `requiredScopes` and `scopeGrants`.',
    );
  }
  const issuer = secureUrl(given.issuer);
  if (issuer === undefined || issuer.search !== '') {
    return refuse(
      '`authorization.issuer` must be the issuer identifier of the authorization server: an https URL (http only on a loopback address) without query or fragment.',
    );
  }
  if (secureUrl(given.resource) === undefined) {
    return refuse(
      '`authorization.resource` must be the URL clients reach this server at (https, http only on a loopback address), such as https://mcp.example.com/mcp.',
    );
  }
  const claim = given.consumerClaim ?? 'sub';
  if (typeof claim !== 'string' || !/^[\x21-\x7e]{1,256}$/.test(claim)) {
    return refuse('`authorization.consumerClaim` must name a claim, such as `sub` or `client_id`.');
  }
  const scopes = given.scopes === undefined ? undefined : scopeList(given.scopes);
  if (given.scopes !== undefined && scopes === undefined) {
    return refuse('`authorization.scopes` must be a list of OAuth scope names.');
  }
  const required = given.requiredScopes === undefined ? undefined : scopeList(given.requiredScopes);
  if (given.requiredScopes !== undefined && required === undefined) {
    return refuse('`authorization.requiredScopes` must be a list of OAuth scope names.');
  }
  if (scopes !== undefined && required?.some((scope) => !scopes.includes(scope))) {
    return refuse(
      '`authorization.requiredScopes` may name only scopes listed in `authorization.scopes`.',
    );
  }
  const scopeGrants =
    given.scopeGrants === undefined ? undefined : scopeGrantsOf(given.scopeGrants, scopes, exposed);
  if (scopeGrants !== undefined && !scopeGrants.ok) return scopeGrants;
  return {
    ok: true,
    value: {
      issuer: given.issuer as string,
      resource: given.resource as string,
      consumerClaim: claim,
      ...(scopes === undefined ? {} : { scopes }),
      ...(required === undefined ? {} : { requiredScopes: required }),
      ...(scopeGrants === undefined ? {} : { scopeGrants: scopeGrants.value }),
    },
  };
}

/** Where a limit of the limiter's options sits in the file (`tools.2` is the third tool named). */
function limitField(option: string, tools: readonly string[]): string {
  const [head, position, ...rest] = option.split('.');
  if (head !== 'tools' || position === undefined) return `rateLimits.${option}`;
  return [`rateLimits.tools.${tools[Number(position)]}`, ...rest].join('.');
}

function rateLimitsOf(
  given: unknown,
  exposed: readonly string[],
): Part<RateLimitsConfig | undefined> {
  const refuse = (text: string) => ({ ok: false as const, text });
  if (given === undefined) return { ok: true, value: undefined };
  if (!isObject(given) || Object.keys(given).some((key) => !RATE_LIMIT_KEYS.has(key))) {
    return refuse('`rateLimits` must be an object of `perConsumer`, `perTool` and `tools`.');
  }
  const tools = isObject(given.tools) ? Object.keys(given.tools) : [];
  if (tools.some((tool) => !exposed.includes(tool))) {
    return refuse(
      `\`rateLimits.tools\` names a tool this server does not expose (it exposes ${exposed.join(', ')}).`,
    );
  }
  const limits = [
    ['perConsumer', given.perConsumer],
    ['perTool', given.perTool],
    ...tools.map((tool) => [`tools.${tool}`, (given.tools as Record<string, unknown>)[tool]]),
  ] as const;
  for (const [field, limit] of limits) {
    if (isObject(limit) && Object.keys(limit).some((key) => !LIMIT_KEYS.has(key))) {
      return refuse(`\`rateLimits.${field}\` may hold only \`burst\` and \`ratePerSecond\`.`);
    }
  }
  const value = given as RateLimitsConfig;
  try {
    createRateLimiter(value);
  } catch (error) {
    if (!(error instanceof RateLimitError)) throw error;
    const option = error.details.option;
    if (option === undefined) {
      return refuse('`rateLimits` must set at least one of `perConsumer`, `perTool` and `tools`.');
    }
    const field = limitField(option, tools);
    if (field.endsWith('.burst'))
      return refuse(`\`${field}\` must be a whole number of calls, at least 1.`);
    if (field.endsWith('.ratePerSecond')) {
      return refuse(
        `\`${field}\` must be a number of calls per second above 0 (0.5 is one call every 2 s).`,
      );
    }
    return refuse(`\`${field}\` must be an object of \`burst\` and \`ratePerSecond\`.`);
  }
  return { ok: true, value };
}

/**
 * Reads a configuration from its bytes against the tools the server exposes. The refusal's text is
 * one sentence naming the field at fault (for example `consumers[1].tokenSha256`).
 */
export function parseConfig(bytes: Uint8Array | string, exposed: readonly string[]): Parsed {
  const refuse = (text: string): Parsed => ({ ok: false, refusal: { text } });
  const decoded = decode(bytes);
  if (!decoded.ok) {
    return refuse(
      `It is not strict JSON (${decoded.refusal.code} at byte ${decoded.refusal.offset}).`,
    );
  }
  const root: unknown = decoded.value;
  if (!isObject(root)) return refuse('It must be a JSON object with `consumers`.');
  const extra = Object.keys(root).filter((key) => !CONFIG_KEYS.has(key));
  if (extra.length > 0) {
    return refuse(
      'Only `consumers`, `stdio`, `callTimeoutMs`, `authorization`, `rateLimits` and `anonymous` may appear at its top level.',
    );
  }
  const authorization = authorizationOf(root.authorization, exposed);
  if (!authorization.ok) return refuse(authorization.text);
  const consumers = root.consumers;
  // Scopes may grant every tool a token's consumer has; then `consumers` may be empty.
  const byScopes = authorization.value?.scopeGrants !== undefined;
  if (!Array.isArray(consumers) || (consumers.length === 0 && !byScopes)) {
    return refuse(
      '`consumers` must be a non-empty list (it may be empty when `authorization.scopeGrants` grants the tools).',
    );
  }
  const names = new Set<string>();
  const hashes = new Set<string>();
  const parsed: ConsumerConfig[] = [];
  for (const [index, consumer] of consumers.entries()) {
    const at = `consumers[${index}]`;
    if (!isObject(consumer)) return refuse(`\`${at}\` must be an object.`);
    if (Object.keys(consumer).some((key) => !CONSUMER_KEYS.has(key))) {
      return refuse(`\`${at}\` may hold only \`name\`, \`tokenSha256\` and \`tools\`.`);
    }
    const { name, tokenSha256, tools } = consumer;
    if (typeof name !== 'string' || !CONSUMER_NAME_PATTERN.test(name)) {
      return refuse(
        `\`${at}.name\` must be 1 to 128 letters, digits, \`_\`, \`.\`, \`-\`, \`@\`, \`|\`, \`:\` or \`+\`.`,
      );
    }
    if (names.has(name)) return refuse(`\`${at}.name\` repeats the name of an earlier consumer.`);
    const keyless = tokenSha256 === undefined && authorization.value !== undefined;
    if (!keyless && (typeof tokenSha256 !== 'string' || !HEX_64.test(tokenSha256.toLowerCase()))) {
      return refuse(
        `\`${at}.tokenSha256\` must be 64 hexadecimal digits (the SHA-256 of the token)${authorization.value === undefined ? '; without `authorization` every consumer needs one' : ''}.`,
      );
    }
    const hash = keyless ? undefined : (tokenSha256 as string).toLowerCase();
    if (hash !== undefined && hashes.has(hash))
      return refuse(`\`${at}.tokenSha256\` repeats the hash of an earlier consumer.`);
    if (tools !== '*') {
      if (!Array.isArray(tools) || !tools.every((tool) => typeof tool === 'string')) {
        return refuse(`\`${at}.tools\` must be "*" or a list of tool names.`);
      }
      const unknown = tools.find((tool) => !exposed.includes(tool));
      if (unknown !== undefined) {
        return refuse(
          `\`${at}.tools\` names a tool this server does not expose (it exposes ${exposed.join(', ')}).`,
        );
      }
    }
    names.add(name);
    if (hash !== undefined) hashes.add(hash);
    parsed.push({
      name,
      ...(hash === undefined ? {} : { tokenSha256: hash }),
      tools: tools === '*' ? '*' : [...new Set(tools as string[])],
    });
  }
  const stdio = root.stdio;
  if (stdio !== undefined && (typeof stdio !== 'string' || !names.has(stdio))) {
    return refuse('`stdio` must name one of the consumers.');
  }
  const anonymous = root.anonymous;
  if (anonymous !== undefined && (typeof anonymous !== 'string' || !names.has(anonymous))) {
    return refuse('`anonymous` must name one of the consumers.');
  }
  const timeout = root.callTimeoutMs === undefined ? DEFAULT_CALL_TIMEOUT_MS : root.callTimeoutMs;
  if (
    typeof timeout !== 'number' ||
    !Number.isInteger(timeout) ||
    timeout < 1 ||
    timeout > MAX_CALL_TIMEOUT_MS
  ) {
    return refuse(
      `\`callTimeoutMs\` must be a whole number of milliseconds from 1 to ${MAX_CALL_TIMEOUT_MS}.`,
    );
  }
  const rateLimits = rateLimitsOf(root.rateLimits, exposed);
  if (!rateLimits.ok) return refuse(rateLimits.text);
  return {
    ok: true,
    value: {
      consumers: parsed,
      callTimeoutMs: timeout,
      ...(stdio === undefined ? {} : { stdio }),
      ...(anonymous === undefined ? {} : { anonymous }),
      ...(authorization.value === undefined ? {} : { authorization: authorization.value }),
      ...(rateLimits.value === undefined ? {} : { rateLimits: rateLimits.value }),
    },
  };
}

/** The grants a server takes: each consumer's tool names, `*` expanded to `exposed`. */
export function grantsOf(config: AppConfig, exposed: readonly string[]): Record<string, string[]> {
  // Without a prototype, a consumer named `__proto__` is a key like any other.
  const grants: Record<string, string[]> = Object.create(null);
  for (const consumer of config.consumers) {
    grants[consumer.name] = consumer.tools === '*' ? [...exposed] : [...consumer.tools];
  }
  return grants;
}

/** The scope grants a server takes, `*` expanded to `exposed`; undefined without any. */
export function scopeGrantsOfConfig(
  config: AppConfig,
  exposed: readonly string[],
): Record<string, string[]> | undefined {
  const given = config.authorization?.scopeGrants;
  if (given === undefined) return undefined;
  const grants: Record<string, string[]> = Object.create(null);
  for (const [scope, tools] of Object.entries(given)) {
    grants[scope] = tools === '*' ? [...exposed] : [...tools];
  }
  return grants;
}

/** A fresh random bearer token: 32 bytes, base64url. */
export function mintToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The configuration a first start writes: `admin` with every tool and `reader` with `readOnly`,
 * `stdio` acting as `admin`, the default call deadline written out so it can be changed. Returns the file's JSON text and the tokens, which are shown once and
 * stored nowhere.
 */
export function defaultConfig(readOnly: readonly string[]): {
  readonly text: string;
  readonly tokens: { readonly admin: string; readonly reader: string };
} {
  const tokens = { admin: mintToken(), reader: mintToken() };
  const config = {
    consumers: [
      { name: 'admin', tokenSha256: hashToken(tokens.admin), tools: '*' },
      { name: 'reader', tokenSha256: hashToken(tokens.reader), tools: [...readOnly] },
    ],
    stdio: 'admin',
    callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
  };
  return { text: `${JSON.stringify(config, null, 2)}\n`, tokens };
}
