/**
 * Both eras over stdio with a real child process, driven by the real v2 client: the first message
 * pins the connection's era (a pinned 2026-07-28 client sends `server/discover` with the envelope;
 * a legacy one `initialize`), then listing, calling, the constant answer and, in the modern era,
 * elicitation through `input_required` all cross the strict line transport and the interposer.
 */
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, onClose } from '../support.ts';

afterEach(closeAll);

const FIXTURE = join(import.meta.dirname, '../fixtures/stdio-server.ts');

async function stdioClient(
  consumer: string,
  modern: boolean,
  capabilities: Record<string, unknown> = {},
): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', FIXTURE, consumer],
    stderr: 'pipe',
  });
  const client = new Client(
    { name: 'modern-stdio-test', version: '1.0.0' },
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
])('the %s era over stdio', (_era, modern) => {
  it('lists, calls, and answers an ungranted tool with the constant answer', async () => {
    const client = await stdioClient('bob', modern);
    expect(client.getNegotiatedProtocolVersion()).toBe(modern ? '2026-07-28' : '2025-11-25');
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => tool.name)).toEqual(['add', 'double', 'greet']);
    const called = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
    expect(called.content).toEqual([{ type: 'text', text: '"Hello, Ada."' }]);
    await expect(client.callTool({ name: 'echo', arguments: {} })).rejects.toThrow(
      /cannot be served/,
    );
  }, 60_000);

  it('asks the client to elicit and judges its answer', async () => {
    const client = await stdioClient('alice', modern, { elicitation: { form: {} } });
    client.setRequestHandler('elicitation/create', async () => ({
      action: 'accept',
      content: { name: 'Ada', age: 36, role: 'admin', subscribed: true },
    }));
    const called = await client.callTool({ name: 'ask', arguments: { what: 'elicit' } });
    expect(called.isError).not.toBe(true);
    expect(JSON.stringify(called.content)).toContain('Ada');
  }, 60_000);
});
