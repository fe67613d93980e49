/*
 * The contract keywords end to end, through the fixture's `profile` tool, with the SDK client over
 * the real interposer: string lengths, a pattern, the six string formats, item counts,
 * `uniqueItems` (bigints compared exactly), exclusive bounds, `multipleOf`, nullable places, a
 * discriminated object union and a union of scalars. Each is served when kept and refused when
 * broken, in the gate's correctable words (naming the rule, never the value sent), under the
 * canonical dialect and under a dialect that drops the keyword: that dialect lists the place in
 * `narrowed`, its own document admits the value, and the canonical pass still refuses it.
 */
import { DIALECT_NAMES } from '@portcullis/dialects';
import { judge } from '@portcullis/gate';
import { afterEach, describe, expect, it } from 'vitest';
import { grants } from './fixtures/catalog.ts';
import { httpClient, httpHost } from './http-support.ts';
import { call, closeAll, fixtureServer, rawPeer, sdkClient, textOf } from './support.ts';

afterEach(closeAll);

/** A profile that keeps every rule; every value a JSON number or string the SDK can send. */
const VALID = {
  handle: 'ada_l',
  id: '0b9e6a1c-3f1e-4b7a-9c2d-5e8f7a6b4c3d',
  email: 'ada@example.com',
  homepage: 'https://example.com/ada?tab=notes',
  host: 'api.example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  tags: ['math', 'poetry'],
  accounts: [1, 2],
  score: 0.5,
  step: 15,
  nickname: null,
  plan: 'paid',
  home: null,
  shape: { kind: 'circle', radius: 3 },
  key: 7,
} as const;

type Dialect = (typeof DIALECT_NAMES)[number];

interface Broken {
  /** The rule the value breaks. */
  readonly rule: string;
  /** The argument replaced. */
  readonly place: keyof typeof VALID;
  /** A value that breaks that rule alone, holding a canary where it can hold text. */
  readonly value: unknown;
  /** Words the refusal says: the rule, composed from the document. */
  readonly says: readonly string[];
  /** A dialect that drops the rule (listing `narrowed`), when one does. */
  readonly dropper?: { readonly dialect: Dialect; readonly narrowed: string };
}

const CANARY = 'canary';

