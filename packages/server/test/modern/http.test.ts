/**
 * Both eras from one HTTP endpoint, driven by the real v2 client (`@modelcontextprotocol/client`)
 * over real HTTP on 127.0.0.1: a client pinned to 2026-07-28 (stateless, `server/discover`, the
 * envelope on every request, `input_required` for elicitation) and a legacy client of the same
 * package (initialize first) both list and call through the interposer.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';
import { httpHost, TOKENS } from '../http-support.ts';
import { closeAll, onClose } from '../support.ts';

afterEach(closeAll);

async function v2Client(
  url: URL,
  consumer: keyof typeof TOKENS,
  modern: boolean,
  capabilities: Record<string, unknown> = {},
): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${TOKENS[consumer]}` } },
  });
  const client = new Client(
    { name: 'modern-test', version: '1.0.0' },
    {
      capabilities,
      ...(modern ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
    },
  );
  await client.connect(transport);
  onClose(() => client.close());
  return client;
}

describe.each([
  ['modern', true],
  ['legacy', false],
])('the %s era over HTTP', (_era, modern) => {
  it('lists the consumer’s grants in catalog order and calls a granted tool', async () => {
    const { host } = await httpHost();
    const client = await v2Client(host.url, 'bob', modern);
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(['add', 'double', 'greet']);
    const called = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(called.isError).not.toBe(true);
    expect(called.content).toEqual([{ type: 'text', text: '"Hello, Ada."' }]);
  });

  it('answers an ungranted tool with the constant answer', async () => {
    const { host } = await httpHost();
    const client = await v2Client(host.url, 'carol', modern);
    await expect(client.callTool({ name: 'greet', arguments: { name: 'x' } })).rejects.toThrow(
      /cannot be served/,
    );
  });
});

describe('the modern era over HTTP', () => {
  it('negotiates through server/discover and is told the instructions', async () => {
    const { host, server } = await httpHost();
    const client = await v2Client(host.url, 'alice', true);
    expect(client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
    expect(client.getInstructions()).toBe(server.instructions);
  });

  it('asks for elicitation with input_required and continues with the client’s answer', async () => {
    const { host } = await httpHost();
    const client = await v2Client(host.url, 'alice', true, { elicitation: { form: {} } });
    let asked = 0;
    client.setRequestHandler('elicitation/create', async () => {
      asked += 1;
      return {
        action: 'accept',
        content: { name: 'Ada', age: 36, role: 'admin', subscribed: true },
      };
    });
    const called = await client.callTool({ name: 'ask', arguments: { what: 'elicit' } });
    expect(asked).toBe(1);
    expect(called.isError).not.toBe(true);
    expect(JSON.stringify(called.content)).toContain('Ada');
  });
});
