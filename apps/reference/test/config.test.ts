/*
 * Guards the consumers file: every rule is checked before a start, each fault is one sentence
 * naming the field (never the value), a token resolves to its consumer only through its SHA-256,
 * and a fresh default config stores hashes and never the tokens it mints.
 */
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { describe, expect, it } from 'vitest';
import { type AppConfig, defaultConfig, grantsOf, parseConfig } from '../src/config.ts';
import { EXPOSED_TOOLS, READ_ONLY_TOOLS } from '../src/tools/index.ts';

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
      'Only `consumers` and `stdio` may appear at its top level.',
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
  });
});
