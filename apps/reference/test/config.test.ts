/*
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
      'Only `consumers`, `stdio` and `callTimeoutMs` may appear at its top level.',
    ],
    ['no consumers', { consumers: [] }, '`consumers` must be a non-empty list.'],
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
      '`consumers[0].name` must be 1 to 64',
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
  ])('refuses %s in one sentence naming the field', (_, value, text) => {
    const parsed = parse(value);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.refusal.text).toContain(text);
    expect(parsed.refusal.text).not.toContain(canary);
    expect(parsed.refusal.text).toMatch(/^[A-Z`].*\.$/);
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
      tokenSha256: consumer.tokenSha256,
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
