/**
 * Calls per second and p99 latency of the built app behind nginx with 1, 2 and 3 replicas
 * (`deploy/cluster.mjs`, on PostgreSQL), against one replica called directly (the baseline, in
 * the same run), and the cost per call of the rate limit's Redis round trip (3 replicas with
 * `--redis` and a limit no call reaches, against 3 without).
 *
 *   node bench/cluster.mjs        (after the build; needs nginx, PostgreSQL at 127.0.0.1:5432, Redis)
 *
 * Load: modern (2026-07-28) `explain_query` calls, each request standing alone, 64 in flight for
 * 5 s after 1 s of warm-up, from this process. This machine's cores are shared by the load, nginx
 * and every replica, so the ceiling shows: the figures say what one machine does, not what N do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startCluster } from '../deploy/cluster.mjs';

const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';
const IN_FLIGHT = 64;
const WARM_MS = 1000;
const RUN_MS = 5000;

const run = mkdtempSync(join(tmpdir(), 'portcullis-cluster-bench-'));
const token = randomBytes(16).toString('hex');
const consumer = `bench-${randomBytes(6).toString('hex')}`;
const hash = createHash('sha256').update(token).digest('hex');

function config(rateLimits) {
  const file = join(run, `config-${rateLimits === undefined ? 'plain' : 'limited'}.json`);
  writeFileSync(
    file,
    JSON.stringify({
      consumers: [{ name: consumer, tokenSha256: hash, tools: '*' }],
      ...(rateLimits === undefined ? {} : { rateLimits }),
    }),
  );
  return file;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};
const BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'explain_query', arguments: { query: 'retention policy' }, _meta: ENVELOPE },
});
const HEADERS = {
  authorization: `Bearer ${token}`,
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2026-07-28',
  'mcp-method': 'tools/call',
  'mcp-name': 'explain_query',
};

/** Calls `url` with IN_FLIGHT workers for `ms`; the latencies of the calls that succeeded. */
async function load(url, ms) {
  const latencies = [];
  let failed = 0;
  const end = performance.now() + ms;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      try {
        const answer = await fetch(url, { method: 'POST', headers: HEADERS, body: BODY });
        const text = await answer.text();
        if (answer.status !== 200 || text.includes('"isError":true')) failed += 1;
        else latencies.push(performance.now() - started);
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { latencies, failed };
}

async function measure(url) {
  await load(url, WARM_MS);
  const { latencies, failed } = await load(url, RUN_MS);
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? Number.NaN;
  return { perSecond: latencies.length / (RUN_MS / 1000), p99, failed };
}

async function freeBlock(size) {
  const { createServer } = await import('node:net');
  const free = (port) =>
    new Promise((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let all = true;
    for (let offset = 0; offset < size && all; offset += 1) all = await free(base + offset);
    if (all) return base;
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const schema = `portcullis_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  const database = `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const rows = [];
  try {
    const plain = config(undefined);
    // A limit no call of the run reaches: every call pays the round trip, none is refused.
    const limited = config({ perConsumer: { burst: 1_000_000, ratePerSecond: 1_000_000 } });
    const shapes = [
      ['1 replica, direct (baseline)', 1, ['--config', plain], true],
      ['1 replica behind nginx', 1, ['--config', plain], false],
      ['2 replicas behind nginx', 2, ['--config', plain], false],
      ['3 replicas behind nginx', 3, ['--config', plain], false],
      ['3 replicas, limits in Redis', 3, ['--config', limited, '--redis', REDIS_URL], false],
    ];
    for (const [label, count, args, direct] of shapes) {
      const cluster = await startCluster({
        count,
        port: await freeBlock(count + 1),
        args: [...args, '--database', database],
        run: mkdtempSync(join(run, 'cluster-')),
      });
      try {
        const target = direct ? cluster.replicas[0].url : cluster.url;
        rows.push([label, await measure(target)]);
      } finally {
        await cluster.stop();
      }
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
    rmSync(run, { recursive: true, force: true });
  }
  const base = rows[0][1].perSecond;
  console.log(
    `modern explain_query calls, ${IN_FLIGHT} in flight, ${RUN_MS / 1000} s, ${cpus().length} cores; baseline: 1 replica called directly`,
  );
  for (const [label, { perSecond, p99, failed }] of rows) {
    console.log(
      `  ${label.padEnd(32)} ${Math.round(perSecond).toLocaleString('en-US').padStart(7)} calls/s  p99 ${p99.toFixed(1).padStart(6)} ms  ratio ${(perSecond / base).toFixed(2)}x${failed > 0 ? `  (${failed} failed)` : ''}`,
    );
  }
  const [, withRedis] = rows[4];
  const [, without] = rows[3];
  const cost = 1e6 / withRedis.perSecond - 1e6 / without.perSecond;
  console.log(
    `  Redis round trip per call, 3 replicas: ${cost.toFixed(0)} us of machine time per call (${(withRedis.perSecond / without.perSecond).toFixed(2)}x the calls/s without)`,
  );
}

await main();
