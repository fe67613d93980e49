/**
 * `Mcp-Param-*` headers on the wire: raw modern `tools/call` POSTs over real HTTP to a tool whose
 * input declares `x-mcp-header` properties. Headers that mirror the arguments are served (also in
 * the spec's Base64 form for non-ASCII text); a header that disagrees with its argument, one left
 * out while the argument has a value, one sent twice and one that is not valid Base64 are each
 * `400` with `-32020` in our words, before the tool runs; an ungranted or unknown tool gets the
 * constant answer whatever its headers say; nothing of any header comes back.
 */
import { createCatalog, defineTool, exposure } from '@portcullis/catalog';
import { SafeInteger } from '@portcullis/schema';
import Type from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { serveHttp } from '../../src/http.ts';
import { SERVER_TEXTS } from '../../src/texts.ts';
import { createToolServer } from '../../src/tool-server.ts';
import { resolver, TOKENS } from '../http-support.ts';
import { captureLogger, closeAll, onClose } from '../support.ts';

afterEach(closeAll);

const CANARY = 'canary-5e1d';
let runs = 0;

async function host() {
  const catalog = createCatalog({
    tools: [
      defineTool({
        name: 'route',
        description: 'Routes a query to a region.',
        input: Type.Object({
          region: Type.String({ 'x-mcp-header': 'Region' }),
          priority: Type.Optional(SafeInteger({ 'x-mcp-header': 'Priority' })),
          query: Type.Optional(Type.String()),
        }),
        weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },
        run: (input: { region: string }) => {
          runs += 1;
          return `routed to ${input.region}`;
        },
      }),
    ],
  });
  const server = createToolServer({
    exposure: exposure(catalog, ['route']),
    grants: { alice: ['route'], bob: [] },
    callTimeoutMs: 10_000,
    dispatcher: { maxRunning: 4, maxQueued: 4 },
    logger: captureLogger(),
  });
  onClose(() => server.close());
  const served = await serveHttp(server, { consumers: resolver });
  onClose(() => served.close());
  return served.url;
}

const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

async function callRoute(
  url: URL,
  args: Record<string, unknown>,
  headers: [string, string][],
  options: { consumer?: keyof typeof TOKENS; tool?: string } = {},
) {
  const tool = options.tool ?? 'route';
  const response = await fetch(url, {
    method: 'POST',
    headers: [
      ['content-type', 'application/json'],
      ['accept', 'application/json, text/event-stream'],
      ['authorization', `Bearer ${TOKENS[options.consumer ?? 'alice']}`],
      ['mcp-protocol-version', '2026-07-28'],
      ['mcp-method', 'tools/call'],
      ['mcp-name', tool],
      ...headers,
    ],
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: tool, arguments: args, _meta: ENVELOPE },
    }),
  });
  const text = await response.text();
  return { status: response.status, text, message: JSON.parse(text) as Record<string, unknown> };
}

const mismatch = (answer: { status: number; message: Record<string, unknown> }) => {
  expect(answer.status).toBe(400);
  expect(answer.message.error).toEqual({
    code: -32020,
    message: SERVER_TEXTS.headerMismatch,
  });
};

describe('Mcp-Param headers over HTTP', () => {
  it('serves a call whose headers mirror its arguments, in plain and Base64 form', async () => {
    const url = await host();
    const plain = await callRoute(url, { region: 'us-west1', priority: 3 }, [
      ['mcp-param-region', 'us-west1'],
      ['mcp-param-priority', '3'],
    ]);
    expect(plain.status).toBe(200);
    expect((plain.message.result as { isError?: boolean }).isError).not.toBe(true);
    const base64 = `=?base64?${Buffer.from('zürich', 'utf8').toString('base64')}?=`;
    const encoded = await callRoute(url, { region: 'zürich' }, [['mcp-param-region', base64]]);
    expect(encoded.status).toBe(200);
    expect(JSON.stringify(encoded.message.result)).toContain('routed to zürich');
  });

  it('refuses a header that disagrees, is missing, is doubled or is not Base64, before the tool runs', async () => {
    const url = await host();
    const before = runs;
    mismatch(
      await callRoute(url, { region: 'us-west1' }, [['mcp-param-region', `us-east1-${CANARY}`]]),
    );
    mismatch(await callRoute(url, { region: 'us-west1' }, []));
    mismatch(
      await callRoute(url, { region: 'us-west1', priority: 3 }, [
        ['mcp-param-region', 'us-west1'],
        ['mcp-param-priority', `4${CANARY}`],
      ]),
    );
    mismatch(
      await callRoute(url, { region: 'us-west1' }, [
        ['mcp-param-region', 'us-west1'],
        ['mcp-param-region', 'us-west1'],
      ]),
    );
    mismatch(
      await callRoute(url, { region: 'x' }, [['mcp-param-region', `=?base64?${CANARY}!?=`]]),
    );
    // A header for an argument the call does not give.
    mismatch(
      await callRoute(url, { region: 'us-west1' }, [
        ['mcp-param-region', 'us-west1'],
        ['mcp-param-priority', '1'],
      ]),
    );
    expect(runs).toBe(before);
  });

  it('gives an ungranted and an unknown tool the constant answer, whatever the headers say', async () => {
    const url = await host();
    const headers: [string, string][] = [['mcp-param-region', CANARY]];
    const ungranted = await callRoute(url, { region: 'us-west1' }, headers, { consumer: 'bob' });
    const unknown = await callRoute(url, { region: 'us-west1' }, headers, { tool: 'nonesuch' });
    expect(ungranted.status).toBe(unknown.status);
    expect((ungranted.message.error as { code: number }).code).toBe(-32602);
    expect(ungranted.message).toEqual(unknown.message);
    for (const answer of [ungranted, unknown]) expect(answer.text).not.toContain(CANARY);
  });
});
