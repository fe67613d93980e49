/**
 * The built `portcullis-gateway` in front of server-everything (started by the gateway over stdio
 * from node_modules), called over HTTP on 127.0.0.1 with the official v2 client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { hashToken } from '@portcullis/server/http';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = join(import.meta.dirname, '..', 'dist', 'main.js');
const EVERYTHING = join(
  import.meta.dirname,
  '..',
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
});

function start(args: string[]): {
  child: ChildProcess;
  url: Promise<string>;
  stderr: () => string;
} {
  const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = /listening on (\S+)\n/.exec(out);
      if (match?.[1] !== undefined) resolve(match[1]);
    });
    child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
  return { child, url, stderr: () => err };
}

describe('portcullis-gateway', () => {
  it('serves server-everything to the consumers of its config, and lists nothing to a stranger', async () => {
    const token = randomBytes(24).toString('hex');
    const dir = mkdtempSync(join(tmpdir(), 'gateway-app-'));
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({
        consumers: [{ name: 'reader', tokenSha256: hashToken(token), tools: ['ev_echo'] }],
      }),
    );
    const { url } = start([
      '--upstream',
      `${process.execPath} ${EVERYTHING} stdio`,
      '--prefix',
      'ev_',
      '--port',
      '0',
      '--config',
      config,
    ]);
    const endpoint = await url;
    const client = new Client({ name: 'app-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(endpoint), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(['ev_echo']);
    const echo = await client.callTool({ name: 'ev_echo', arguments: { message: 'through' } });
    expect(JSON.stringify(echo.content)).toContain('Echo: through');
    await client.close();
    const stranger = new Client({ name: 'app-test', version: '1.0.0' });
    await stranger.connect(new StreamableHTTPClientTransport(new URL(endpoint)));
    expect((await stranger.listTools()).tools).toEqual([]);
    await stranger.close();
  });

  it('refuses a config it cannot read, naming the field, with exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gateway-app-'));
    const config = join(dir, 'config.json');
    writeFileSync(
      config,
      JSON.stringify({ consumers: [{ name: 'x', tokenSha256: 'no', tools: '*' }] }),
    );
    const child = spawn(process.execPath, [MAIN, '--upstream', 'true', '--config', config], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    children.push(child);
    let err = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      err += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(err).toContain('consumers[0].tokenSha256');
  });

  it('refuses a command line without an upstream with exit 2', async () => {
    const child = spawn(process.execPath, [MAIN, '--port', '0'], { stdio: 'ignore' });
    children.push(child);
    const [code] = await once(child, 'exit');
    expect(code).toBe(2);
  });
});
