/**
 * An upstream on the v2 server whose tools return `input_required` (2026-07-28): the gateway asks
 * its own caller through the call's context, the tool server judges the caller's reply, and only
 * then does the call go back upstream with it.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Gateway, type GatewayHost, UPSTREAM_ERROR_CODE_META_KEY } from '../src/index.ts';
import { type Child, servedGateway, startV2Server, TEST_TOKEN } from './support.ts';

const CANARY = 'CANARY-7f3e91';
let upstream: Child;
let gateway: Gateway;
let host: GatewayHost;

beforeAll(async () => {
  upstream = await startV2Server();
  ({ gateway, host } = await servedGateway([{ url: upstream.url, prefix: 'ask_' }]));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await upstream?.stop();
});

interface Answers {
  elicit?: () => unknown;
  sample?: () => unknown;
  roots?: () => unknown;
}

/** A modern-era caller declaring what `answers` can answer, answering with it. */
async function caller(answers: Answers): Promise<Client> {
  const client = new Client(
    { name: 'gateway-tests', version: '1.0.0' },
    {
      capabilities: {
        ...(answers.elicit === undefined ? {} : { elicitation: { form: {} } }),
        ...(answers.sample === undefined ? {} : { sampling: {} }),
        ...(answers.roots === undefined ? {} : { roots: {} }),
      },
      versionNegotiation: { mode: { pin: '2026-07-28' } },
    },
  );
  if (answers.elicit !== undefined) {
    const answer = answers.elicit;
    client.setRequestHandler('elicitation/create', async () => answer() as never);
  }
  if (answers.sample !== undefined) {
    const answer = answers.sample;
    client.setRequestHandler('sampling/createMessage', async () => answer() as never);
  }
  if (answers.roots !== undefined) {
    const answer = answers.roots;
    client.setRequestHandler('roots/list', async () => answer() as never);
  }
  await client.connect(
    new StreamableHTTPClientTransport(host.url, {
      requestInit: { headers: { authorization: `Bearer ${TEST_TOKEN}` } },
    }),
  );
  return client;
}

const textOf = (result: { content?: unknown }) => JSON.stringify(result.content);
const runs = (tool: string) => upstream.lines.filter((line) => line === `ran ${tool}`).length;

describe('an upstream asking for input', () => {
  it('relays an elicitation and returns the upstream answer given the caller reply', async () => {
    let asked: unknown;
    const client = await caller({
      elicit: () => ({ action: 'accept', content: { confirm: true, note: 'ok' } }),
    });
    client.setRequestHandler('elicitation/create', async (request) => {
      asked = request.params;
      return { action: 'accept', content: { confirm: true, note: 'ok' } };
    });
    const result = await client.callTool({ name: 'ask_confirm', arguments: { env: 'prod' } });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('deployed to prod: true (ok)');
    expect(asked).toMatchObject({
      message: 'Deploy to prod?',
      requestedSchema: {
        type: 'object',
        properties: { confirm: { type: 'boolean' }, note: { type: 'string' } },
        required: ['confirm'],
      },
    });
    await client.close();
  });

  it('asks each question, even one asked under the key of an earlier one', async () => {
    const asked: string[] = [];
    const client = await caller({ elicit: () => ({}) });
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(request.params.message);
      return { action: 'accept', content: { confirm: asked.length === 1 } };
    });
    const result = await client.callTool({ name: 'ask_rekey', arguments: {} });
    expect(asked).toEqual(['Deploy to staging?', 'Deploy to production?']);
    // The answer to "production?" is the second one, not the first one reused.
    expect(textOf(result)).toContain(
      'production: {\\"action\\":\\"accept\\",\\"content\\":{\\"confirm\\":false}}',
    );
    await client.close();
  });

  it('relays a decline', async () => {
    const client = await caller({ elicit: () => ({ action: 'decline' }) });
    const result = await client.callTool({ name: 'ask_confirm', arguments: { env: 'prod' } });
    expect(textOf(result)).toContain('not deployed (decline)');
    await client.close();
  });

  it('never sends upstream a reply that does not match the form, nor repeats it', async () => {
    const client = await caller({
      elicit: () => ({ action: 'accept', content: { confirm: CANARY, note: CANARY } }),
    });
    const before = runs('confirm');
    const result = await client.callTool({ name: 'ask_confirm', arguments: { env: 'prod' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('asked for input this client did not give');
    expect(textOf(result)).toContain('does not match the requested schema');
    expect(textOf(result)).not.toContain(CANARY);
    expect(textOf(result)).not.toContain('deployed to');
    // Each run of the call asks upstream once without responses; none went up with the reply.
    expect(runs('confirm') - before).toBeGreaterThan(0);
    await client.close();
  });

  it('tells the upstream what the caller cannot answer, and answers its refusal in our words', async () => {
    // The caller declares no capability: the upstream, told so in the request's `_meta`, refuses
    // the call (-32021, a capability missing) rather than asking.
    const client = await caller({});
    const result = await client.callTool({ name: 'ask_confirm', arguments: { env: 'prod' } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('refused this tool call (JSON-RPC error -32021)');
    expect(result._meta?.[UPSTREAM_ERROR_CODE_META_KEY]).toBe(-32021);
    await client.close();
  });

  it('relays a sampling request and the model reply', async () => {
    const client = await caller({
      sample: () => ({
        role: 'assistant',
        content: { type: 'text', text: 'roses are red' },
        model: 'model-1',
      }),
    });
    const result = await client.callTool({ name: 'ask_poem', arguments: { topic: 'roses' } });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('model model-1 wrote: roses are red');
    await client.close();
  });

  it('relays a roots request', async () => {
    const client = await caller({ roots: () => ({ roots: [{ uri: 'file:///srv/data' }] }) });
    const result = await client.callTool({ name: 'ask_roots', arguments: {} });
    expect(result.isError).not.toBe(true);
    expect(textOf(result)).toContain('file:///srv/data');
    await client.close();
  });
});
