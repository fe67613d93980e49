#!/usr/bin/env node
/**
 * `node dist/main.js --port <p> [--host 127.0.0.1]`: serves the conformance tools through
 * Portcullis over Streamable HTTP (sessions on, DNS-rebinding protection on the loopback address)
 * and prints one line, `listening on http://HOST:PORT/mcp`, once it listens. The suite's client
 * sends no token, so every request without one acts as the consumer `conformance`, granted every
 * tool. SIGINT and SIGTERM stop it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCatalog, exposure } from '@portcullis/catalog';
import { createToolServer } from '@portcullis/server';
import { createHttpHandler, createTokenResolver } from '@portcullis/server/http';
import { conformanceTools } from './tools.ts';

/** The consumer an unauthenticated request acts as. */
export const ANONYMOUS_CONSUMER = 'conformance';

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
}

const host = option('--host', '127.0.0.1');
const portText = option('--port', '0');
if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
  process.stderr.write('The option `--port` takes a port number from 0 to 65535.\n');
  process.exit(2);
}

const catalog = createCatalog({ tools: conformanceTools });
const served = exposure(catalog, (entry) => entry.name !== '');
const server = createToolServer({
  exposure: served,
  grants: { [ANONYMOUS_CONSUMER]: [...served.names] },
  callTimeoutMs: 60_000,
  dispatcher: { maxRunning: 16, maxQueued: 64 },
  serverInfo: { name: 'portcullis-conformance-fixture', version: '0.0.0' },
});

const listener = createServer();
listener.once('error', (error: NodeJS.ErrnoException) => {
  process.stderr.write(
    `The fixture cannot listen on ${host}:${portText} (${error.code ?? 'error'}).\n`,
  );
  process.exit(1);
});
listener.listen(Number(portText), host, () => {
  const { port } = listener.address() as AddressInfo;
  const handler = createHttpHandler(server, {
    // No token is known: a request without one acts as the anonymous consumer, any token is none.
    consumers: createTokenResolver([]),
    anonymousConsumer: ANONYMOUS_CONSUMER,
    sessions: true,
    dnsRebindingProtection: true,
    allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`],
    // A page served from this very address may call it; any other origin is refused.
    allowedOrigins: [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
    ],
  });
  listener.on('request', handler);
  const stop = () => {
    void handler
      .close()
      .then(() => server.close())
      .finally(() => {
        listener.close();
        listener.closeAllConnections();
        process.exitCode = 0;
      });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.stdout.write(
    `listening on http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp\n`,
  );
});