const BROKEN: readonly Broken[] = [
  {
    rule: 'minLength',
    place: 'handle',
    value: 'ab',
    says: ['3 to 16 characters'],
    dropper: { dialect: 'openai_strict', narrowed: '/properties/handle' },
  },
  {
    rule: 'maxLength',
    place: 'handle',
    value: 'canary_and_more_words',
    says: ['3 to 16 characters'],
    dropper: { dialect: 'openai_strict', narrowed: '/properties/handle' },
  },
  {
    rule: 'pattern',
    place: 'handle',
    value: 'Canary_1',
    says: ['the declared pattern `^[a-z][a-z0-9_]*$`'],
    dropper: { dialect: 'gemini_json', narrowed: '/properties/handle' },
  },
  {
    rule: 'format uuid',
    place: 'id',
    value: 'canary-0b9e6a1c-3f1e-4b7a',
    says: ['a UUID (RFC 9562 section 4)'],
    dropper: { dialect: 'gemini', narrowed: '/properties/id' },
  },
  {
    rule: 'format email',
    place: 'email',
    value: 'canary.example.com',
    says: ['an email address (RFC 5321 section 4.1.2 mailbox)'],
    dropper: { dialect: 'gemini', narrowed: '/properties/email' },
  },
  {
    rule: 'format uri',
    place: 'homepage',
    value: '/canary/relative',
    says: ['an absolute URI with its scheme (RFC 3986 section 3)'],
    dropper: { dialect: 'openai_strict', narrowed: '/properties/homepage' },
  },
  {
    rule: 'format hostname',
    place: 'host',
    value: 'canary_host.example.com',
    says: ['a hostname (RFC 1123 section 2.1)'],
    dropper: { dialect: 'gemini', narrowed: '/properties/host' },
  },
  {
    rule: 'format ipv4',
    place: 'ipv4',
    value: 'canary.0.2.1',
    says: ['an IPv4 address (RFC 2673 section 3.2)'],
    dropper: { dialect: 'gemini', narrowed: '/properties/ipv4' },
  },
  {
    rule: 'format ipv6',
    place: 'ipv6',
    value: '2001:db8::canary',
    says: ['an IPv6 address (RFC 4291 section 2.2)'],
    dropper: { dialect: 'gemini', narrowed: '/properties/ipv6' },
  },
  // No dialect drops a `minItems` of 1 (anthropic_strict keeps 0 and 1).
  { rule: 'minItems', place: 'tags', value: [], says: ['an array of 1 to 3 items'] },
  {
    rule: 'maxItems',
    place: 'tags',
    value: ['canary-1', 'canary-2', 'canary-3', 'canary-4'],
    says: ['an array of 1 to 3 items'],
    dropper: { dialect: 'anthropic_strict', narrowed: '/properties/tags' },
  },
  {
    rule: 'uniqueItems',
    place: 'tags',
    value: ['canary-1', 'canary-1'],
    says: ['must hold distinct items; the items at indexes 0 and 1 are equal'],
    dropper: { dialect: 'openai_strict', narrowed: '/properties/tags' },
  },
  {
    rule: 'exclusiveMinimum',
    place: 'score',
    value: 0,
    says: ['a number greater than 0 and less than 1'],
    dropper: { dialect: 'gemini', narrowed: '/properties/score' },
  },
  {
    rule: 'exclusiveMaximum',
    place: 'score',
    value: 1,
    says: ['a number greater than 0 and less than 1'],
    dropper: { dialect: 'gemini', narrowed: '/properties/score' },
  },
  {
    rule: 'multipleOf',
    place: 'step',
    value: 997,
    says: ['a multiple of 5'],
    dropper: { dialect: 'gemini', narrowed: '/properties/step' },
  },
  { rule: 'nullable type list', place: 'nickname', value: 5, says: ['a string or null'] },
  {
    rule: 'nullable type list, its maxLength',
    place: 'nickname',
    value: 'canary-nick',
    says: ['a string of at most 8 characters'],
    dropper: { dialect: 'openai_strict', narrowed: '/properties/nickname' },
  },
  { rule: 'nullable enum', place: 'plan', value: 'canary-gold', says: ['one of "free", "paid"'] },
  {
    rule: 'nullable reference',
    place: 'home',
    value: 'canary',
    says: ['one of the declared alternatives, namely an object or null'],
  },
  {
    rule: 'discriminator, unknown value',
    place: 'shape',
    value: { kind: 'canary-triangle', radius: 2 },
    says: ['`/shape/kind` must be present and be one of "circle", "rectangle"'],
  },
  {
    rule: 'discriminator, absent',
    place: 'shape',
    value: { radius: 2 },
    says: ['`/shape/kind` must be present and be one of "circle", "rectangle"'],
  },
  {
    rule: 'discriminated member, its own fault',
    place: 'shape',
    value: { kind: 'circle', radius: 0 },
    says: ['`/shape/radius`', 'greater than 0'],
    dropper: { dialect: 'gemini', narrowed: '/properties/shape/anyOf/0/properties/radius' },
  },
  {
    rule: 'union of scalars',
    place: 'key',
    value: true,
    says: ['one of the declared alternatives, namely a string or an integer'],
  },
];

/** The profile tool's listing in `dialect`: its input document and what the dialect narrowed. */
async function listed(dialect: Dialect) {
  const { server } = fixtureServer();
  const client = await sdkClient(server, 'alice');
  const { tools } = await client.listTools({ _meta: { 'portcullis/dialect': dialect } });
  const profile = tools.find((tool) => tool.name === 'profile')!;
  return {
    document: profile.inputSchema,
    narrowed: (profile._meta?.['portcullis/narrowed'] ?? []) as string[],
  };
}

async function profileCall(dialect: Dialect, args: Record<string, unknown>) {
  const { server, logger } = fixtureServer();
  const client = await sdkClient(server, 'alice', {}, dialect);
  const result = await client.callTool({ name: 'profile', arguments: args });
  return { result, logger };
}

