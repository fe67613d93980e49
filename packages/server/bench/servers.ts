/**
 * The three contenders, each an HTTP server on 127.0.0.1 over the SDK's Streamable HTTP transport,
 * stateless, fed bodies it reads itself:
 * - `portcullis`: the tool server behind the HTTP host (strict decoding, interposer, gate twice,
 *   dispatcher, bigint-aware writer).
 * - `limit`: a low-level SDK `Server` behind the same plumbing (one server, the request router,
 *   the same node-to-web seam), fed `JSON.parse`d bodies and judging nothing: what the plumbing
 *   costs without any of the judging.
 * - `sdk-documented`: the SDK's documented stateless setup, an `McpServer` with zod input schemas
 *   and a transport built for every request, fed `JSON.parse`d bodies.
 */
import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { createCatalog, exposure } from '@portcullis/catalog';
import { http as host, router as routing, toolServer, web } from './built.ts';
import { answerOf, ping, search, zodSearch } from './tools.ts';

/** The bearer token every contender is called with (only the tool server reads it). */
export const TOKEN = 'bench-token';

export interface Contender {
  readonly port: number;
  close(): Promise<void>;
}

// Logging off, as a logger at level `warn` would say: the limit logs nothing either.
const silent = { info() {}, warn() {}, error() {}, isLevelEnabled: () => false };

async function listen(server: HttpServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function body(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function portcullis(): Promise<Contender> {
  const catalog = createCatalog({ tools: [ping, search] });
  const server = toolServer.createToolServer({
    exposure: exposure(catalog, ['ping_tool', 'search_tool']),
    grants: { bench: ['ping_tool', 'search_tool'] },
    callTimeoutMs: 30_000,
    dispatcher: { maxRunning: 128, maxQueued: 128 },
    logger: silent,
  });
  const served = await host.serveHttp(server, {
    consumers: host.createTokenResolver([
      { consumer: 'bench', tokenSha256: host.hashToken(TOKEN) },
    ]),
  });
  return { port: served.port, close: () => served.close() };
}

export async function limit(): Promise<Contender> {
  const sdk = new Server({ name: 'limit', version: '1.0.0' }, { capabilities: { tools: {} } });
  sdk.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [] }));
  sdk.setRequestHandler(CallToolRequestSchema, (request) => ({
    content: [
      { type: 'text', text: answerOf(request.params.name, request.params.arguments ?? {}) },
    ],
  }));
  const router = new routing.RequestRouter();
  await sdk.connect(router);
  const http = createServer(async (req, res) => {
    const parsedBody = await body(req);
    const transport = web.sdkTransport({});
    router.attach(transport);
    res.once('close', () => router.release(transport, !res.writableFinished));
    await web.writeResponse(
      await transport.handleRequest(web.webRequest(req), { parsedBody }),
      res,
    );
  });
  const port = await listen(http);
  return { port, close: () => closeHttp(http) };
}

export async function documented(): Promise<Contender> {
  const http = createServer(async (req, res) => {
    const parsedBody = await body(req);
    const server = new McpServer({ name: 'documented', version: '1.0.0' });
    server.registerTool(
      'ping_tool',
      { description: 'Answers at once.', inputSchema: {} },
      async () => ({
        content: [{ type: 'text', text: answerOf('ping_tool', {}) }],
      }),
    );
    server.registerTool(
      'search_tool',
      { description: 'Counts what it is given.', inputSchema: zodSearch },
      async (args) => ({
        content: [{ type: 'text', text: answerOf('search_tool', args) }],
      }),
    );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined } as never);
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, parsedBody);
  });
  const port = await listen(http);
  return { port, close: () => closeHttp(http) };
}

function closeHttp(http: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

export const CONTENDERS = { portcullis, limit, 'sdk-documented': documented } as const;
export type ContenderName = keyof typeof CONTENDERS;
