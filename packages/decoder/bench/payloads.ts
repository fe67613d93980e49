/*
 * The five payload classes of the benchmark, generated deterministically (a seeded generator) so
 * every run measures the same bytes.
 */

function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
];

function word(random: () => number): string {
  return WORDS[Math.floor(random() * WORDS.length)]!;
}

/** A ~400 B JSON-RPC `tools/call` request, as an MCP client sends it. */
export function envelope(): string {
  return JSON.stringify({
    jsonrpc: '2.0',
    id: 1742,
    method: 'tools/call',
    params: {
      name: 'transfer_funds',
      arguments: {
        from_account: 'acct_7f3a9c21e4b8',
        to_account: 'acct_2b81d0f9a6c3',
        amount: 1250.75,
        currency: 'EUR',
        reference: 'Invoice 2024-0917 / order 88213',
        scheduled_at: '2026-03-14T09:30:00Z',
        tags: ['supplier', 'monthly', 'approved'],
        dry_run: false,
      },
      _meta: { progressToken: 'tok-5d1e7a', 'portcullis/dialect': 'canonical' },
    },
  });
}

function nested(random: () => number, depth: number): unknown {
  if (depth === 0) {
    const pick = random();
    if (pick < 0.3) return Math.floor(random() * 100000);
    if (pick < 0.5) return random() * 1000;
    if (pick < 0.6) return random() < 0.5;
    if (pick < 0.65) return null;
    return `${word(random)}-${word(random)}`;
  }
  if (random() < 0.3) {
    return Array.from({ length: 2 + Math.floor(random() * 4) }, () => nested(random, depth - 1));
  }
  const object: Record<string, unknown> = {};
  const members = 2 + Math.floor(random() * 5);
  for (let k = 0; k < members; k++) object[`${word(random)}_${k}`] = nested(random, depth - 1);
  return object;
}

/** A ~10 KB object nested five levels deep: names, numbers, booleans, short strings. */
export function nestedObject(): string {
  const random = seeded(7);
  let text = '';
  let size = 0;
  const object: Record<string, unknown> = {};
  for (let k = 0; size < 10_000; k++) {
    object[`section_${k}`] = nested(random, 4);
    text = JSON.stringify(object);
    size = text.length;
  }
  return text;
}

/** A ~1 MB array of flat-ish records, as a list endpoint returns them. */
export function recordArray(): string {
  const random = seeded(11);
  const records: unknown[] = [];
  let size = 2;
  for (let id = 1; size < 1_000_000; id++) {
    const record = {
      id,
      name: `${word(random)} ${word(random)}`,
      email: `${word(random)}.${id}@example.com`,
      active: random() < 0.7,
      score: Math.round(random() * 10000) / 100,
      balance: Math.floor(random() * 1_000_000),
      tags: [word(random), word(random)],
      address: { city: word(random), zip: String(10000 + Math.floor(random() * 89999)) },
      created: '2025-11-02T08:15:30Z',
    };
    records.push(record);
    size += JSON.stringify(record).length + 1;
  }
  return JSON.stringify(records);
}

const FRAGMENTS = [
  'Grüße aus München',
  'naïve café déjà vu',
  '日本語のテキストを含む文',
  'emoji 😀 🚀 ✨ in a sentence',
  'line one\nline two\ttabbed',
  'a "quoted" word and a back\\slash',
  'Ελληνικά και Кириллица',
  'path C:\\temp\\file.txt',
  'plain ascii text of moderate length for the average message body',
];

/** A ~250 KB document of long strings with escapes and non-ASCII text. */
export function stringHeavy(): string {
  const random = seeded(23);
  const messages: unknown[] = [];
  let size = 2;
  while (size < 250_000) {
    const parts: string[] = [];
    const count = 4 + Math.floor(random() * 8);
    for (let k = 0; k < count; k++) parts.push(FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]!);
    const message = {
      author: word(random),
      body: parts.join(' '),
      note: '\u00e9\u4e2d\ud83d\ude00',
    };
    messages.push(message);
    size += JSON.stringify(message).length + 1;
  }
  const text = JSON.stringify({ messages });
  return text.replaceAll('é', '\\u00e9');
}

/** Single non-ASCII characters (CJK, kana, Cyrillic, Greek), two of them between escapes. */
const DENSE_CHARACTERS = [...'日本語東京中文テキストпривемΕλάδü'];
const DENSE_ESCAPES = ['\n', '"', '\\', '\t'];

/**
 * A ~250 KB document of long non-ASCII strings dense with escapes (one every three code units:
 * line breaks, quotes, backslashes, tabs), as chat transcripts and quoted source text in CJK,
 * Cyrillic or Greek arrive.
 */
export function escapeDense(): string {
  const random = seeded(31);
  const pick = (from: readonly string[]) => from[Math.floor(random() * from.length)]!;
  const lines: string[] = [];
  let size = 2;
  while (size < 250_000) {
    let body = '';
    const count = 40 + Math.floor(random() * 80);
    for (let k = 0; k < count; k++) {
      body += pick(DENSE_CHARACTERS) + pick(DENSE_CHARACTERS) + pick(DENSE_ESCAPES);
    }
    const line = JSON.stringify({ speaker: word(random), text: body });
    lines.push(line);
    size += line.length + 1;
  }
  return `{"transcript":[${lines.join(',')}]}`;
}
