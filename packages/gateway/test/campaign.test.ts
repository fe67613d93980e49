/**
 * The generated hostile corpus of `@portcullis/test-kit` through the gateway over real HTTP on
 * 127.0.0.1: cases made from the documents the gateway itself lists (every served tool of
 * server-everything and of the SDK McpServer, every place, every keyword rule), sent as raw bodies.
 * On every answer: no canary anywhere in it, and the kind expected (a gate refusal as an `isError`
 * result, or a parse error for bytes); a valid call after the corpus is still served.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { stringifyCanonical } from '@portcullis/schema';
import { createCanaryMint, findCanaries, hostileCases } from '@portcullis/test-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayHost } from '../src/index.ts';
import {
  type Child,
  everythingSpec,
  servedGateway,
  startSdkServer,
  TEST_TOKEN,
} from './support.ts';

let sdk: Child;
let gateway: Gateway;
let host: GatewayHost;

beforeAll(async () => {
  sdk = await startSdkServer();
  ({ gateway, host } = await servedGateway([
    everythingSpec('ev_'),
    { url: sdk.url, prefix: 'sdk_' },
  ]));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await sdk?.stop();
});

async function post(body: string): Promise<string> {
  const response = await fetch(host.url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${TEST_TOKEN}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-11-25',
    },
    body,
  });
  const headers = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  return `${response.status} ${response.statusText}\n${headers}\n${await response.text()}`;
}

describe('the generated campaign through the gateway', () => {
  it('refuses every generated case in our words and echoes no canary', async () => {
    const client = new Client({ name: 'campaign', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(host.url, {
        requestInit: { headers: { authorization: `Bearer ${TEST_TOKEN}` } },
      }),
    );
    const { tools } = await client.listTools();
    await client.close();
    const mint = createCanaryMint();
    let sent = 0;
    const echoes: string[] = [];
    const wrongKind: string[] = [];
    for (const tool of tools) {
      for (const c of hostileCases(tool.name, tool.inputSchema as never, mint)) {
        sent += 1;
        const body = stringifyCanonical({
          jsonrpc: '2.0',
          id: sent,
          method: 'tools/call',
          params: { name: tool.name, arguments: c.arguments },
        } as never);
        const answer = await post(body);
        const found = findCanaries(answer, mint.numbers);
        if (found.length > 0) echoes.push(`${tool.name} ${c.path} ${c.keyword}: ${c.label}`);
        const kind = c.expect === 'gate' ? '"isError":true' : '-32700';
        if (!answer.includes(kind))
          wrongKind.push(`${tool.name} ${c.path} ${c.keyword}: ${c.label}`);
      }
    }
    expect(sent).toBeGreaterThan(100);
    expect(echoes).toEqual([]);
    expect(wrongKind).toEqual([]);
    const after = await post(
      stringifyCanonical({
        jsonrpc: '2.0',
        id: 0,
        method: 'tools/call',
        params: { name: 'sdk_add', arguments: { a: 1, b: 2 } },
      } as never),
    );
    expect(after).toContain('"sum":3');
  }, 120_000);
});
