/**
 * An upstream that changes its tools (`notifications/tools/list_changed`): the gateway reads them
 * again, builds a new tool server, and `serveGatewayHttp` serves it to the next request.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayHost } from '../src/index.ts';
import { type Child, clientOf, servedGateway, startSdkServer, TEST_TOKEN } from './support.ts';

let sdk: Child;
let gateway: Gateway;
let host: GatewayHost;

beforeAll(async () => {
  sdk = await startSdkServer();
  ({ gateway, host } = await servedGateway([{ url: sdk.url, prefix: 'sdk_' }]));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await sdk?.stop();
});

describe('an upstream that changes its tools', () => {
  it('is read again and served by a new tool server', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    expect((await client.listTools()).tools.map((t) => t.name)).not.toContain('sdk_late');
    let rebuilt = 0;
    gateway.onRebuild(() => {
      rebuilt += 1;
    });
    await client.callTool({ name: 'sdk_grow', arguments: {} });
    const deadline = Date.now() + 10_000;
    while (rebuilt === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(rebuilt).toBeGreaterThan(0);
    expect(gateway.served).toContain('sdk_late');
    const listed = await clientOf(host.url, TEST_TOKEN);
    expect((await listed.listTools()).tools.map((t) => t.name)).toContain('sdk_late');
    const late = await listed.callTool({ name: 'sdk_late', arguments: { word: 'here' } });
    expect(JSON.stringify(late.content)).toContain('here');
    await listed.close();
    await client.close();
  });

  it('keeps its DNS-rebinding protection on loopback', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = httpRequest(
        host.url,
        { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json' } },
        (response) => {
          response.resume();
          resolve(response.statusCode);
        },
      );
      request.on('error', reject);
      request.end('{"jsonrpc":"2.0","id":1,"method":"ping"}');
    });
    expect(status).toBe(403);
  });
});
