/**
 * An upstream: where it is (a command to start over stdio, or a URL over Streamable HTTP), and the
 * connection the gateway's client holds to it. The client declares what the gateway can relay to a
 * caller, and hands each request and log message of the upstream to the call running on it.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { type RunningCall, relayUpstreamLog, relayUpstreamRequest } from './relay-input.ts';

/** Where an upstream is: a command to start (stdio) or a URL (Streamable HTTP). */
export type UpstreamSpec =
  | {
      readonly command: string;
      readonly args?: readonly string[];
      readonly env?: Readonly<Record<string, string>>;
      readonly cwd?: string;
      /** Prefixed to every tool name of this upstream (default none). */
      readonly prefix?: string;
      /**
       * `legacy` (the default for a command) speaks the 2025 era only; `auto` asks for 2026-07-28
       * first. The client's probe then costs a command that speaks only the 2025 era a second
       * start, which is why it is not the default here.
       */
      readonly era?: 'auto' | 'legacy';
    }
  | {
      readonly url: string;
      readonly headers?: Readonly<Record<string, string>>;
      readonly prefix?: string;
      /** `auto` (the default for a URL) asks for 2026-07-28 first; `legacy` speaks the 2025 era. */
      readonly era?: 'auto' | 'legacy';
    };

/** What a connected upstream holds. */
export interface Upstream {
  readonly index: number;
  /** Replaced when a supervised command is started again; every tool reads it at call time. */
  client: Client;
  readonly prefix: string;
  /** The process id of the command, for a stdio upstream. */
  pid: number | undefined;
  /** The calls running on it now (kept across restarts), for the requests it sends the gateway. */
  readonly calls: Set<RunningCall>;
  /** How long a call that ended before the upstream answered it is kept among `calls`. */
  readonly abandonedMs: number;
}

/** Thrown when the gateway cannot start: an upstream unreachable, or a tool it must refuse. */
export class GatewayError extends Error {
  override readonly name = 'GatewayError';
}

/**
 * `fetch` with a signal of the request's own. The client transport passes its one long-lived
 * signal to every request it makes; `fetch` adds an abort listener to that signal per request and
 * removes it only once the request is garbage collected, so on a busy upstream thousands pile up
 * (each request then copies the list, and Node warns past 1,500). A signal that follows it,
 * made per request, takes those listeners instead and goes with its request.
 */
export const fetchOwnSignal: typeof fetch = (url, init) =>
  fetch(url, init?.signal ? { ...init, signal: AbortSignal.any([init.signal]) } : init);

function transportOf(spec: UpstreamSpec) {
  if ('url' in spec) {
    return new StreamableHTTPClientTransport(new URL(spec.url), {
      requestInit: { headers: { ...spec.headers } },
      fetch: fetchOwnSignal,
    });
  }
  return new StdioClientTransport({
    command: spec.command,
    args: [...(spec.args ?? [])],
    ...(spec.env === undefined ? {} : { env: { ...spec.env } }),
    ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    stderr: 'ignore',
  });
}

export async function connect(
  spec: UpstreamSpec,
  index: number,
  timeoutMs: number,
  onToolsChanged: () => void,
  onClosed: () => void,
  calls: Set<RunningCall>,
  abandonedMs: number,
): Promise<Upstream> {
  const client = new Client(
    { name: 'portcullis-gateway', version: '0.0.0' },
    {
      // What the gateway can relay to a caller. A 2025-era upstream learns it at `initialize`; in
      // the 2026-07-28 era each call states what its own caller declared instead.
      capabilities: { elicitation: { form: {} }, sampling: {} },
      // `auto`: the newest era the upstream speaks, 2026-07-28 when it answers the probe.
      versionNegotiation: { mode: spec.era ?? ('url' in spec ? 'auto' : 'legacy') },
      listChanged: {
        tools: { autoRefresh: false, debounceMs: 50, onChanged: () => onToolsChanged() },
      },
    },
  );
  for (const method of ['elicitation/create', 'sampling/createMessage'] as const) {
    client.setRequestHandler(
      method,
      (request) => relayUpstreamRequest(calls, method, request.params) as never,
    );
  }
  client.setNotificationHandler('notifications/message', (notification) =>
    relayUpstreamLog(calls, notification.params),
  );
  const timer = AbortSignal.timeout(timeoutMs);
  const transport = transportOf(spec);
  try {
    await Promise.race([
      client.connect(transport),
      new Promise((_, reject) =>
        timer.addEventListener('abort', () => reject(new Error('timed out')), { once: true }),
      ),
    ]);
  } catch (cause) {
    await client.close().catch(() => undefined);
    throw new GatewayError(
      `Upstream ${index + 1} could not be connected to (${cause instanceof Error ? cause.message : 'unknown'}).`,
      { cause },
    );
  }
  client.onclose = onClosed;
  return {
    index,
    client,
    prefix: spec.prefix ?? '',
    pid: transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined,
    calls,
    abandonedMs,
  };
}
