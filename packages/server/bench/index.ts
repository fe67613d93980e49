/**
 * `pnpm bench`: `tools/call` over Streamable HTTP on 127.0.0.1, in both protocol eras (legacy
 * 2025-11-25, stateless; modern 2026-07-28), at concurrency 1, 16 and 64, for a trivial tool and
 * for one with about 1.2 KB of arguments, against (a) the limit (bare low-level v2 SDK servers on
 * the same plumbing, judging nothing) and (b) v2's documented setup (`createMcpHandler` over
 * `McpServer`), measured in the same run in interleaved rounds; then the tool server's memory
 * across 100,000 calls. Every contender runs in its own process; this one only generates load.
 *
 * Two measures of throughput: calls/s on the wall clock, and the server process's CPU time per call
 * (`cpu-bound calls/s` is its inverse). On a shared machine the wall clock moves with everyone
 * else's load, and even the CPU a process spends per call moves from one round to the next (up to
 * twice as much on a busy host), so the targets are judged on both, and each target on the median
 * of the rounds' ratios: a round measures every contender back to back, starting each round with
 * the next one, so what the machine does across rounds cancels out. The ratio of the medians is
 * printed beside it. `BENCH_CONCURRENCY` (comma-separated, default `1,16,64`) narrows a run.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { target as printTarget } from '@portcullis/bench';
import { probe, type Run, run, type Target } from './load.ts';
import type { ContenderName } from './servers.ts';
import { TOKEN } from './servers.ts';
import { answerOf, SEARCH_ARGUMENTS } from './tools.ts';

const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,16,64').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const MEMORY_CALLS = Number(process.env.BENCH_MEMORY_CALLS ?? 100_000);
const NAMES: readonly ContenderName[] = ['portcullis', 'limit', 'sdk-documented'];
type Era = 'legacy' | 'modern';
const ERAS = (process.env.BENCH_ERAS ?? 'legacy,modern').split(',') as Era[];

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Child {
  readonly process: ChildProcess;
  readonly port: number;
  ask<T>(kind: string): Promise<T>;
}

async function start(name: ContenderName): Promise<Child> {
  const proc = fork(join(import.meta.dirname, 'child.ts'), [name], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve) =>
    proc.once('message', (message: { port: number }) => resolve(message.port)),
  );
  return {
    process: proc,
    port,
    ask: <T>(kind: string) =>
      new Promise<T>((resolve) => {
        proc.once('message', (message: T) => resolve(message));
        proc.send({ kind });
      }),
  };
}

function body(name: string, args: object, era: Era): Buffer {
  return Buffer.from(
    JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params:
        era === 'modern' ? { name, arguments: args, _meta: ENVELOPE } : { name, arguments: args },
    }),
  );
}

function headersOf(name: string, era: Era): Record<string, string> {
  const common = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${TOKEN}`,
  };
  return era === 'modern'
    ? {
        ...common,
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': name,
      }
    : { ...common, 'mcp-protocol-version': '2025-11-25' };
}

const PAYLOADS = [
  { label: 'trivial tool', name: 'ping_tool', args: {} },
  { label: '~1.2 KB of arguments', name: 'search_tool', args: SEARCH_ARGUMENTS },
] as const;

interface Measured extends Run {
  /** Server CPU time per call, in microseconds. */
  readonly cpuMicros: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function summarize(runs: readonly Measured[]): Measured {
  return {
    callsPerSecond: median(runs.map((item) => item.callsPerSecond)),
    p50Ms: median(runs.map((item) => item.p50Ms)),
    p99Ms: median(runs.map((item) => item.p99Ms)),
    cpuMicros: median(runs.map((item) => item.cpuMicros)),
  };
}

const children = new Map<ContenderName, Child>();
for (const name of NAMES) children.set(name, await start(name));
const targetOf = (name: ContenderName, payload: (typeof PAYLOADS)[number], era: Era): Target => ({
  port: children.get(name)!.port,
  body: body(payload.name, payload.args, era),
  headers: headersOf(payload.name, era),
});

async function measure(
  name: ContenderName,
  payload: (typeof PAYLOADS)[number],
  era: Era,
  concurrency: number,
): Promise<Measured> {
  const child = children.get(name)!;
  const before = await child.ask<{ micros: number }>('cpu');
  const result = await run(targetOf(name, payload, era), concurrency, CALLS);
  const after = await child.ask<{ micros: number }>('cpu');
  return { ...result, cpuMicros: (after.micros - before.micros) / CALLS };
}

