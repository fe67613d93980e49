/*
 * Longer than 400 lines: one table of refusals covers every field of the file.
 *
 * Guards the consumers file: every rule is checked before a start, each fault is one sentence
 * naming the field (never the value), a token resolves to its consumer only through its SHA-256,
 * and a fresh default config stores hashes and never the tokens it mints.
 */
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { describe, expect, it } from 'vitest';
import {
  type AppConfig,
  DEFAULT_CALL_TIMEOUT_MS,
  defaultConfig,
  grantsOf,
  parseConfig,
  scopeGrantsOfConfig,
} from '../src/config.ts';

/** What the app exposes and grants its `reader` (derived from the definitions; pinned in vocabulary-coverage). */
const EXPOSED_TOOLS = [
  'search_documents',
  'read_document',
  'tag_documents',
  'corpus_stats',
  'survey_corpus',
  'explain_query',
];
const READ_ONLY_TOOLS = ['search_documents', 'read_document', 'corpus_stats', 'explain_query'];

const HASH_A = hashToken('token-a');
const HASH_B = hashToken('token-b');
const good = {
  consumers: [
    { name: 'admin', tokenSha256: HASH_A, tools: '*' },
    {
      name: 'reader',
      tokenSha256: HASH_B.toUpperCase(),
      tools: ['search_documents', 'read_document'],
    },
  ],
  stdio: 'admin',
};
const AUTHORIZATION = {
  issuer: 'https://auth.example.com',
  resource: 'https://mcp.example.com/mcp',
};
const parse = (value: unknown) =>
  parseConfig(typeof value === 'string' ? value : JSON.stringify(value), EXPOSED_TOOLS);

