/*
 * Throughput of decode against native JSON.parse, measured side by side in one process (median of
 * interleaved rounds) on five payload classes. Not a test: timings belong here, never in tests.
 */
import { Buffer } from 'node:buffer';
import { compare, target } from '@portcullis/bench';
import { decode } from '../src/index.ts';
import { envelope, escapeDense, nestedObject, recordArray, stringHeavy } from './payloads.ts';

const classes = [
  { title: 'tools/call envelope (~400 B)', text: envelope(), goal: 0.6 },
  { title: 'nested object (~10 KB)', text: nestedObject(), goal: 0.6 },
  { title: 'array of records (~1 MB)', text: recordArray(), goal: 0.6 },
  { title: 'string-heavy document (~250 KB)', text: stringHeavy(), goal: 0.4 },
  { title: 'escape-dense non-ASCII strings (~250 KB)', text: escapeDense(), goal: 0.5 },
];

const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const roundMs = Number(process.env.BENCH_ROUND_MS ?? 200);
const summary: string[] = [];
let met = true;

for (const payload of classes) {
  const { text } = payload;
  const bytes = new Uint8Array(Buffer.from(text, 'utf8'));
  const check = decode(bytes);
  if (!check.ok) throw new Error(`benchmark payload refused: ${check.refusal.code}`);
  const rows = compare({
    title: payload.title,
    baseline: { name: 'JSON.parse(string)', fn: () => JSON.parse(text) },
    contenders: [
      { name: 'decode(string)', fn: () => decode(text) },
      { name: 'JSON.parse(utf8 bytes)', fn: () => JSON.parse(Buffer.from(bytes).toString()) },
      { name: 'decode(bytes)', fn: () => decode(bytes) },
    ],
    bytesPerOp: bytes.length,
    rounds,
    roundMs,
  });
  const byName = new Map(rows.map((row) => [row.name, row]));
  const stringRatio = byName.get('decode(string)')!.ratio;
  const bytesRatio =
    byName.get('decode(bytes)')!.ratio / byName.get('JSON.parse(utf8 bytes)')!.ratio;
  met =
    target(`${payload.title}: decode(string) / JSON.parse`, stringRatio, '>=', payload.goal, 'x') &&
    met;
  met =
    target(
      `${payload.title}: decode(bytes) / JSON.parse(decoded bytes)`,
      bytesRatio,
      '>=',
      payload.goal,
      'x',
    ) && met;
  summary.push(
    `${payload.title}: string ${stringRatio.toFixed(2)}x, bytes ${bytesRatio.toFixed(2)}x`,
  );
}

console.log(`\n${summary.join('\n')}\n${met ? 'all targets met' : 'some targets missed'}`);
