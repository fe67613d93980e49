/**
 * Serves a gateway over Streamable HTTP and follows its rebuilds: each new tool server (an upstream
 * changed its tools) gets a handler of its own, which takes every request from then on; the
 * handlers before it keep serving the calls they hold until the host closes.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type CancelRelay,
  createHttpHandler,
  type HttpHandler,
  type ServeHttpOptions,
} from '@portcullis/server/http';
import type { Gateway } from './gateway.ts';

export interface GatewayHost {
  readonly url: URL;
  readonly port: number;
  close(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** A cancel relay within one process: what one handler publishes, every handler hears. */
function localRelay(): CancelRelay {
  const listeners = new Set<(cancel: unknown) => void>();
  return {
    publish(cancel) {
      for (const listener of [...listeners]) listener(cancel);
    },
    subscribe(onCancel) {
      listeners.add(onCancel);
      return () => listeners.delete(onCancel);
    },
  };
}

export async function serveGatewayHttp(
  gateway: Gateway,
  options: ServeHttpOptions,
): Promise<GatewayHost> {
  const host = options.host ?? '127.0.0.1';
  const listener = createServer();
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port ?? 0, host, () => {
      listener.off('error', reject);
      resolve();
    });
  });
  const { port } = listener.address() as AddressInfo;
  const protection = options.dnsRebindingProtection ?? LOOPBACK.has(host);
  const allowedHosts =
    options.allowedHosts ??
    (protection ? [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`] : undefined);
  const { host: _host, port: _port, ...rest } = options;
  // A legacy stateless cancel reaches the newest handler; the handlers share a relay, so one whose
  // call still runs on a server from before a rebuild cancels it there.
  const relay = options.sessions || options.cancelRelay !== undefined ? undefined : localRelay();
  const settings = {
    ...rest,
    dnsRebindingProtection: protection,
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(relay === undefined ? {} : { cancelRelay: relay }),
  };
  const handlers: HttpHandler[] = [createHttpHandler(gateway.server, settings)];
  gateway.onRebuild((server) => {
    handlers.push(createHttpHandler(server, settings));
  });
  listener.on('request', (request, response) => {
    (handlers.at(-1) as HttpHandler)(request, response);
  });
  const path = options.path ?? '/mcp';
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${shown}:${port}${path}`),
    port,
    async close() {
      await Promise.all(handlers.map((handler) => handler.close()));
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    },
  };
}
