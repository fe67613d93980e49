/**
 * Serves a gateway over Streamable HTTP and follows its rebuilds: each new tool server (an upstream
 * changed its tools) gets a handler of its own, a generation, which takes every new request from
 * then on. A generation before it keeps the requests it holds: the calls it runs, and with sessions
 * the sessions it opened (each session id starts with its generation). Once it holds none, it is
 * closed: at once if it never opened a session, else once idle for the sessions' idle time.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ToolServer } from '@portcullis/server';
import {
  type CancelRelay,
  createHttpHandler,
  DEFAULT_SESSION_LIMITS,
  type HttpHandler,
  type ServeHttpOptions,
} from '@portcullis/server/http';
import type { Gateway } from './gateway.ts';

export interface GatewayHost {
  readonly url: URL;
  readonly port: number;
  /** How many tool servers still serve: the newest, and those before it finishing what they hold. */
  readonly generations: number;
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

interface Generation {
  readonly number: number;
  readonly prefix: string;
  readonly handler: HttpHandler;
  /** Requests it is answering now (a session's GET stream among them). */
  held: number;
  /** When it last took a request. */
  lastUsed: number;
  /** Whether it may hold a session: it answered a request with sessions on. */
  opened: boolean;
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
  const sessions =
    options.sessions === undefined || options.sessions === false
      ? undefined
      : options.sessions === true
        ? {}
        : options.sessions;
  const idleMs = (sessions?.idleSeconds ?? DEFAULT_SESSION_LIMITS.idleSeconds) * 1000;
  const settings = {
    ...rest,
    dnsRebindingProtection: protection,
    ...(allowedHosts === undefined ? {} : { allowedHosts }),
    ...(relay === undefined ? {} : { cancelRelay: relay }),
  };

  const generations: Generation[] = [];
  let count = 0;
  const open = (server: ToolServer) => {
    count += 1;
    const prefix =
      sessions?.idPrefix === undefined ? `g${count}` : `${sessions.idPrefix}-g${count}`;
    const handler = createHttpHandler(server, {
      ...settings,
      ...(sessions === undefined ? {} : { sessions: { ...sessions, idPrefix: prefix } }),
    });
    generations.push({
      number: count,
      prefix,
      handler,
      held: 0,
      lastUsed: performance.now(),
      opened: false,
    });
  };
  /** Closes each generation before the newest that holds nothing, and has been idle long enough. */
  const retire = () => {
    const now = performance.now();
    for (const generation of generations.slice(0, -1)) {
      if (generation.held > 0) continue;
      // One that opened sessions waits out their idle time: a session unused that long is closed.
      if (generation.opened && now - generation.lastUsed < idleMs) continue;
      generations.splice(generations.indexOf(generation), 1);
      void generation.handler.close();
    }
  };
  const sweep =
    sessions === undefined
      ? undefined
      : setInterval(retire, Math.max(1000, Math.min(idleMs / 2, 60_000)));
  sweep?.unref();

  /** The generation whose session the request names, else the newest. */
  const generationOf = (request: IncomingMessage): Generation => {
    const newest = generations.at(-1) as Generation;
    const id = request.headers['mcp-session-id'];
    if (sessions === undefined || typeof id !== 'string') return newest;
    return generations.find((g) => id.startsWith(`${g.prefix}.`)) ?? newest;
  };

  open(gateway.server);
  gateway.onRebuild((server) => {
    open(server);
    retire();
  });
  listener.on('request', (request, response) => {
    const generation = generationOf(request);
    generation.held += 1;
    response.once('close', () => {
      generation.held -= 1;
      // Only a request it served counts as use: one refused (a forged session id, no token) must
      // not keep a generation from being closed.
      if (response.statusCode < 300) generation.lastUsed = performance.now();
      // A session may have been opened (the answer's `Mcp-Session-Id` is written with the head,
      // out of sight here), or is in use: either way this generation may hold one.
      if (sessions !== undefined && response.statusCode < 300) generation.opened = true;
      if (generation.held === 0) retire();
    });
    generation.handler(request, response);
  });
  const path = options.path ?? '/mcp';
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: new URL(`http://${shown}:${port}${path}`),
    port,
    get generations() {
      return generations.length;
    },
    async close() {
      if (sweep !== undefined) clearInterval(sweep);
      await Promise.all(generations.map((generation) => generation.handler.close()));
      await new Promise<void>((resolve) => {
        listener.close(() => resolve());
        listener.closeAllConnections();
      });
    },
  };
}