console.log(
  `\ntools/call over Streamable HTTP on 127.0.0.1, both eras, stateless; median of ${ROUNDS} interleaved rounds of ${CALLS} calls (targets: the median of the rounds' ratios); arguments of the second tool: ${JSON.stringify(SEARCH_ARGUMENTS).length} bytes`,
);
let met = true;
for (const era of ERAS)
  for (const payload of PAYLOADS) {
    const expected = JSON.stringify(answerOf(payload.name, payload.args as { items?: unknown[] }));
    for (const name of NAMES) {
      const text = await probe(targetOf(name, payload, era));
      if (!text.includes(expected.slice(1, -1)))
        throw new Error(
          `${name} answered ${payload.name} otherwise in the ${era} era: ${text.slice(0, 300)}`,
        );
      await run(targetOf(name, payload, era), 16, 3000);
    }
    for (const concurrency of CONCURRENCY) {
      const runs = new Map<ContenderName, Measured[]>(NAMES.map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        // Each round starts with the next contender, so none is always measured first.
        for (let turn = 0; turn < NAMES.length; turn += 1) {
          const name = NAMES[(round + turn) % NAMES.length]!;
          runs.get(name)!.push(await measure(name, payload, era, concurrency));
        }
      }
      const rows = new Map(NAMES.map((name) => [name, summarize(runs.get(name)!)]));
      const ours = rows.get('portcullis')!;
      const documented = rows.get('sdk-documented')!;
      console.log(`\n${era} era, ${payload.label}, concurrency ${concurrency}`);
      for (const [name, row] of rows) {
        console.log(
          `  ${name.padEnd(15)} ${Math.round(row.callsPerSecond).toString().padStart(6)} calls/s  p50 ${row.p50Ms.toFixed(2).padStart(6)} ms  p99 ${row.p99Ms.toFixed(2).padStart(7)} ms  cpu ${row.cpuMicros.toFixed(0).padStart(5)} µs/call (${Math.round(
            1e6 / row.cpuMicros,
          )
            .toString()
            .padStart(5)} cpu-bound calls/s)`,
        );
      }
      // Judged on the median of each round's ratio: the contenders of one round ran back to back,
      // so a change in the machine's load between rounds cancels out; the ratio of the medians is
      // printed beside it.
      const paired = (
        label: string,
        other: ContenderName,
        ratio: (ours: Measured, other: Measured) => number,
        op: '>=' | '<=',
        bound: number,
      ) => {
        const each = runs
          .get('portcullis')!
          .map((run, index) => ratio(run, runs.get(other)![index]!));
        met = printTarget(label, median(each), op, bound, 'x') && met;
        console.log(`    ratio of the medians: ${ratio(ours, rows.get(other)!).toFixed(2)}x`);
      };
      const wall = (a: Measured, b: Measured) => a.callsPerSecond / b.callsPerSecond;
      const cpu = (a: Measured, b: Measured) => b.cpuMicros / a.cpuMicros;
      paired('wall calls/s vs limit', 'limit', wall, '>=', 0.85);
      paired('cpu-bound calls/s vs limit', 'limit', cpu, '>=', 0.85);
      paired('wall calls/s vs documented', 'sdk-documented', wall, '>=', 2);
      paired('cpu-bound calls/s vs documented', 'sdk-documented', cpu, '>=', 2);
      met =
        printTarget('p99 vs documented p99', ours.p99Ms / documented.p99Ms, '<=', 1, 'x') && met;
    }
  }

const ours = children.get('portcullis')!;
type Memory = { rss: number; heapUsed: number };
const before = await ours.ask<Memory>('memory');
await run(targetOf('portcullis', PAYLOADS[1], 'legacy'), 8, MEMORY_CALLS / 2);
await run(targetOf('portcullis', PAYLOADS[1], 'modern'), 8, MEMORY_CALLS / 2);
const after = await ours.ask<Memory>('memory');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `\nmemory of the tool server across ${MEMORY_CALLS} calls of the second tool, half in each era (after collection)`,
);
console.log(`  rss  ${mb(before.rss)} -> ${mb(after.rss)}`);
console.log(`  heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)}`);
met =
  printTarget('heap growth', (after.heapUsed - before.heapUsed) / before.heapUsed, '<=', 0.1) &&
  met;
met = printTarget('rss growth', (after.rss - before.rss) / before.rss, '<=', 0.1) && met;

for (const child of children.values()) {
  // `stop` is answered by the child's exit, not by a message.
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  if (child.process.exitCode === null) {
    child.process.send({ kind: 'stop' });
    await exited;
  }
}
console.log(met ? '\nevery target met' : '\nsome targets missed');
