/**
 * The three contenders, each an HTTP server on 127.0.0.1 serving both protocol eras (legacy
 * initialize-first, stateless here; modern 2026-07-28), fed bodies it reads itself, all on the
 * SDK's v2 packages:
 * - `portcullis`: the tool server behind the HTTP host (strict decoding, headers and envelope
 *   judged, interposer, gate twice, dispatcher, bigint-aware writer).
 * - `limit`: bare low-level v2 `Server`s (one per era) behind the same plumbing (the request router,
 *   the node-to-web seam and the SDK's transport for the legacy era; the modern channel and an
 *   exchange for the modern one), fed `JSON.parse`d bodies and judging nothing: what the plumbing
 *   costs without any of the judging.
 * - `sdk-documented`: v2's documented setup, `createMcpHandler` over a factory of `McpServer`s with
 *   zod input schemas (a server per request, both eras), fed the `JSON.parse`d body through its
 *   web-standard `fetch`.
 */
import { createServer, type Server as HttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMcpHandler, McpServer, Server } from '@modelcontextprotocol/server';
import { createCatalog, exposure } from '@portcullis/catalog';
import * as z from 'zod';
import { exchange, http as host, router as routing, sdk, toolServer, web } from './built.ts';
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

function claimsModern(message: unknown): boolean {
  const meta = (message as { params?: { _meta?: object } } | undefined)?.params?._meta;
  return meta !== undefined && Object.hasOwn(meta, 'io.modelcontextprotocol/protocolVersion');
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

function bareServer(modern: boolean): Server {
  const server = new Server(
    { name: 'limit', version: '1.0.0' },
    {
      capabilities: { tools: {} },
      supportedProtocolVersions: modern ? ['2026-07-28'] : ['2025-11-25'],
    },
  );
  server.setRequestHandler('tools/list', () => ({ tools: [] }));
  server.setRequestHandler('tools/call', (request) => ({
    content: [
      { type: 'text', text: answerOf(request.params.name, request.params.arguments ?? {}) },
    ],
  }));
  return server;
}

/** The bare servers read no facts; the router carries these for each request. */
const NO_FACTS = { consumer: undefined, dialect: undefined };

export async function limit(): Promise<Contender> {
  const legacyRouter = new routing.RequestRouter();
  await bareServer(false).connect(legacyRouter);
  const modernRouter = new routing.RequestRouter();
  await bareServer(true).connect(new sdk.ModernChannel(modernRouter));
  const http = createServer(async (req, res) => {
    const parsedBody = await body(req);
    if (claimsModern(parsedBody)) {
      const exchanged = new exchange.Exchange(res);
      modernRouter.attach(exchanged, NO_FACTS);
      res.once('close', () => modernRouter.release(exchanged, !exchanged.done));
      exchanged.onmessage?.(parsedBody as never);
      return;
    }
    const transport = web.sdkTransport({});
    legacyRouter.attach(transport, NO_FACTS);
    res.once('close', () => legacyRouter.release(transport, !res.writableFinished));
    await web.writeResponse(
      await transport.handleRequest(web.webRequest(req), { parsedBody }),
      res,
    );
  });
  const port = await listen(http);
  return { port, close: () => closeHttp(http) };
}

export async function documented(): Promise<Contender> {
  const handler = createMcpHandler(() => {
    const server = new McpServer({ name: 'documented', version: '1.0.0' });
    server.registerTool(
      'ping_tool',
      { description: 'Answers at once.', inputSchema: z.object({}) },
      async () => ({
        content: [{ type: 'text' as const, text: answerOf('ping_tool', {}) }],
      }),
    );
    server.registerTool(
      'search_tool',
      { description: 'Counts what it is given.', inputSchema: z.object(zodSearch) },
      async (args) => ({
        content: [{ type: 'text' as const, text: answerOf('search_tool', args) }],
      }),
    );
    return server;
  });
  const http = createServer(async (req, res) => {
    const parsedBody = await body(req);
    const response = await handler.fetch(web.webRequest(req), { parsedBody });
    await web.writeResponse(response, res);
  });
  const port = await listen(http);
  return {
    port,
    close: async () => {
      await handler.close();
      await closeHttp(http);
    },
  };
}

function closeHttp(http: HttpServer): Promise<void> {
  return new Promise((resolve) => {
    http.close(() => resolve());
    http.closeAllConnections();
  });
}

export const CONTENDERS = { portcullis, limit, 'sdk-documented': documented } as const;
export type ContenderName = keyof typeof CONTENDERS;
