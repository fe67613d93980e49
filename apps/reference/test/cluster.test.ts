/**
 * Longer than 400 lines: the cluster is started once for all its cases, which share it.
 *
 * Three replicas of the built app behind nginx on 127.0.0.1 (`deploy/cluster.mjs`), on one
 * PostgreSQL and one Redis: both protocol eras served through the balancer, a legacy session kept
 * on the replica that holds it; a consumer's rate limit counted once across the replicas; a third
 * of 501 concurrent surveys cancelled by closing their streams, each stopping on the replica that
 * runs it within 5 s, and no replica left with a live call once the rest are closed; a legacy
 * session's `notifications/cancelled` sent on a connection of its own reaching the replica that
 * runs the call, and only it; one replica
 * SIGKILLed during a stream of `tag_documents` calls: the calls on it fail where the client sees
 * them (none hangs), the balancer routes the next ones around it, and PostgreSQL holds every
 * acknowledged write and no write in part.
 *
 * It needs nginx (installed with apt-get when missing, as root), PostgreSQL and Redis; without one
 * it says so in one line and is skipped, and under `CI=true` a missing one fails it.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { hashToken } from '@portcullis/server/http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../deploy/cluster.mjs';
import { closeClients, httpClient } from './support/mcp-client.ts';
import { freeBlock } from './support/ports.ts';
import { createTestSchema, type TestSchema } from './support/postgres.ts';
import { REDIS_URL, testRedisAnswers } from './support/redis.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';
import { steady, until } from './support/until.ts';

type Cluster = Awaited<ReturnType<typeof startCluster>>;

const BURST = 9;
const SURVEYS = 501;

/** nginx on this machine, installed from Debian's packages when missing; false (one line) without. */
function nginxAvailable(): boolean {
  const found = () => {
    try {
      execFileSync('nginx', ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (found()) return true;
  try {
    execFileSync('apt-get', ['update'], { stdio: 'ignore', timeout: 240_000 });
    execFileSync('apt-get', ['install', '-y', 'nginx'], { stdio: 'ignore', timeout: 240_000 });
  } catch {
    // Reported below.
  }
  if (found()) return true;
  if (process.env.CI === 'true') {
    throw new Error('The cluster test needs nginx (apt-get install -y nginx failed; CI=true).');
  }
  console.warn('skipped: the cluster test needs nginx (apt-get install -y nginx)');
  return false;
}

let schema: TestSchema | undefined;
let cluster: Cluster | undefined;
let token = '';
const died: string[] = [];

beforeAll(async () => {
  const ready = nginxAvailable() && (await testRedisAnswers());
  schema = ready ? await createTestSchema() : undefined;
  if (schema === undefined) return;
  token = randomBytes(16).toString('hex');
  // A consumer no other run names, so its buckets in the shared Redis are fresh.
  const consumer = `cluster-${randomBytes(6).toString('hex')}`;
  const config = join(tempDir(), 'config.json');
  writeFileSync(
    config,
    JSON.stringify({
      consumers: [{ name: consumer, tokenSha256: hashToken(token), tools: '*' }],
      rateLimits: { tools: { explain_query: { burst: BURST, ratePerSecond: 0.001 } } },
    }),
  );
  cluster = await startCluster({
    count: 3,
    port: await freeBlock(4),
    args: [
      '--config',
      config,
      '--database',
      schema.url,
      '--redis',
      REDIS_URL,
      '--root',
      generatedCorpus(),
    ],
    onExit: (name: string) => died.push(name),
  });
}, 600_000);

afterAll(async () => {
  await closeClients();
  await cluster?.stop();
  await schema?.drop();
  removeTempDirs();
}, 60_000);

/** A client of the 2026-07-28 era through the balancer: every request stands alone. */
async function modernClient(): Promise<Client> {
  const client = new Client(
    { name: 'cluster-test', version: '1.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(cluster!.url), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The JSON lines a replica has written to its log so far. */
function logOf(replica: Cluster['replicas'][number]): Record<string, unknown>[] {
  return replica.log
    .join('')
    .split('\n')
    .filter((line: string) => line.startsWith('{'))
    .map((line: string) => JSON.parse(line) as Record<string, unknown>);
}

function outcomes(tool: string): Map<string, string[]> {
  const byReplica = new Map<string, string[]>();
  for (const replica of cluster!.replicas) {
    byReplica.set(
      replica.name,
      logOf(replica)
        .filter((line) => line.event === 'call' && line.tool === tool)
        .map((line) => String(line.outcome)),
    );
  }
  return byReplica;
}

describe.skipIf(process.env.PORTCULLIS_SKIP_CLUSTER === '1')('three replicas behind nginx', () => {
  it('serves both eras, a legacy session on the replica that holds it', async (context) => {
    if (cluster === undefined) return context.skip();
    const legacy = await httpClient(cluster.url, token);
    const names = (await legacy.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('search_documents');
    for (let call = 0; call < 6; call += 1) {
      const found = await legacy.callTool({
        name: 'search_documents',
        arguments: { query: 'retention' },
      });
      expect(found.isError).toBeFalsy();
    }
    const modern = await modernClient();
    expect((await modern.listTools()).tools.map((tool) => tool.name)).toEqual(names);
    // The balancer by another of its loopback names is the same endpoint.
    const byName = (host: string) =>
      fetch(cluster!.url.replace('127.0.0.1', host), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'by-name', version: '1' },
          },
        }),
      });
    expect((await byName('localhost')).status).toBe(200);
    for (let call = 0; call < 6; call += 1) {
      const found = await modern.callTool({
        name: 'search_documents',
        arguments: { query: 'retention' },
      });
      expect(found.isError).toBeFalsy();
    }
    await modern.close();
    // The session's calls all ran on one replica; the modern ones on more than one.
    const served = outcomes('search_documents');
    const counts = [...served.values()].map((list) => list.length).sort((a, b) => b - a);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(12);
    expect(counts[0]).toBeGreaterThanOrEqual(6);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
  });

  it('refuses a burst spread over the replicas at the bound, not three times it', async (context) => {
    if (cluster === undefined) return context.skip();
    const clients = await Promise.all([modernClient(), modernClient(), modernClient()]);
    const results = [];
    for (let call = 0; call < 3 * BURST; call += 1) {
      results.push(
        await clients[call % 3]!.callTool({ name: 'explain_query', arguments: { query: 'the' } }),
      );
    }
    await Promise.all(clients.map((client) => client.close()));
    expect(results.filter((result) => result.isError !== true)).toHaveLength(BURST);
    const limited = results.filter((r) => r._meta?.['portcullis/retryAfterMs'] !== undefined);
    expect(limited).toHaveLength(2 * BURST);
    const spread = [...outcomes('explain_query').values()].filter((list) => list.length > 0);
    expect(spread.length).toBeGreaterThan(1);
  });

  it('stops each cancelled survey on the replica that runs it, and leaves none running', async (context) => {
    if (cluster === undefined) return context.skip();
    const envelope = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const streams = Array.from({ length: SURVEYS }, (_, index) => {
      const abort = new AbortController();
      const answered = fetch(cluster!.url, {
        method: 'POST',
        signal: abort.signal,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': 'survey_corpus',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: index + 1,
          method: 'tools/call',
          params: { name: 'survey_corpus', arguments: {}, _meta: envelope },
        }),
      }).then(
        async (response) => {
          const text = await response.text();
          stream.done = true;
          return { status: response.status, text };
        },
        () => undefined,
      );
      const stream = { abort, answered, done: false };
      return stream;
    });
    // Each replica admits what its dispatcher bound allows (a busy refusal is logged at once);
    // the surveys take minutes, so none has ended by itself. On a loaded machine the requests
    // reach the replicas over seconds: the refusals are counted once no new one has come for 1 s.
    const logged = (outcome?: string) =>
      [...outcomes('survey_corpus').values()]
        .flat()
        .filter((each) => outcome === undefined || each === outcome).length;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await steady(() => logged(), 1000, 20_000)).toBe(true);
    const refusedAtOnce = logged();
    expect(logged('CANCELLED')).toBe(0);
    const third = streams.slice(0, SURVEYS / 3);
    // The ones a replica refused as busy were answered already; the others are running.
    const running = third.filter((stream) => !stream.done).length;
    expect(running).toBeGreaterThan(0);
    for (const stream of third) stream.abort.abort();
    // Every cancelled survey ends on the replica running it within the bound, and only those.
    expect(await until(() => logged('CANCELLED') >= running, 5000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(logged('CANCELLED')).toBe(running);
    for (const stream of streams.slice(SURVEYS / 3)) stream.abort.abort();
    await Promise.all(streams.map((stream) => stream.answered));
    // Once every stream is closed, every call a replica took has ended: none is live.
    expect(await until(() => logged() === SURVEYS, 10_000)).toBe(true);
    expect(logged('CANCELLED') + refusedAtOnce).toBe(SURVEYS);
    expect(logged('REFUSED')).toBe(refusedAtOnce);
    // Each replica ran some of them.
    for (const list of outcomes('survey_corpus').values()) expect(list.length).toBeGreaterThan(0);
    const database = new pg.Client({ connectionString: schema!.url });
    await database.connect();
    try {
      const runs = await database.query('SELECT count(*) AS n FROM survey_runs');
      expect(Number(runs.rows[0].n)).toBe(0);
    } finally {
      await database.end();
    }
  }, 60_000);

  it('cancels a legacy session’s call on its replica when the cancel comes on another connection', async (context) => {
    if (cluster === undefined) return context.skip();
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const opened = await fetch(cluster.url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'legacy-cancel', version: '1' },
        },
      }),
    });
    await opened.text();
    const session = opened.headers.get('mcp-session-id') ?? '';
    const owner = session.split('.')[0] ?? '';
    const inSession = {
      ...headers,
      'mcp-session-id': session,
      'mcp-protocol-version': '2025-11-25',
    };
    await (
      await fetch(cluster.url, {
        method: 'POST',
        headers: inSession,
        body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
      })
    ).text();
    const before = new Map(
      [...outcomes('survey_corpus')].map(([name, list]) => [name, list.length]),
    );
    const call = fetch(cluster.url, {
      method: 'POST',
      headers: inSession,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'survey_corpus', arguments: {} },
      }),
    }).then((answer) => answer.text());
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // The cancel on a connection of its own: the balancer routes it by the session id.
    const cancelled = await new Promise<number>((resolve, reject) => {
      const body = JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 7, reason: 'the user stopped it' },
      });
      const sent = request(
        cluster!.url,
        {
          method: 'POST',
          agent: false,
          headers: { ...inSession, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    expect(cancelled).toBe(202);
    const grew = (name: string) =>
      (outcomes('survey_corpus').get(name) ?? []).length - (before.get(name) ?? 0);
    expect(
      await until(
        () =>
          (outcomes('survey_corpus').get(owner) ?? []).at(-1) === 'CANCELLED' && grew(owner) === 1,
        5000,
      ),
    ).toBe(true);
    for (const replica of cluster.replicas) {
      if (replica.name !== owner) expect(grew(replica.name)).toBe(0);
    }
    // The cancelled call gets no answer: its stream ends without one.
    const streamed = await call;
    expect(streamed).not.toContain('"id":7');
  }, 30_000);

  it('routes around a SIGKILLed replica, losing no acknowledged write', async (context) => {
    if (cluster === undefined) return context.skip();
    const client = await modernClient();
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'the', limit: 40 },
    });
    const ids = (found.structuredContent as { hits: { id: number }[] }).hits.map((hit) => hit.id);
    const acknowledged: number[] = [];
    const sent: number[] = [];
    const failed: number[] = [];
    let killedAt = -1;
    const victim = cluster.replicas[1]!;
    const stream = async (worker: number) => {
      for (let call = worker; call < 240; call += 4) {
        sent.push(call);
        const chosen = Array.from({ length: 4 }, (_, k) => ids[(call + k * 7) % ids.length]);
        const result = await Promise.race([
          client.callTool({
            name: 'tag_documents',
            arguments: { ids: chosen, tags: { [`kill-${call}`]: 'urgent', shared: 'low' } },
          }),
          new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 15_000).unref()),
        ]).catch(() => undefined);
        expect(result).not.toBe('hung');
        if (result === undefined || result === 'hung' || result.isError === true) {
          failed.push(call);
          continue;
        }
        acknowledged.push(call);
        if (acknowledged.length === 60 && killedAt < 0) {
          killedAt = call;
          victim.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all([stream(0), stream(1), stream(2), stream(3)]);
    await client.close();
    expect(killedAt).toBeGreaterThanOrEqual(0);
    expect(died).toContain(victim.name);
    // Calls went on after the kill, served by the others.
    expect(acknowledged.filter((call) => call > killedAt).length).toBeGreaterThan(20);
    const database = new pg.Client({ connectionString: schema!.url });
    await database.connect();
    try {
      const pairs = async (tag: string) =>
        Number(
          (await database.query('SELECT count(*) AS n FROM tags WHERE tag = $1', [tag])).rows[0].n,
        );
      for (const call of acknowledged) expect(await pairs(`kill-${call}`)).toBe(4);
      for (const call of sent) expect([0, 4]).toContain(await pairs(`kill-${call}`));
    } finally {
      await database.end();
    }
  }, 120_000);
});
