/**
 * The built app under a flood of `initialize` requests over HTTP, as an outside attacker sends
 * them: 20,000 requests of 146 bytes, 32 at a time. Without a token none opens a session, and the
 * app's resident memory stays within 50 MB of what it was before; with a valid token the
 * consumer's sessions stay within their cap (the oldest idle closed first). After each flood the
 * app still serves a client.
 */
import { readFileSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type ChildApp, killChildren, startApp, tokensOf, urlOf } from './support/child-app.ts';
import { closeClients, httpClient } from './support/mcp-client.ts';
import { removeTempDirs, tempDir } from './support/temp.ts';

afterEach(async () => {
  await closeClients();
  await killChildren();
});
afterAll(removeTempDirs);

const FLOOD = 20_000;
const AT_ONCE = 32;
const BOUND_BYTES = 50 * 1024 * 1024;

// 146 bytes, as in the flood that was measured against the app.
const INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'f', version: '1' },
  },
});

/** The child's resident set, from the kernel's accounting. */
function rssOf(app: ChildApp): number {
  const status = readFileSync(`/proc/${app.process.pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kib === undefined) throw new Error('no VmRSS for the app');
  return Number(kib) * 1024;
}

/** Sends `count` initialize requests, `AT_ONCE` in flight; returns how many of each status came. */
async function flood(
  url: URL,
  headers: Record<string, string>,
  count: number,
  seen: (answer: Response) => void = () => {},
) {
  const statuses = new Map<number, number>();
  let sent = 0;
  const worker = async () => {
    while (sent < count) {
      sent += 1;
      const answer = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: INITIALIZE,
      });
      await answer.arrayBuffer();
      seen(answer);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return statuses;
}

async function started(): Promise<{ app: ChildApp; url: URL; admin: string }> {
  const app = startApp(['--http', '--port', '0', '--data', tempDir()]);
  const url = await urlOf(app);
  const { admin } = tokensOf(app);
  // Warm the paths the flood takes, so the baseline holds what any served app holds.
  await flood(url, {}, 500);
  await flood(url, { authorization: `Bearer ${admin}` }, 500);
  return { app, url, admin };
}

describe('an initialize flood', () => {
  it('opens no session without a token, and leaves memory within 50 MB', async () => {
    const { app, url, admin } = await started();
    const before = rssOf(app);
    const statuses = await flood(url, {}, FLOOD);
    // Every request is refused a session; none is served one.
    expect([...statuses.keys()]).toEqual([403]);
    expect(rssOf(app) - before).toBeLessThan(BOUND_BYTES);
    const client = await httpClient(url, admin);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  }, 180_000);

  it('keeps a consumer within its session cap, closing the oldest idle one first', async () => {
    const { url, admin } = await started();
    const bearer = { authorization: `Bearer ${admin}` };
    const opened: string[] = [];
    const statuses = await flood(url, bearer, FLOOD, (answer) => {
      const id = answer.headers.get('mcp-session-id');
      if (id !== null) opened.push(id);
    });
    // Each opened a session, closing the consumer's oldest idle one past its cap.
    expect([...statuses.keys()]).toEqual([200]);
    expect(opened).toHaveLength(FLOOD);
    const alive = async (id: string) =>
      (
        await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': id,
            ...bearer,
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }),
        })
      ).status;
    // The first sessions were closed long ago; the newest are served.
    expect(await alive(opened[0] as string)).toBe(404);
    expect(await alive(opened.at(-1) as string)).toBe(200);
    const client = await httpClient(url, admin);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
  }, 180_000);
});
