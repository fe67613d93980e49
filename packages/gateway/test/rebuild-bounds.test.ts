/**
 * The tool servers a gateway builds share one dispatcher: after a rebuild, calls still running on
 * the server before it count against the same bounds, so rebuilds never multiply them; and a
 * client's cancel, which reaches the newest server, still cancels a call running on an older one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway, GatewayHost } from '../src/index.ts';
import { type Child, clientOf, servedGateway, startSdkServer, TEST_TOKEN } from './support.ts';

let sdk: Child;
let gateway: Gateway;
let host: GatewayHost;

beforeAll(async () => {
  sdk = await startSdkServer();
  ({ gateway, host } = await servedGateway([{ url: sdk.url, prefix: 'sdk_' }], {
    server: { callTimeoutMs: 20_000, dispatcher: { maxRunning: 2, maxQueued: 0 } },
  }));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await sdk?.stop();
});

const textOf = (result: unknown) =>
  JSON.stringify((result as { content: unknown }).content ?? result);

describe('a gateway rebuilt while its calls run', () => {
  it('keeps the dispatcher bounds across tool servers, and cancels across them', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const running = new AbortController();
    const slow = [1, 2].map(() =>
      client
        .callTool({ name: 'sdk_slow', arguments: {} }, { signal: running.signal })
        .catch(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    const before = await client.callTool({ name: 'sdk_add', arguments: { a: 1, b: 2 } });
    expect(before.isError).toBe(true);
    await gateway.rebuild();
    const after = await (await clientOf(host.url, TEST_TOKEN)).callTool({
      name: 'sdk_add',
      arguments: { a: 1, b: 2 },
    });
    expect(after.isError).toBe(true);
    expect(textOf(after)).toBe(textOf(before));
    // The client's cancels reach the newest server, and through the handlers' relay the older
    // one the calls run on: room again.
    running.abort();
    await Promise.all(slow);
    const next = await clientOf(host.url, TEST_TOKEN);
    let answered: unknown;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      answered = await next.callTool({ name: 'sdk_add', arguments: { a: 1, b: 2 } });
      if ((answered as { isError?: boolean }).isError !== true) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((answered as { isError?: boolean }).isError).not.toBe(true);
    expect(textOf(answered)).toContain('3');
    await next.close();
    await client.close();
  });
});
