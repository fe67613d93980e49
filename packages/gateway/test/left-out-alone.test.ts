/**
 * A tool the tool server refuses to publish (an enum past a dialect's limit), or one whose
 * definition is not one MCP defines (which makes the SDK client refuse the whole list), is left out
 * alone, with its reason; the upstream's other tools are served. A `*` grant whose tools would
 * state more optional properties together than a dialect allows one request grants the tools that
 * fit, in upstream order, and names those it does not.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { afterAll, describe, expect, it } from 'vitest';
import { createGateway, type Gateway, type GatewayHost, serveGatewayHttp } from '../src/index.ts';
import { clientOf, testServer } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'gateway-left-out-'));
let gateway: Gateway | undefined;
let second: Gateway | undefined;
let third: Gateway | undefined;
let host: GatewayHost | undefined;

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await second?.close();
  await third?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a tool the tool server cannot publish', () => {
  it('is left out alone, naming why, and the others are served, scope grants too', async () => {
    const tools = join(dir, 'tools.json');
    const many = Array.from({ length: 2000 }, (_, index) => `v${index}`);
    writeFileSync(
      tools,
      JSON.stringify([
        {
          name: 'huge_enum',
          inputSchema: { type: 'object', properties: { v: { type: 'string', enum: many } } },
        },
        { name: 'plain', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
      ]),
    );
    const warnings: string[] = [];
    const script = fileURLToPath(new URL('./fixtures/listed.mjs', import.meta.url));
    gateway = await createGateway({
      upstreams: [{ command: process.execPath, args: [script, tools] }],
      warn: (line) => warnings.push(line),
      server: {
        ...testServer({ dispatcher: { maxRunning: 4, maxQueued: 4 } }),
        // A scope grant naming a tool left out names only the served ones.
        scopeGrants: { read: ['plain', 'huge_enum'] },
      },
    });
    expect(gateway.served).toEqual(['plain']);
    expect(gateway.leftOut).toEqual([
      {
        upstream: 0,
        tool: 'huge_enum',
        reason: expect.stringMatching(/^the tool server refuses it/),
      },
    ]);
    expect(warnings.some((line) => line.includes('"huge_enum"'))).toBe(true);
  });
});

describe('a tool list with tools MCP does not define', () => {
  it('is read as sent, each tool left out or served on its own', async () => {
    const tools = join(dir, 'malformed.json');
    writeFileSync(
      tools,
      JSON.stringify([
        { name: 'string_root', inputSchema: { type: 'string' } },
        { inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
        { name: 'no_schema' },
        { name: 'plain', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
        { name: 'twice', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } },
        { name: 'twice', inputSchema: { type: 'object', properties: { b: { type: 'number' } } } },
      ]),
    );
    const script = fileURLToPath(new URL('./fixtures/listed.mjs', import.meta.url));
    second = await createGateway({
      upstreams: [{ command: process.execPath, args: [script, tools] }],
      warn: () => {},
      server: testServer({ dispatcher: { maxRunning: 4, maxQueued: 4 } }),
    });
    expect(second.served).toEqual(['plain']);
    expect(second.leftOut.map((out) => [out.tool, out.reason])).toEqual([
      ['string_root', expect.stringMatching(/^the catalog refuses it/)],
      ['', 'its definition is not one MCP defines: it has no name'],
      ['no_schema', 'its definition is not one MCP defines: it has no input schema'],
      ['twice', 'the upstream lists more than one tool of this name'],
      ['twice', 'the upstream lists more than one tool of this name'],
    ]);
  });
});

describe('a `*` grant past a dialect budget', () => {
  it('grants the tools that fit in upstream order and names the others', async () => {
    // 12 tools of 3 optional strings: 36 together, past `anthropic_strict`'s 24 a request.
    const tools = join(dir, 'many.json');
    const properties = { p0: { type: 'string' }, p1: { type: 'string' }, p2: { type: 'string' } };
    writeFileSync(
      tools,
      JSON.stringify(
        Array.from({ length: 12 }, (_, i) => ({
          name: `t${i}`,
          inputSchema: { type: 'object', properties },
        })),
      ),
    );
    const warnings: string[] = [];
    const script = fileURLToPath(new URL('./fixtures/listed.mjs', import.meta.url));
    third = await createGateway({
      upstreams: [{ command: process.execPath, args: [script, tools] }],
      warn: (line) => warnings.push(line),
      server: {
        grants: { wide: '*', narrow: ['t0', 't11'] },
        callTimeoutMs: 10_000,
        dispatcher: { maxRunning: 4, maxQueued: 4 },
        logger: { info() {}, warn() {}, error() {} },
      },
    });
    expect(third.served).toHaveLength(12);
    expect(third.notGranted).toEqual(
      ['t8', 't9', 't10', 't11'].map((tool) => ({ consumer: 'wide', tool })),
    );
    expect(warnings.filter((line) => line.includes('is not granted'))).toHaveLength(4);
    const token = 'wide-token-0123456789abcdef0123456789';
    host = await serveGatewayHttp(third, {
      consumers: createTokenResolver([{ consumer: 'wide', tokenSha256: hashToken(token) }]),
    });
    const client = await clientOf(host.url, token);
    const listed = (await client.listTools()).tools.map((tool) => tool.name);
    expect(listed).toEqual(['t0', 't1', 't2', 't3', 't4', 't5', 't6', 't7']);
    expect((await client.callTool({ name: 't7', arguments: {} })).isError).not.toBe(true);
    await client.close();
  });
});
