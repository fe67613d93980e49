/**
 * Starts the real upstreams the tests put behind the gateway, from this package's node_modules:
 * server-everything and server-filesystem over stdio (as upstream specs the gateway starts), an SDK
 * McpServer and a FastMCP server over HTTP (child processes started here); the gateway the tests
 * serve over HTTP; and the v2 client they call it with.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { DispatcherOptions } from '@portcullis/dispatcher';
import { createTokenResolver, hashToken, type ServeHttpOptions } from '@portcullis/server/http';
import {
  createGateway,
  type Gateway,
  type GatewayHost,
  type GatewayOptions,
  serveGatewayHttp,
  type UpstreamSpec,
} from '../src/index.ts';

const HERE = import.meta.dirname;
const MODULES = join(HERE, '..', 'node_modules');

export function everythingSpec(prefix?: string): UpstreamSpec {
  return {
    command: process.execPath,
    args: [join(MODULES, '@modelcontextprotocol/server-everything/dist/index.js'), 'stdio'],
    ...(prefix === undefined ? {} : { prefix }),
  };
}

export function filesystemSpec(prefix?: string): { spec: UpstreamSpec; root: string } {
  const root = mkdtempSync(join(tmpdir(), 'gateway-fs-'));
  writeFileSync(join(root, 'hello.txt'), 'hello from the filesystem\n');
  return {
    root,
    spec: {
      command: process.execPath,
      args: [join(MODULES, '@modelcontextprotocol/server-filesystem/dist/index.js'), root],
      ...(prefix === undefined ? {} : { prefix }),
    },
  };
}

export interface Child {
  readonly url: string;
  readonly process: ChildProcess;
  /** Every stdout line so far. */
  readonly lines: string[];
  stop(): Promise<void>;
}

function linesOf(child: ChildProcess): string[] {
  const lines: string[] = [];
  let rest = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    rest += chunk;
    const parts = rest.split('\n');
    rest = parts.pop() ?? '';
    lines.push(...parts);
  });
  return lines;
}

async function until(
  lines: string[],
  test: (line: string) => boolean,
  ms = 15_000,
): Promise<string> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const found = lines.find(test);
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the upstream did not start in time');
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await once(child, 'exit');
  };
}

/** Starts a fixture that prints `listening <port>` and serves Streamable HTTP at `/mcp`. */
async function startListening(fixture: string): Promise<Child> {
  const child = spawn(process.execPath, [join(HERE, 'fixtures', fixture)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = linesOf(child);
  const line = await until(lines, (l) => l.startsWith('listening '));
  return {
    url: `http://127.0.0.1:${line.slice('listening '.length)}/mcp`,
    process: child,
    lines,
    stop: stopper(child),
  };
}

/** The SDK 1.x `McpServer` fixture (`fixtures/sdk-server.mjs`). */
export const startSdkServer = (): Promise<Child> => startListening('sdk-server.mjs');

/** The v2 `McpServer` fixture whose tools ask for input (`fixtures/v2-server.mjs`). */
export const startV2Server = (): Promise<Child> => startListening('v2-server.mjs');

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  server.close();
  await once(server, 'close');
  return port;
}

export async function startFastMcp(): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(HERE, 'fixtures/fastmcp-server.mjs'), String(port)], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const lines = linesOf(child);
  await until(lines, (l) => l === 'listening');
  return { url: `http://127.0.0.1:${port}/mcp`, process: child, lines, stop: stopper(child) };
}

/** A v2 client connected to `url` over Streamable HTTP, with `token` as its bearer token. */
export async function clientOf(url: string | URL, token?: string): Promise<Client> {
  const client = new Client({ name: 'gateway-tests', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), {
      requestInit: { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The bearer token of `tests`, the one consumer of a test gateway. */
export const TEST_TOKEN = randomBytes(24).toString('hex');

/** The bearer token of a test gateway's consumer: {@link TEST_TOKEN} for `tests`. */
export const tokenOf = (consumer: string): string =>
  consumer === 'tests' ? TEST_TOKEN : `${TEST_TOKEN}-${consumer}`;

/**
 * The tool server options of a test gateway: `tests` (and any `others`) granted every served
 * tool, nothing logged, a 10 s deadline and room for 16 calls unless given.
 */
export function testServer(
  given: {
    readonly callTimeoutMs?: number;
    readonly dispatcher?: DispatcherOptions;
    readonly others?: readonly string[];
  } = {},
): GatewayOptions['server'] {
  return {
    grants: Object.fromEntries(['tests', ...(given.others ?? [])].map((name) => [name, '*'])),
    callTimeoutMs: given.callTimeoutMs ?? 10_000,
    dispatcher: given.dispatcher ?? { maxRunning: 16, maxQueued: 64 },
    logger: { info() {}, warn() {}, error() {} },
  };
}

/**
 * A gateway over `upstreams`, served over HTTP on 127.0.0.1 to `tests` and any `others` of the
 * server options (their tokens by {@link tokenOf}).
 */
export async function servedGateway(
  upstreams: readonly UpstreamSpec[],
  given: {
    readonly server?: Parameters<typeof testServer>[0];
    readonly warn?: (line: string) => void;
    readonly host?: Omit<ServeHttpOptions, 'consumers'>;
  } = {},
): Promise<{ readonly gateway: Gateway; readonly host: GatewayHost; close(): Promise<void> }> {
  const gateway = await createGateway({
    upstreams,
    warn: given.warn ?? (() => {}),
    server: testServer(given.server),
  });
  const consumers = ['tests', ...(given.server?.others ?? [])].map((consumer) => ({
    consumer,
    tokenSha256: hashToken(tokenOf(consumer)),
  }));
  const host = await serveGatewayHttp(gateway, {
    ...given.host,
    consumers: createTokenResolver(consumers),
  });
  return {
    gateway,
    host,
    async close() {
      await host.close();
      await gateway.close();
    },
  };
}