describe('the profile tool serves what keeps every rule', () => {
  const variants: [string, Record<string, unknown>][] = [
    ['the base profile', {}],
    ['a nickname instead of null', { nickname: 'ada' }],
    ['a null plan', { plan: null }],
    ['a folder as home', { home: { name: 'root', children: [] } }],
    ['the other member of the union', { shape: { kind: 'rectangle', width: 2, height: 3 } }],
    ['the string member of the scalar union', { key: 'k-1' }],
    ['the most tags, at the bounds', { tags: ['a', 'b', 'c'], step: 0, score: 0.999 }],
    ['a handle of 16 code points', { handle: 'a_bcdefghijklmno' }],
  ];

  it.each(DIALECT_NAMES)('in %s, each variant echoed exactly', async (dialect) => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice', {}, dialect);
    for (const [, change] of variants) {
      const args = { ...VALID, ...change };
      const result = await client.callTool({ name: 'profile', arguments: args });
      expect(result.isError, JSON.stringify(change)).toBeUndefined();
      expect(result.structuredContent).toEqual(args);
    }
  });

  it('in canonical, an omitted optional nullable stays absent', async () => {
    const { plan: _plan, home: _home, ...rest } = VALID;
    const { result } = await profileCall('canonical', rest);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual(rest);
  });

  it('in openai_strict, the null of an optional nullable reaches the handler as null', async () => {
    const { result } = await profileCall('openai_strict', { ...VALID, plan: null, home: null });
    expect(result.structuredContent).toMatchObject({ plan: null, home: null });
  });

  it('compares Int64 items exactly for uniqueItems, beyond 2^53', async () => {
    const { server } = fixtureServer();
    const peer = await rawPeer(server, 'alice');
    const near = [2n ** 60n, 2n ** 60n + 1n]; // one double, two integers
    const served = await peer.request(
      call(1, 'profile', { ...VALID, accounts: near, key: 2n ** 63n - 1n }),
    );
    expect((served.result as Record<string, unknown>).isError).toBeUndefined();
    expect(peer.written.at(-1)).toContain(`"accounts":[${2n ** 60n},${2n ** 60n + 1n}]`);
    expect(peer.written.at(-1)).toContain(`"key":${2n ** 63n - 1n}`);
    const twice = await peer.request(
      call(2, 'profile', { ...VALID, accounts: [2n ** 60n + 1n, 7, 2n ** 60n + 1n] }),
    );
    const text = textOf(twice.result);
    expect(text).toContain('`/accounts` must hold distinct items; the items at indexes 0 and 2');
    expect(peer.written.at(-1)).not.toContain(String(2n ** 60n + 1n));
  });
});

describe('the profile tool refuses what breaks a rule', () => {
  const cases = BROKEN.flatMap((broken) => [
    [broken.rule, 'canonical' as Dialect, broken] as const,
    [broken.rule, broken.dropper?.dialect ?? ('gemini' as Dialect), broken] as const,
  ]);

  it.each(cases)('%s, in %s', async (_rule, dialect, broken) => {
    const { result, logger } = await profileCall(dialect, {
      ...VALID,
      [broken.place]: broken.value,
    });
    expect(result.isError).toBe(true);
    expect(result._meta).toEqual({ 'portcullis/correctable': true });
    const text = textOf(result);
    expect(text).toContain(`\`/${broken.place}`);
    for (const words of broken.says) expect(text).toContain(words);
    const sent = JSON.stringify(broken.value);
    for (const seen of [JSON.stringify(result), JSON.stringify(logger.lines)]) {
      expect(seen.toLowerCase()).not.toContain(CANARY);
      // A number is looked for only when no word of ours could hold it (997, not 5).
      if (typeof broken.value === 'number' && broken.value > 100) expect(seen).not.toContain(sent);
    }
  });

  it.each(BROKEN.filter((broken) => broken.dropper !== undefined))(
    '$rule: the dialect that drops it lists the place, admits the value, and canonical refuses',
    async (broken) => {
      const { dialect, narrowed } = broken.dropper!;
      const { document, narrowed: listedNarrowed } = await listed(dialect);
      expect(listedNarrowed).toContain(`/inputSchema${narrowed}`);
      const args = { ...VALID, [broken.place]: broken.value };
      expect(judge(args as never, document as never).ok).toBe(true);
      expect(judge(args as never, (await listed('canonical')).document as never).ok).toBe(false);
    },
  );
});

describe('the bigger catalog', () => {
  it('starts, and lists every granted fixture tool in every dialect', async () => {
    const { server } = fixtureServer();
    const client = await sdkClient(server, 'alice');
    for (const dialect of DIALECT_NAMES) {
      const { tools } = await client.listTools({ _meta: { 'portcullis/dialect': dialect } });
      expect(tools.map((tool) => tool.name)).toEqual(grants.alice);
      expect(grants.alice).toContain('profile');
    }
  });

  it('keeps nothing narrowed under canonical and nova, which state every keyword', async () => {
    for (const dialect of ['canonical', 'nova'] as const) {
      expect((await listed(dialect)).narrowed).toEqual([]);
    }
  });

  it('serves and refuses the same over HTTP', async () => {
    const { host } = await httpHost();
    const client = await httpClient(host.url, 'alice');
    const served = await client.callTool({ name: 'profile', arguments: { ...VALID } });
    expect(served.structuredContent).toEqual(VALID);
    const refused = await client.callTool({
      name: 'profile',
      arguments: { ...VALID, email: 'canary at example.com' },
    });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('RFC 5321');
    expect(JSON.stringify(refused)).not.toContain(CANARY);
  });
});
