/**
 * The gateway: connects to upstream MCP servers as a client (stdio, a command it starts and
 * supervises, or Streamable HTTP, a URL with headers), reads their tools, closes each foreign schema
 * for our publisher and builds one catalog tool per upstream tool whose `run` forwards the admitted
 * arguments upstream. The call goes upstream only after the tool server admitted it; its abort
 * signal is the client request's `signal` (the client then sends `notifications/cancelled`), and
 * upstream progress is relayed to the caller. Upstream answers are foreign: an error's text is
 * replaced by ours, and `structuredContent` is judged against the published output schema by the
 * tool server before it is sent.
 */
import { createDispatcher, type Dispatcher, type DispatcherOptions } from '@portcullis/dispatcher';
import type { ToolServer, ToolServerOptions } from '@portcullis/server';
import { type Built, build, type LeftOut, type NotGranted } from './build.ts';
import { connect, GatewayError, type Upstream, type UpstreamSpec } from './upstream.ts';

export interface GatewayOptions {
  readonly upstreams: readonly UpstreamSpec[];
  /** `leave-out` (default) serves the rest with a warning; `refuse` stops the start. */
  readonly onUnservable?: 'leave-out' | 'refuse';
  /** Called once per tool left out, with a line naming it. Default: a line on stderr. */
  readonly warn?: (line: string) => void;
  /** The tool server's options, but for the exposure (the gateway builds it). */
  readonly server: Omit<ToolServerOptions, 'exposure' | 'grants'> & {
    /** `{ [consumer]: toolNames[] | '*' }`; `*` grants every served tool. */
    readonly grants: Readonly<Record<string, readonly string[] | '*'>>;
  };
  /** How long a connection to an upstream may take (default 10 s). */
  readonly connectTimeoutMs?: number;
}

export interface Gateway {
  /**
   * The tool server over the served tools, as last built; serve it with `serveHttp` or
   * `serveStdio`, or with `serveGatewayHttp`, which follows every rebuild.
   */
  readonly server: ToolServer;
  /** The names served, in upstream order. */
  readonly served: readonly string[];
  /** The upstream tools left out, with their reasons. */
  readonly leftOut: readonly LeftOut[];
  /** The served tools a `*` grant does not give a consumer, past a dialect's budget. */
  readonly notGranted: readonly NotGranted[];
  /**
   * Calls `listener` with each new tool server, built when an upstream announces
   * `notifications/tools/list_changed` (the tool server's exposure is fixed, so a changed tool set
   * is a new server). A rebuild that fails keeps the last server and warns.
   */
  onRebuild(listener: (server: ToolServer) => void): void;
  /** Reads every upstream's tools again and builds a new tool server. */
  rebuild(): Promise<void>;
  /** The process id of each upstream's command (undefined for a URL), as now running. */
  readonly upstreamPids: readonly (number | undefined)[];
  /** Closes every upstream connection (and stops the commands it started). */
  close(): Promise<void>;
}

/** The first pause before a stdio upstream that exited is started again. */
const FIRST_PAUSE_MS = 500;
/** The longest pause, reached while it keeps failing. */
const LONGEST_PAUSE_MS = 30_000;
/** How long an upstream must stay up for its next restart to wait the first pause again. */
const STABLE_MS = 10_000;

/**
 * Connects to every upstream, reads its tools, and builds the tool server over those that can be
 * served exactly. Throws {@link GatewayError} when an upstream cannot be reached, when no tool can be
 * served, or, under `onUnservable: 'refuse'`, when one cannot.
 */
export async function createGateway(given: GatewayOptions): Promise<Gateway> {
  // One dispatcher for every tool server the gateway builds: a rebuild must not add its bounds
  // to those of the calls the servers before it still run.
  const dispatcher = given.server.dispatcher;
  const options: GatewayOptions = {
    ...given,
    server: {
      ...given.server,
      dispatcher:
        typeof (dispatcher as Partial<Dispatcher>).submit === 'function'
          ? dispatcher
          : createDispatcher(dispatcher as DispatcherOptions),
    },
  };
  const warn = options.warn ?? ((line: string) => process.stderr.write(`${line}\n`));
  const upstreams: Upstream[] = [];
  const closeAll = () => Promise.all(upstreams.map((u) => u.client.close().catch(() => undefined)));
  const listeners: ((server: ToolServer) => void)[] = [];
  let state: Built | undefined;
  let closed = false;
  let building: Promise<void> = Promise.resolve();
  // A rebuild waiting for the one before it to end reads every upstream when it starts, so a
  // change announced meanwhile is in what it reads: a flood of announcements makes one rebuild
  // at a time, not one each.
  let waiting: Promise<void> | undefined;
  const rebuild = (): Promise<void> => {
    if (waiting !== undefined) return waiting;
    waiting = building = building.then(async () => {
      waiting = undefined;
      if (closed) return;
      try {
        state = await build(upstreams, options, warn);
      } catch (error) {
        warn(`The upstream tools changed but cannot be served: ${(error as Error).message}`);
        return;
      }
      for (const listener of listeners) listener(state.server);
    });
    return building;
  };
  const timeoutMs = options.connectTimeoutMs ?? 10_000;
  const changed = () => {
    if (state !== undefined) void rebuild();
  };
  // A command that exits is started again (after a pause that doubles up to 30 s while it keeps
  // failing) and its tools read again; a URL's connection is not reopened.
  // An upstream that dies within STABLE_MS of its start counts as still failing: the pause goes
  // on doubling, so one that exits right after each start is not restarted every half second.
  const supervise = (spec: UpstreamSpec, index: number) => {
    let pause = FIRST_PAUSE_MS;
    let upSince = Date.now();
    const restart = async (): Promise<void> => {
      if (closed || 'url' in spec) return;
      if (Date.now() - upSince >= STABLE_MS) pause = FIRST_PAUSE_MS;
      warn(`Upstream ${index + 1} stopped; starting it again.`);
      const wait = pause;
      pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
      if (closed) return;
      try {
        const upstream = upstreams[index] as Upstream;
        const next = await connect(
          spec,
          index,
          timeoutMs,
          changed,
          () => void restart(),
          upstream.calls,
          upstream.abandonedMs,
        );
        upstream.client = next.client;
        upstream.pid = next.pid;
        upSince = Date.now();
        await rebuild();
      } catch {
        void restart();
      }
    };
    return () => void restart();
  };
  try {
    for (const [index, spec] of options.upstreams.entries()) {
      upstreams.push(
        await connect(
          spec,
          index,
          timeoutMs,
          changed,
          supervise(spec, index),
          new Set(),
          options.server.callTimeoutMs,
        ),
      );
    }
    state = await build(upstreams, options, warn);
  } catch (error) {
    closed = true;
    await closeAll();
    throw error;
  }
  return {
    get server() {
      return (state as Built).server;
    },
    get served() {
      return (state as Built).served;
    },
    get leftOut() {
      return (state as Built).leftOut;
    },
    get notGranted() {
      return (state as Built).notGranted;
    },
    onRebuild(listener) {
      listeners.push(listener);
    },
    rebuild,
    get upstreamPids() {
      return upstreams.map((upstream) => upstream.pid);
    },
    close: async () => {
      closed = true;
      await closeAll();
    },
  };
}
