/**
 * A canary-tagged hostile corpus sent to the SDK McpServer directly and through the gateway. The
 * upstream alone echoes some canaries (an unknown tool's name, a failing tool's text quoting its
 * input); through the gateway no answer holds one.
 */
import { randomBytes } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayHost } from '../src/index.ts';
import { type Child, clientOf, servedGateway, startSdkServer, TEST_TOKEN } from './support.ts';

let sdk: Child;
let gateway: Gateway;
let host: GatewayHost;
let counter = 0;

function canary(): string {
  counter += 1;
  return `CANARY${counter.toString().padStart(4, '0')}x${randomBytes(4).toString('hex')}`;
}

/** The hostile calls: each names a tool (plain, for the upstream) and carries canaries. */
function corpus(): { name: string; arguments: unknown; mark: string }[] {
  const cases: { name: string; arguments: unknown; mark: string }[] = [];
  const add = (name: string, build: (mark: string) => unknown) => {
    const mark = canary();
    cases.push({ name: name === '*' ? mark : name, arguments: build(mark), mark });
  };
  add('greet', (m) => ({ name: 12345, [m]: m }));
  add('greet', (m) => ({ name: m.repeat(10) }));
  add('greet', (m) => ({ name: [m] }));
  add('greet', (m) => ({ name: { value: m } }));
  add('greet', (m) => ({ nom: m }));
  add('greet', () => ({}));
  add('add', (m) => ({ a: m, b: 1 }));
  add('add', (m) => ({ a: 1, b: 2, [m]: 3 }));
  add('add', (m) => ({ a: 1, b: { [m]: true } }));
  add('fail', (m) => ({ note: m }));
  add('fail', (m) => ({ note: `<script>${m}</script>` }));
  add('*', (m) => ({ x: m }));
  add('*', () => ({}));
  add('add', (m) => m);
  add('greet', (m) => [m]);
  return cases;
}

/** Every answer of the corpus as text (a result, or the JSON-RPC error the client threw). */
async function answers(client: Client, prefix: string) {
  const out: { mark: string; text: string }[] = [];
  for (const item of corpus()) {
    let text: string;
    try {
      const result = await client.callTool({
        name: item.name.startsWith('CANARY') ? item.name : `${prefix}${item.name}`,
        arguments: item.arguments as Record<string, unknown>,
      });
      text = JSON.stringify(result);
    } catch (error) {
      const { message, code, data } = error as { message?: string; code?: unknown; data?: unknown };
      text = JSON.stringify({ message, code, data });
    }
    out.push({ mark: item.mark, text });
  }
  return out;
}

beforeAll(async () => {
  sdk = await startSdkServer();
  ({ gateway, host } = await servedGateway([{ url: sdk.url, prefix: 'sdk_' }]));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await sdk?.stop();
});

describe('the hostile corpus', () => {
  it('the upstream alone echoes canaries', async () => {
    const client = await clientOf(sdk.url);
    const echoed = (await answers(client, '')).filter((answer) => answer.text.includes('CANARY'));
    await client.close();
    // an unknown tool's name, the failing tool quoting its input, a validation error quoting a key
    expect(echoed.length).toBeGreaterThanOrEqual(3);
  });

  it('through the gateway no answer holds a canary', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const all = await answers(client, 'sdk_');
    await client.close();
    expect(all).toHaveLength(corpus().length);
    expect(all.filter((answer) => answer.text.includes('CANARY'))).toEqual([]);
  });

  it('without a token, through the gateway, every call gets the one constant answer', async () => {
    const client = await clientOf(host.url);
    const all = await answers(client, 'sdk_');
    await client.close();
    expect(all.filter((answer) => answer.text.includes('CANARY'))).toEqual([]);
    expect(new Set(all.map((answer) => answer.text)).size).toBe(1);
  });
});
