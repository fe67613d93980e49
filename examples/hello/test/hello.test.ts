/*
 * Runs the example as a user does: `node main.js --stdio` started by the SDK's stdio client, and
 * `node main.js` over real HTTP on 127.0.0.1 with the bearer token it is given. The tool answers a
 * valid call; a call the contract refuses, a tool that does not exist and a missing token are
 * refused without a word of what was sent.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const CANARY = 'canary-51c9';
const clients: Client[] = [];
const children: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

function textOf(result: object): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.find((block) => block.type === 'text')?.text ?? '';
}

async function expectServed(client: Client): Promise<void> {
  const { tools } = await client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['greet']);
  const greeted = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
  expect(greeted.isError).toBeFalsy();
  expect(greeted.structuredContent).toEqual({ greeting: 'Hello, Ada!' });
  const refused = await client.callTool({
    name: 'greet',
    arguments: { name: 'Ada', [CANARY]: true },
  });
  expect(refused.isError).toBe(true);
  expect(textOf(refused)).toMatch(/argument|propert/i);
  expect(JSON.stringify(refused)).not.toContain(CANARY);
  const unknown = client.callTool({ name: CANARY, arguments: {} });
  await expect(unknown).rejects.toThrow();
  await unknown.catch((error: unknown) => expect(String(error)).not.toContain(CANARY));
}

/** Starts `node main.js` over HTTP on a free port and resolves with its endpoint. */
async function startHttp(token: string): Promise<URL> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HELLO_TOKEN: token },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  child.stdout.setEncoding('utf8');
  let out = '';
  for await (const chunk of child.stdout) {
    out += chunk;
    const match = /^listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)\n/.exec(out);
    if (match?.[1] !== undefined) return new URL(match[1]);
  }
  throw new Error('the example exited before it listened');
}

describe('examples/hello', () => {
  it('serves its tool over stdio to a client that starts it', async () => {
    const client = new Client({ name: 'hello-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [MAIN, '--stdio'] }),
    );
    await expectServed(client);
  });

  it('serves its tool over HTTP on 127.0.0.1 to the holder of its token', async () => {
    const token = 'hello-test-token';
    const url = await startHttp(token);
    expect(url.hostname).toBe('127.0.0.1');
    const client = new Client({ name: 'hello-test', version: '1.0.0' });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    await expectServed(client);

    const anonymous = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    // Without the token there is no consumer, and a listing for no consumer is empty.
    const body = await anonymous.text();
    expect(body).toContain('"result":{"tools":[]}');
    expect(body).not.toContain('greet');
  });

  it('stops on SIGTERM with exit code 0', async () => {
    await startHttp('hello-test-token');
    const child = children[0] as ChildProcess;
    child.kill('SIGTERM');
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
  });
});
