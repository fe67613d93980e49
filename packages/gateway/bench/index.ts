/**
 * `pnpm bench` (`tsx bench/index.ts`): `tools/call` of one trivial tool (`add`) of an SDK McpServer
 * over Streamable HTTP on 127.0.0.1, called directly and through the gateway (served over HTTP on
 * 127.0.0.1 by `serveGatewayHttp`, in a process of its own, `gateway-process.ts`, as the app runs
 * it), in interleaved rounds of one run. Prints calls/s and
 * p99 of each, the ratios gateway / direct, and the overhead per call (the difference of the mean
 * latencies); then the CPU time a call cost each process (this one's client, the gateway's process,
 * the upstream's, read from `/proc`). `BENCH_ROUNDS` (default 5), `BENCH_CALLS` per round and
 * contender (1000), `BENCH_CONCURRENCY` (`1,16`).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { fetchOwnSignal } from '../src/upstream.ts';
import { startSdkServer } from '../test/support.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CALLS = Number(process.env['BENCH_CALLS'] ?? 1000);
const CONCURRENCY = (process.env['BENCH_CONCURRENCY'] ?? '1,16').split(',').map(Number);

async function clientOf(url: string | URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
      fetch: fetchOwnSignal,
    }),
  );
  return client;
}

interface Run {
  readonly perSecond: number;
  readonly p99: number;
  readonly mean: number;
  /** CPU time a call cost each process, in microseconds: this one (the client), the gateway, the upstream. */
  readonly cpu: { readonly client: number; readonly gateway: number; readonly upstream: number };
}

/** The CPU time a process has used, in microseconds (Linux `/proc`, in 10 ms ticks). */
function cpuOf(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return Number.NaN;
  }
}

let pids: { gateway?: number | undefined; upstream?: number | undefined } = {};

async function measure(client: Client, name: string, concurrency: number): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const before = {
    client: process.cpuUsage(),
    gateway: cpuOf(pids.gateway),
    upstream: cpuOf(pids.upstream),
  };
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < CALLS) {
        next += 1;
        const at = performance.now();
        const result = await client.callTool({ name, arguments: { a: 1, b: 2 } });
        latencies.push(performance.now() - at);
        if (result.isError === true) throw new Error('a call failed');
      }
    }),
  );
  const elapsed = performance.now() - started;
  const used = process.cpuUsage(before.client);
  latencies.sort((x, y) => x - y);
  return {
    perSecond: (CALLS / elapsed) * 1000,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
    mean: latencies.reduce((sum, x) => sum + x, 0) / latencies.length,
    cpu: {
      client: (used.user + used.system) / CALLS,
      gateway: (cpuOf(pids.gateway) - before.gateway) / CALLS,
      upstream: (cpuOf(pids.upstream) - before.upstream) / CALLS,
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const token = randomBytes(24).toString('hex');
const upstream = await startSdkServer();
const gatewayProcess = spawn(
  process.execPath,
  ['--import', 'tsx', join(import.meta.dirname, 'gateway-process.ts')],
  {
    env: { ...process.env, BENCH_UPSTREAM: upstream.url, BENCH_TOKEN: token },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const gatewayUrl = await new Promise<string>((resolve, reject) => {
  let seen = '';
  gatewayProcess.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    seen += chunk;
    const match = /listening (\S+)\n/.exec(seen);
    if (match !== null) resolve(match[1] as string);
  });
  gatewayProcess.once('exit', (code) => reject(new Error(`the gateway exited (${code})`)));
});
pids = { gateway: gatewayProcess.pid, upstream: upstream.process.pid };
const direct = await clientOf(upstream.url);
const through = await clientOf(gatewayUrl, token);
await measure(direct, 'add', 4);
await measure(through, 'add', 4);

console.log(`${ROUNDS} rounds of ${CALLS} calls per contender; medians of the rounds`);
console.log(
  'concurrency | direct calls/s | gateway calls/s | ratio | direct p99 ms | gateway p99 ms | ratio | overhead per call ms',
);
const cpu: [number, Run[], Run[]][] = [];
for (const concurrency of CONCURRENCY) {
  const d: Run[] = [];
  const g: Run[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round % 2 === 0) {
      d.push(await measure(direct, 'add', concurrency));
      g.push(await measure(through, 'add', concurrency));
    } else {
      g.push(await measure(through, 'add', concurrency));
      d.push(await measure(direct, 'add', concurrency));
    }
  }
  const dps = median(d.map((r) => r.perSecond));
  const gps = median(g.map((r) => r.perSecond));
  const dp99 = median(d.map((r) => r.p99));
  const gp99 = median(g.map((r) => r.p99));
  const overhead = median(g.map((r) => r.mean)) - median(d.map((r) => r.mean));
  console.log(
    `c${concurrency} | ${dps.toFixed(0)} | ${gps.toFixed(0)} | ${(gps / dps).toFixed(2)}x | ${dp99.toFixed(2)} | ${gp99.toFixed(2)} | ${(gp99 / dp99).toFixed(2)}x | ${overhead.toFixed(2)}`,
  );
  cpu.push([concurrency, d, g]);
}

console.log('');
console.log(
  'CPU µs a call, by process (medians): direct client + upstream | gateway path client + gateway + upstream',
);
for (const [concurrency, d, g] of cpu) {
  const of = (runs: Run[], key: keyof Run['cpu']) => median(runs.map((r) => r.cpu[key])).toFixed(0);
  console.log(
    `c${concurrency} | ${of(d, 'client')} + ${of(d, 'upstream')} | ${of(g, 'client')} + ${of(g, 'gateway')} + ${of(g, 'upstream')}`,
  );
}

await direct.close();
await through.close();
gatewayProcess.kill('SIGTERM');
await once(gatewayProcess, 'exit');
await upstream.stop();
