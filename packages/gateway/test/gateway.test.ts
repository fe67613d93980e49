/**
 * The gateway in front of real upstreams started here: server-everything and server-filesystem over
 * stdio, an SDK McpServer and a FastMCP server over Streamable HTTP; the gateway served over HTTP on
 * 127.0.0.1 and called with the official v2 client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_TEXTS, type Gateway, type GatewayHost } from '../src/index.ts';
import {
  type Child,
  clientOf,
  everythingSpec,
  filesystemSpec,
  servedGateway,
  startFastMcp,
  startSdkServer,
  TEST_TOKEN,
} from './support.ts';

let sdk: Child;
let fast: Child;
let gateway: Gateway;
let host: GatewayHost;
let fsRoot: string;
const warnings: string[] = [];

beforeAll(async () => {
  [sdk, fast] = await Promise.all([startSdkServer(), startFastMcp()]);
  const fs = filesystemSpec('fs_');
  fsRoot = fs.root;
  ({ gateway, host } = await servedGateway(
    [
      everythingSpec('ev_'),
      fs.spec,
      { url: sdk.url, prefix: 'sdk_' },
      { url: fast.url, prefix: 'fm_' },
    ],
    { server: { callTimeoutMs: 20_000 }, warn: (line: string) => warnings.push(line) },
  ));
});

afterAll(async () => {
  await host?.close();
  await gateway?.close();
  await Promise.all([sdk?.stop(), fast?.stop()]);
});

describe('what the gateway serves', () => {
  it('serves every upstream tool it can close and leaves out the rest, each with its reason', async () => {
    expect(gateway.served).toEqual([
      'ev_echo',
      'ev_get-annotated-message',
      'ev_get-env',
      'ev_get-resource-links',
      'ev_get-resource-reference',
      'ev_get-structured-content',
      'ev_get-sum',
      'ev_get-tiny-image',
      'ev_gzip-file-as-resource',
      'ev_toggle-simulated-logging',
      'ev_toggle-subscriber-updates',
      'ev_trigger-long-running-operation',
      'ev_trigger-elicitation-request',
      'ev_trigger-sampling-request',
      'ev_simulate-research-query',
      'fs_read_file',
      'fs_read_text_file',
      'fs_read_media_file',
      'fs_read_multiple_files',
      'fs_write_file',
      'fs_edit_file',
      'fs_create_directory',
      'fs_list_directory',
      'fs_list_directory_with_sizes',
      'fs_directory_tree',
      'fs_move_file',
      'fs_search_files',
      'fs_get_file_info',
      'fs_list_allowed_directories',
      'sdk_add',
      'sdk_greet',
      'sdk_fail',
      'sdk_slow',
      'sdk_confirm',
      'sdk_poem',
      'sdk_lateask',
      'sdk_chatty',
      'sdk_grow',
      'fm_multiply',
      'fm_shout',
      'fm_tagged',
    ]);
    expect(gateway.leftOut.map((out) => [out.upstream, out.tool])).toEqual([
      [2, 'open_bag'],
      [2, 'halves'],
    ]);
    expect(gateway.leftOut[0]?.reason).toMatch(/cannot be closed/);
    expect(gateway.leftOut[1]?.reason).toMatch(/catalog refuses it \(UNRENDERABLE_SCHEMA\)/);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('"open_bag"');
  });

  it('lists the served tools with closed schemas to a granted consumer, and nothing without a token', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(gateway.served);
    const echo = tools.find((tool) => tool.name === 'ev_echo');
    expect(echo?.inputSchema).toMatchObject({
      type: 'object',
      properties: { message: { type: 'string' } },
      required: ['message'],
      additionalProperties: false,
    });
    // The upstream's hints, as it gave them.
    const sampling = tools.find((tool) => tool.name === 'ev_trigger-sampling-request');
    expect(sampling?.annotations).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    });
    await client.close();
    const stranger = await clientOf(host.url);
    expect((await stranger.listTools()).tools).toEqual([]);
    await stranger.close();
  });
});

describe('calls through the gateway', () => {
  it('gives each upstream result', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const echo = await client.callTool({ name: 'ev_echo', arguments: { message: 'hi there' } });
    expect(echo.isError).not.toBe(true);
    expect(JSON.stringify(echo.content)).toContain('Echo: hi there');

    const read = await client.callTool({
      name: 'fs_read_text_file',
      arguments: { path: `${fsRoot}/hello.txt` },
    });
    expect(read.structuredContent).toEqual({ content: 'hello from the filesystem\n' });

    const add = await client.callTool({ name: 'sdk_add', arguments: { a: 2, b: 40 } });
    expect(add.structuredContent).toEqual({ sum: 42 });

    const times = await client.callTool({ name: 'fm_multiply', arguments: { a: 6, b: 7 } });
    // No output schema: the upstream's own blocks, its text as it wrote it.
    expect(times.content).toEqual([{ type: 'text', text: '42' }]);

    const image = await client.callTool({ name: 'ev_get-tiny-image', arguments: {} });
    expect((image.content as { type: string }[]).map((block) => block.type)).toContain('image');
    await client.close();
  });

  it('refuses arguments the closed schema refuses before the upstream sees them', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const extra = await client.callTool({
      name: 'sdk_add',
      arguments: { a: 1, b: 2, c: 3 },
    });
    expect(extra.isError).toBe(true);
    expect(extra._meta?.['portcullis/correctable']).toBe(true);
    await client.close();
  });

  it("replaces an upstream error's text with its own", async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const failed = await client.callTool({ name: 'sdk_fail', arguments: { note: 'secret-note' } });
    expect(failed.isError).toBe(true);
    expect(JSON.stringify(failed)).not.toContain('secret-note');
    expect((failed.content as { text: string }[])[0]?.text).toBe(GATEWAY_TEXTS.upstreamFailed);
    await client.close();
  });
});

describe('cancellation', () => {
  it('cancelling a call through the gateway stops it upstream, and its progress stops', async () => {
    const client = await clientOf(host.url, TEST_TOKEN);
    const controller = new AbortController();
    let relayed = 0;
    const call = client
      .callTool(
        { name: 'sdk_slow', arguments: {} },
        {
          signal: controller.signal,
          onprogress: () => {
            relayed += 1;
          },
        },
      )
      .catch((error: unknown) => error);
    const deadline = Date.now() + 10_000;
    while (relayed < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(relayed).toBeGreaterThanOrEqual(3);
    controller.abort();
    await call;
    const abortedBy = Date.now() + 5_000;
    while (!sdk.lines.some((l) => l.startsWith('aborted ')) && Date.now() < abortedBy) {
      await new Promise((r) => setTimeout(r, 20));
    }
    const aborted = sdk.lines.find((l) => l.startsWith('aborted '));
    expect(aborted).toBeDefined();
    expect(Number(aborted?.split(' ')[1])).toBeLessThan(9_000);
    const progressNow = sdk.lines.filter((l) => l.startsWith('progress ')).length;
    await new Promise((r) => setTimeout(r, 500));
    expect(sdk.lines.filter((l) => l.startsWith('progress ')).length).toBe(progressNow);
    expect(progressNow).toBeLessThan(150);
    await client.close();
  });
});