describe('parseConfig', () => {
  it('reads the call timeout, ten minutes when the file names none', () => {
    const given = parse({ ...good, callTimeoutMs: 4000 });
    expect(given.ok && given.value.callTimeoutMs).toBe(4000);
    expect(parse({ ...good, callTimeoutMs: 2_147_483_647 }).ok).toBe(true);
    const absent = parse(good);
    expect(absent.ok && absent.value.callTimeoutMs).toBe(DEFAULT_CALL_TIMEOUT_MS);
    expect(DEFAULT_CALL_TIMEOUT_MS).toBe(600_000);
  });

  it('reads the documented shape and expands "*" in the grants', () => {
    const parsed = parse(good);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.stdio).toBe('admin');
    expect(parsed.value.consumers[1]?.tokenSha256).toBe(HASH_B);
    expect(grantsOf(parsed.value, EXPOSED_TOOLS)).toEqual({
      admin: [...EXPOSED_TOOLS],
      reader: ['search_documents', 'read_document'],
    });
  });

  const canary = 'canary-7f3a';
  it.each([
    ['not JSON', '{"consumers": [}', 'It is not strict JSON ('],
    [
      'a duplicate key',
      `{"consumers": [], "consumers": [${JSON.stringify(good.consumers[0])}]}`,
      'It is not strict JSON (DUPLICATE_KEY at byte',
    ],
    ['not an object', '[]', 'It must be a JSON object with `consumers`.'],
    [
      'an unknown top-level key',
      { ...good, [canary]: 1 },
      'Only `consumers`, `stdio`, `callTimeoutMs`, `authorization`, `rateLimits` and `anonymous` may appear at its top level.',
    ],
    ['no consumers', { consumers: [] }, '`consumers` must be a non-empty list'],
    [
      'a consumer that is not an object',
      { consumers: [canary] },
      '`consumers[0]` must be an object.',
    ],
    [
      'an unknown consumer key',
      { consumers: [{ ...good.consumers[0], [canary]: 1 }] },
      '`consumers[0]` may hold only',
    ],
    [
      'a bad name',
      { consumers: [{ ...good.consumers[0], name: `${canary} !` }] },
      '`consumers[0].name` must be 1 to 128',
    ],
    [
      'a repeated name',
      { consumers: [good.consumers[0], { ...good.consumers[1], name: 'admin' }] },
      '`consumers[1].name` repeats',
    ],
    [
      'a short hash',
      { consumers: [{ ...good.consumers[0], tokenSha256: canary }] },
      '`consumers[0].tokenSha256` must be 64 hexadecimal digits',
    ],
    [
      'a repeated hash',
      { consumers: [good.consumers[0], { ...good.consumers[1], tokenSha256: HASH_A }] },
      '`consumers[1].tokenSha256` repeats',
    ],
    [
      'tools of the wrong type',
      { consumers: [{ ...good.consumers[0], tools: 'all' }] },
      '`consumers[0].tools` must be "*" or a list',
    ],
    [
      'an unknown tool',
      { consumers: [{ ...good.consumers[0], tools: [canary] }] },
      '`consumers[0].tools` names a tool this server does not expose',
    ],
    [
      'the sub-agent, which is not exposed',
      { consumers: [{ ...good.consumers[0], tools: ['survey_folder'] }] },
      'does not expose',
    ],
    [
      'a stdio consumer that does not exist',
      { ...good, stdio: canary },
      '`stdio` must name one of the consumers.',
    ],
    [
      'an anonymous consumer that does not exist',
      { ...good, anonymous: canary },
      '`anonymous` must name one of the consumers.',
    ],
    [
      'a consumer without a token and no authorization',
      { consumers: [{ name: 'alice', tools: '*' }] },
      'without `authorization` every consumer needs one',
    ],
    [
      'an unknown authorization key',
      { ...good, authorization: { ...AUTHORIZATION, [canary]: 1 } },
      '`authorization` must be an object of',
    ],
    [
      'an issuer that is not a URL',
      { ...good, authorization: { ...AUTHORIZATION, issuer: canary } },
      '`authorization.issuer` must be the issuer identifier',
    ],
    [
      'a plain-http issuer off loopback',
      { ...good, authorization: { ...AUTHORIZATION, issuer: `http://${canary}.example.com` } },
      '`authorization.issuer` must be',
    ],
    [
      'an issuer with a query',
      {
        ...good,
        authorization: { ...AUTHORIZATION, issuer: `https://auth.example.com/?${canary}` },
      },
      '`authorization.issuer` must be',
    ],
    [
      'a resource with a fragment',
      {
        ...good,
        authorization: { ...AUTHORIZATION, resource: `https://mcp.example.com/mcp#${canary}` },
      },
      '`authorization.resource` must be the URL',
    ],
    [
      'a resource with credentials',
      {
        ...good,
        authorization: { ...AUTHORIZATION, resource: `https://${canary}:x@mcp.example.com/mcp` },
      },
      '`authorization.resource` must be the URL',
    ],
    [
      'a claim that is not a name',
      { ...good, authorization: { ...AUTHORIZATION, consumerClaim: `${canary} x` } },
      '`authorization.consumerClaim` must name a claim',
    ],
    [
      'a scope with a space',
      { ...good, authorization: { ...AUTHORIZATION, scopes: [`${canary} x`] } },
      '`authorization.scopes` must be a list of OAuth scope names.',
    ],
    [
      'a required scope not advertised',
      { ...good, authorization: { ...AUTHORIZATION, scopes: ['mcp'], requiredScopes: [canary] } },
      '`authorization.requiredScopes` may name only scopes listed',
    ],
    [
      'scope grants that are not a map',
      { ...good, authorization: { ...AUTHORIZATION, scopeGrants: [canary] } },
      '`authorization.scopeGrants` must map OAuth scopes to',
    ],
    [
      'a scope grant of a tool not exposed',
      { ...good, authorization: { ...AUTHORIZATION, scopeGrants: { mcp: [canary] } } },
      '`authorization.scopeGrants` names a tool this server does not expose',
    ],
    [
      'a scope grant of a scope not advertised',
      {
        ...good,
        authorization: { ...AUTHORIZATION, scopes: ['mcp'], scopeGrants: { [canary]: '*' } },
      },
      '`authorization.scopeGrants` may name only OAuth scopes listed in `authorization.scopes`.',
    ],
    [
      'a scope grant that is neither a list nor "*"',
      { ...good, authorization: { ...AUTHORIZATION, scopeGrants: { mcp: canary } } },
      '`authorization.scopeGrants` must map OAuth scopes to',
    ],
    [
      'rate limits that are not an object',
      { ...good, rateLimits: [canary] },
      '`rateLimits` must be an object of',
    ],
    ['no rate limit at all', { ...good, rateLimits: {} }, '`rateLimits` must set at least one of'],
    [
      'a burst of zero',
      { ...good, rateLimits: { perConsumer: { burst: 0, ratePerSecond: 1 } } },
      '`rateLimits.perConsumer.burst` must be a whole number of calls, at least 1.',
    ],
    [
      'a fractional burst',
      { ...good, rateLimits: { perTool: { burst: 1.5, ratePerSecond: 1 } } },
      '`rateLimits.perTool.burst` must be',
    ],
    [
      'a rate of zero for one tool',
      {
        ...good,
        rateLimits: {
          tools: {
            read_document: { burst: 1, ratePerSecond: 1 },
            survey_corpus: { burst: 1, ratePerSecond: 0 },
          },
        },
      },
      '`rateLimits.tools.survey_corpus.ratePerSecond` must be a number of calls per second above 0',
    ],
    [
      'a limit that is not an object',
      { ...good, rateLimits: { perTool: canary } },
      '`rateLimits.perTool` must be an object of `burst` and `ratePerSecond`.',
    ],
    [
      'an unknown limit key',
      { ...good, rateLimits: { perTool: { burst: 1, ratePerSecond: 1, [canary]: 1 } } },
      '`rateLimits.perTool` may hold only `burst` and `ratePerSecond`.',
    ],
    [
      'a rate limit for a tool not exposed',
      { ...good, rateLimits: { tools: { [canary]: { burst: 1, ratePerSecond: 1 } } } },
      '`rateLimits.tools` names a tool this server does not expose',
    ],
  ])('refuses %s in one sentence naming the field', (_, value, text) => {
    const parsed = parse(value);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.refusal.text).toContain(text);
    expect(parsed.refusal.text).not.toContain(canary);
    expect(parsed.refusal.text).toMatch(/^[A-Z`].*\.$/);
  });
});

describe('authorization and rate limits', () => {
  it('reads an issuer, with consumers known by a claim and others by a static token', () => {
    const parsed = parse({
      consumers: [
        { name: 'auth0|5f1c9e', tools: ['search_documents'] },
        { name: 'user@example.com', tools: '*' },
        { name: 'ci', tokenSha256: HASH_A, tools: '*' },
      ],
      anonymous: 'auth0|5f1c9e',
      authorization: {
        issuer: 'http://127.0.0.1:9000/realms/a',
        resource: 'http://localhost:3000/mcp',
        scopes: ['tools:read', 'tools:call', 'tools:call'],
        requiredScopes: ['tools:call'],
      },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.authorization).toEqual({
      issuer: 'http://127.0.0.1:9000/realms/a',
      resource: 'http://localhost:3000/mcp',
      consumerClaim: 'sub',
      scopes: ['tools:read', 'tools:call'],
      requiredScopes: ['tools:call'],
    });
    expect(parsed.value.anonymous).toBe('auth0|5f1c9e');
    expect(parsed.value.consumers.map((c) => c.tokenSha256)).toEqual([
      undefined,
      undefined,
      HASH_A,
    ]);
    const claim = parse({
      ...good,
      authorization: { ...AUTHORIZATION, consumerClaim: 'client_id' },
    });
    expect(claim.ok && claim.value.authorization?.consumerClaim).toBe('client_id');
  });

  it('reads scope grants, and allows no consumers when scopes grant the tools', () => {
    // A JSON text: a `__proto__` key must stay a scope of its own, not a prototype.
    const parsed = parse(
      JSON.stringify({
        consumers: [],
        authorization: {
          ...AUTHORIZATION,
          scopes: ['docs:read', 'docs:all', 'proto'],
          scopeGrants: {
            'docs:read': ['search_documents', 'search_documents'],
            'docs:all': '*',
            proto: ['read_document'],
          },
        },
      }).replaceAll('proto', '__proto__'),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const grants = scopeGrantsOfConfig(parsed.value, EXPOSED_TOOLS);
    expect(Object.getPrototypeOf(grants)).toBeNull();
    expect(Object.keys(grants ?? {})).toEqual(['docs:read', 'docs:all', '__proto__']);
    expect(grants?.['docs:read']).toEqual(['search_documents']);
    expect(grants?.['docs:all']).toEqual([...EXPOSED_TOOLS]);
    expect(grants?.['__proto__']).toEqual(['read_document']);
    const without = parse(good);
    expect(without.ok && scopeGrantsOfConfig(without.value, EXPOSED_TOOLS)).toBeUndefined();
  });

  it('reads rate limits as the limiter takes them', () => {
    const rateLimits = {
      perConsumer: { burst: 50, ratePerSecond: 10 },
      perTool: { burst: 10, ratePerSecond: 0.5 },
      tools: { survey_corpus: { burst: 2, ratePerSecond: 0.05 } },
    };
    const parsed = parse({ ...good, rateLimits });
    expect(parsed.ok && parsed.value.rateLimits).toEqual(rateLimits);
    const absent = parse(good);
    expect(absent.ok && 'rateLimits' in absent.value).toBe(false);
  });
});

describe('the call timeout of the consumers file', () => {
  const refusal = '`callTimeoutMs` must be a whole number of milliseconds from 1 to 2147483647.';
  const withTimeout = (text: string) =>
    `${JSON.stringify(good).slice(0, -1)},"callTimeoutMs":${text}}`;
  it.each([
    '"canary-7f3a"',
    '0',
    '-1',
    '1.5',
    '2147483648',
    '1e400',
    '12345678901234567890',
    'null',
    'true',
    '[1000]',
    '{"ms":1000}',
  ])('refuses %s in one sentence that does not repeat it', (text) => {
    const parsed = parse(withTimeout(text));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.refusal.text).toEqual(
      text === '1e400' ? expect.stringContaining('It is not strict JSON') : refusal,
    );
    expect(parsed.refusal.text).not.toContain('canary');
  });
});

/** The resolver the HTTP host is given for `config` (as `src/serve.ts` builds it). */
function resolverOf(config: AppConfig) {
  const resolver = createTokenResolver(
    config.consumers.map((consumer) => ({
      consumer: consumer.name,
      tokenSha256: consumer.tokenSha256 as string,
    })),
  );
  return (token: string) => resolver.resolve(token);
}

describe('token resolution', () => {
  it('resolves a token to the consumer whose hash it has, and nothing else to anyone', () => {
    const parsed = parse(good);
    if (!parsed.ok) throw new Error('config');
    const resolve = resolverOf(parsed.value);
    expect(resolve('token-a')).toBe('admin');
    expect(resolve('token-b')).toBe('reader');
    expect(resolve('token-c')).toBeUndefined();
    expect(resolve('')).toBeUndefined();
    expect(resolve(HASH_A)).toBeUndefined();
  });
});

describe('defaultConfig', () => {
  it('mints two fresh tokens and stores only their hashes', () => {
    const first = defaultConfig(READ_ONLY_TOOLS);
    const second = defaultConfig(READ_ONLY_TOOLS);
    expect(first.tokens.admin).not.toBe(second.tokens.admin);
    expect(first.tokens.admin).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.text).not.toContain(first.tokens.admin);
    expect(first.text).not.toContain(first.tokens.reader);
    const parsed = parse(first.text);
    if (!parsed.ok) throw new Error('default config does not parse');
    const resolve = resolverOf(parsed.value);
    expect(resolve(first.tokens.admin)).toBe('admin');
    expect(resolve(first.tokens.reader)).toBe('reader');
    expect(grantsOf(parsed.value, EXPOSED_TOOLS).reader).toEqual([...READ_ONLY_TOOLS]);
    expect(parsed.value.stdio).toBe('admin');
    expect(parsed.value.callTimeoutMs).toBe(DEFAULT_CALL_TIMEOUT_MS);
    expect(JSON.parse(first.text).callTimeoutMs).toBe(DEFAULT_CALL_TIMEOUT_MS);
  });
});
