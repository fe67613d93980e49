/**
 * Serves a gateway over Streamable HTTP and follows its rebuilds: each new tool server (an upstream
 * changed its tools) gets a handler of its own, a generation, which takes every new request from
 * then on. A generation before it keeps the requests it holds: the calls it runs, and with sessions
 * the sessions it opened (their ids read from its answers to `initialize`; an id no generation gave
 * goes to the newest). Once it holds none, it is closed: at once if it opened no session, else once
 * no request of its sessions has been served for the sessions' idle time.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
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
  readonly handler: HttpHandler;
  /** Requests it is answering now (a session's GET stream among them). */
  held: number;
  /** When it last served a request of one of its sessions. */
  lastUsed: number;
  /** The ids of the sessions it opened, as its answers to `initialize` gave them. */
  readonly sessions: Set<string>;
}

/** Calls `onSession` with the `Mcp-Session-Id` a response is written with, if any. */
function watchSession(response: ServerResponse, onSession: (id: string) => void): void {
  const writeHead = response.writeHead;
  response.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    for (const arg of args) {
      if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) continue;
      const id = (arg as Record<string, unknown>)['mcp-session-id'];
      if (typeof id === 'string') onSession(id);
    }
    return (writeHead as (...given: unknown[]) => ServerResponse).apply(this, args);
  } as typeof response.writeHead;
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
      handler,
      held: 0,
      lastUsed: performance.now(),
      sessions: new Set(),
    });
  };
  /** Closes each generation before the newest that holds nothing, and has been idle long enough. */
  const retire = () => {
    const now = performance.now();
    for (const generation of generations.slice(0, -1)) {
      if (generation.held > 0) continue;
      // One that opened sessions waits out their idle time: a session unused that long is closed.
      if (generation.sessions.size > 0 && now - generation.lastUsed < idleMs) continue;
      generations.splice(generations.indexOf(generation), 1);
      for (const id of generation.sessions) owners.delete(id);
      void generation.handler.close();
    }
  };
  const sweep =
    sessions === undefined
      ? undefined
      : setInterval(retire, Math.max(1000, Math.min(idleMs / 2, 60_000)));
  sweep?.unref();

  /** Which generation opened each live session. */
  const owners = new Map<string, Generation>();
  /**
   * The generation that opened the session the request names, else the newest: a session id no
   * generation gave (forged, or of a closed one) goes to the newest, which does not know it.
   */
  const generationOf = (request: IncomingMessage): Generation => {
    const id = request.headers['mcp-session-id'];
    return (
      (typeof id === 'string' ? owners.get(id) : undefined) ?? (generations.at(-1) as Generation)
    );
  };

  open(gateway.server);
  gateway.onRebuild((server) => {
    open(server);
    retire();
  });
  listener.on('request', (request, response) => {
    const generation = generationOf(request);
    generation.held += 1;
    if (sessions !== undefined) {
      watchSession(response, (id) => {
        if (owners.has(id) || response.statusCode >= 300) return;
        owners.set(id, generation);
        generation.sessions.add(id);
      });
    }
    response.once('close', () => {
      generation.held -= 1;
      // Only a request of its session it answered in full counts as use: one refused (no
      // token, a session that is gone) must not keep a generation from being closed.
      const id = request.headers['mcp-session-id'];
      if (
        typeof id === 'string' &&
        generation.sessions.has(id) &&
        response.writableFinished &&
        response.statusCode < 300
      ) {
        generation.lastUsed = performance.now();
      }
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
