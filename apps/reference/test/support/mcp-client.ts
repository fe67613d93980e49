/** SDK clients for the end-to-end tests: over HTTP with an optional bearer token, and over stdio. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { MAIN } from './child-app.ts';

const opened = new Set<Client>();

/** A connected client of the HTTP endpoint `url`, presenting `token` when given. */
export async function httpClient(url: URL | string, token?: string): Promise<Client> {
  const client = new Client({ name: 'reference-e2e', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  opened.add(client);
  return client;
}

/** A client that starts `node dist/main.js --stdio ...args` and speaks to it over its stdio. */
export async function stdioClient(args: readonly string[]): Promise<Client> {
  const client = new Client({ name: 'reference-e2e', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MAIN, '--stdio', ...args],
    stderr: 'ignore',
  });
  await client.connect(transport);
  opened.add(client);
  return client;
}

/** Closes every client still open (and so every stdio child they started). */
export async function closeClients(): Promise<void> {
  await Promise.all([...opened].map((client) => client.close().catch(() => undefined)));
  opened.clear();
}

/** The text of a result's first text block. */
export function textOf(result: object): string {
  const blocks = ((result as { content?: unknown }).content ?? []) as {
    type: string;
    text?: string;
  }[];
  return blocks.find((block) => block.type === 'text')?.text ?? '';
}
