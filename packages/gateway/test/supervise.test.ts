/**
 * A stdio upstream the gateway started (server-everything) that dies is started again, and its
 * tools are served by it once more.
 */
import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway } from '../src/index.ts';
import { everythingSpec } from './support.ts';

let gateway: Gateway;
const warnings: string[] = [];

beforeAll(async () => {
  gateway = await createGateway({
    upstreams: [everythingSpec('ev_')],
    warn: (line) => warnings.push(line),
    server: {
      grants: { tests: '*' },
      callTimeoutMs: 10_000,
      dispatcher: { maxRunning: 16, maxQueued: 64 },
      logger: { info() {}, warn() {}, error() {} },
    },
  });
});

afterAll(async () => {
  await gateway?.close();
});

async function echo(message: string) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await gateway.server.connect(serverSide, { consumer: 'tests' });
  const client = new Client({ name: 'supervise-test', version: '1.0.0' });
  await client.connect(clientSide);
  const result = await client.callTool({ name: 'ev_echo', arguments: { message } });
  await client.close();
  return result;
}

describe('a supervised upstream', () => {
  it('is started again when its process dies, and serves again', async () => {
    expect(JSON.stringify((await echo('before')).content)).toContain('Echo: before');
    const pid = gateway.upstreamPids[0];
    expect(typeof pid).toBe('number');
    process.kill(pid as number, 'SIGKILL');
    const deadline = Date.now() + 15_000;
    while (
      (gateway.upstreamPids[0] === pid || gateway.upstreamPids[0] === undefined) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(gateway.upstreamPids[0]).not.toBe(pid);
    expect(warnings.some((line) => line.includes('stopped; starting it again'))).toBe(true);
    const after = await echo('after');
    expect(after.isError).not.toBe(true);
    expect(JSON.stringify(after.content)).toContain('Echo: after');
  });
});
