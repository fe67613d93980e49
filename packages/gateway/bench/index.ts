/**
 * `pnpm bench` (`tsx bench/index.ts`): `tools/call` of one trivial tool (`add`) of an SDK McpServer
 * over Streamable HTTP on 127.0.0.1, called directly and through the gateway (served over HTTP on
 * 127.0.0.1 by `serveHttp`, in this process), in interleaved rounds of one run. Prints calls/s and
 * p99 of each, the ratios gateway / direct, and the overhead per call (the difference of the mean
 * latencies). `BENCH_ROUNDS` (default 5), `BENCH_CALLS` per round and contender (1000),
 * `BENCH_CONCURRENCY` (`1,16`).
 */
import { randomBytes } from 'node:crypto';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createTokenResolver, hashToken, serveHttp } from '@portcullis/server/http';
import { createGateway } from '../src/index.ts';
import { startSdkServer } from '../test/support.ts';

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const CALLS = Number(process.env['BENCH_CALLS'] ?? 1000);
const CONCURRENCY = (process.env['BENCH_CONCURRENCY'] ?? '1,16').split(',').map(Number);

async function clientOf(url: string | URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

interface Run {
  readonly perSecond: number;
  readonly p99: number;
  readonly mean: number;
}

async function measure(client: Client, name: string, concurrency: number): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
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
  latencies.sort((x, y) => x - y);
  return {
    perSecond: (CALLS / elapsed) * 1000,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN,
    mean: latencies.reduce((sum, x) => sum + x, 0) / latencies.length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const token = randomBytes(24).toString('hex');
const upstream = await startSdkServer();
const gateway = await createGateway({
  upstreams: [{ url: upstream.url }],
  warn: () => {},
  server: {
    grants: { bench: '*' },
    callTimeoutMs: 30_000,
    dispatcher: { maxRunning: 64, maxQueued: 256 },
    logger: { info() {}, warn() {}, error() {}, isLevelEnabled: () => false },
  },
});
const host = await serveHttp(gateway.server, {
  consumers: createTokenResolver([{ consumer: 'bench', tokenSha256: hashToken(token) }]),
});
const direct = await clientOf(upstream.url);
const through = await clientOf(host.url, token);
await measure(direct, 'add', 4);
await measure(through, 'add', 4);

console.log(`${ROUNDS} rounds of ${CALLS} calls per contender; medians of the rounds`);
console.log(
  'concurrency | direct calls/s | gateway calls/s | ratio | direct p99 ms | gateway p99 ms | ratio | overhead per call ms',
);
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
}

await direct.close();
await through.close();
await host.close();
await gateway.close();
await upstream.stop();
