/**
 * A 2025-era upstream (the SDK 1.x `McpServer`) that asks the gateway's client during a call
 * (`elicitation/create`, `sampling/createMessage`): the request is relayed to the caller of the one
 * call running on that upstream, through the call's context (so the reply is judged), in either
 * era of the caller; with two calls running, it is refused and the caller never asked.
 */
import {
  Client,
  LOG_LEVEL_META_KEY,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEXTS, type Gateway, type GatewayHost } from '../src/index.ts';
import { type Child, everythingSpec, servedGateway, startSdkServer, tokenOf } from './support.ts';

let upstream: Child;
let gateway: Gateway;
let host: GatewayHost;

beforeAll(async () => {
  upstream = await startSdkServer();
  ({ gateway, host } = await servedGateway(
    [{ url: upstream.url, prefix: 'sdk_' }, everythingSpec('ev_')],
    { host: { sessions: true }, server: { others: ['bob'] } },
  ));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await upstream?.stop();
});

type Era = 'modern' | 'legacy';

/** A caller of `era` answering elicitations with `confirm: true` and sampling with a poem. */
async function caller(
  era: Era,
  declares = true,
  consumer = 'tests',
): Promise<{ client: Client; asked: string[] }> {
  const asked: string[] = [];
  const client = new Client(
    { name: 'gateway-tests', version: '1.0.0' },
    {
      capabilities: declares ? { elicitation: { form: {} }, sampling: {} } : {},
      ...(era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  if (declares) {
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    client.setRequestHandler('sampling/createMessage', async () => {
      asked.push('sampling');
      return {
        role: 'assistant',
        content: { type: 'text', text: 'roses are red' },
        model: 'model-1',
      };
    });
  }
  await client.connect(
    new StreamableHTTPClientTransport(host.url, {
      requestInit: { headers: { authorization: `Bearer ${tokenOf(consumer)}` } },
    }),
  );
  return { client, asked };
}

const textOf = (result: { content?: unknown }) => JSON.stringify(result.content);

describe.each(['modern', 'legacy'] as const)('a 2025-era upstream asking a %s caller', (era) => {
  it('relays an elicitation and the reply', async () => {
    const { client, asked } = await caller(era);
    const result = await client.callTool({ name: 'sdk_confirm', arguments: { env: 'prod' } });
    expect(textOf(result)).toContain('deployed to prod: true');
    expect(asked).toContain('Deploy to prod?');
    await client.close();
  });

  it('relays a sampling request and the model reply', async () => {
    const { client } = await caller(era);
    const result = await client.callTool({ name: 'sdk_poem', arguments: { topic: 'roses' } });
    expect(textOf(result)).toContain('model model-1 wrote: roses are red');
    // server-everything's own sampling tool, over stdio.
    const everything = await client.callTool({
      name: 'ev_trigger-sampling-request',
      arguments: { prompt: 'a poem', maxTokens: 50 },
    });
    expect(everything.isError).not.toBe(true);
    expect(textOf(everything)).toContain('roses are red');
    await client.close();
  });

  it('ends the call in our words when the caller cannot answer', async () => {
    const { client } = await caller(era, false);
    const call = client.callTool({ name: 'sdk_confirm', arguments: { env: 'prod' } });
    if (era === 'modern') {
      // A 2026-07-28 request that needs a capability it does not declare is refused as a whole.
      await expect(call).rejects.toThrow('needs the client capability `elicitation`');
      await client.close();
      return;
    }
    const result = await call;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('asked for input this client did not give');
    expect(textOf(result)).toContain('did not declare the `elicitation` capability');
    await client.close();
  });
});

describe.each(['modern', 'legacy'] as const)(
  'a 2025-era upstream logging to a %s caller',
  (era) => {
    it('reaches the caller at the level it asked for', async () => {
      const { client } = await caller(era);
      const logged: unknown[] = [];
      client.setNotificationHandler('notifications/message', (notification) => {
        logged.push(notification.params);
      });
      // The 2025 era sets a level for the session; a 2026-07-28 request states its own.
      if (era === 'legacy') await client.setLoggingLevel('info');
      const result = await client.callTool({
        name: 'sdk_chatty',
        arguments: {},
        ...(era === 'modern' ? { _meta: { [LOG_LEVEL_META_KEY]: 'info' } } : {}),
      });
      expect(textOf(result)).toContain('done');
      expect(logged).toEqual([
        expect.objectContaining({ level: 'info', data: 'halfway there' }),
        expect.objectContaining({
          level: 'warning',
          data: { message: GATEWAY_TEXTS.upstreamLogged, data: { left: 1 } },
        }),
      ]);
      await client.close();
    });
  },
);

describe('a 2025-era upstream asking while two calls run on it', () => {
  it('is refused, and neither caller is asked', async () => {
    const { client, asked } = await caller('legacy');
    const slow = new AbortController();
    const running = client
      .callTool({ name: 'sdk_slow', arguments: {} }, { signal: slow.signal })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const result = await client.callTool({ name: 'sdk_confirm', arguments: { env: 'prod' } });
    slow.abort();
    await running;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain(JSON.stringify(GATEWAY_TEXTS.upstreamFailed).slice(1, -1));
    expect(asked).toEqual([]);
    await client.close();
  });
});

describe('a 2025-era upstream still at work on a cancelled call', () => {
  it("gives nothing of that call to another consumer's call", async () => {
    const a = await caller('legacy');
    const b = await caller('legacy', true, 'bob');
    const logged: unknown[] = [];
    b.client.setNotificationHandler('notifications/message', (notification) => {
      logged.push(notification.params);
    });
    await b.client.setLoggingLevel('debug');
    // A's call is cancelled; the upstream ignores that, and 600 ms in logs and asks about A's input.
    const cancel = new AbortController();
    const first = a.client
      .callTool({ name: 'sdk_lateask', arguments: { x: 'SECRET-OF-A' } }, { signal: cancel.signal })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 150));
    cancel.abort();
    await first;
    // B's call is the only one running when the upstream asks.
    const stop = new AbortController();
    const second = b.client
      .callTool({ name: 'sdk_slow', arguments: {} }, { signal: stop.signal })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    stop.abort();
    await second;
    expect(b.asked).toEqual([]);
    expect(JSON.stringify(logged)).not.toContain('SECRET-OF-A');
    await a.client.close();
    await b.client.close();
  });
});
