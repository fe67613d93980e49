/**
 * Test plumbing: a server over the fixture catalog with a capturing logger, SDK clients and raw
 * peers over in-process transport pairs, and a registry of everything opened so `closeAll` leaves
 * nothing running.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { CallToolResultSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { decode } from '@portcullis/decoder';
import { stringifyCanonical } from '@portcullis/schema';
import type { Interposer } from '../src/internal/interposer.ts';
import type { Logger } from '../src/logger.ts';
import type { ToolServerOptions } from '../src/options.ts';
import { createToolServer, internalsOf, type ToolServer } from '../src/tool-server.ts';
import { exposed, grants, reportType } from './fixtures/catalog.ts';
import { type TextWire, wirePair } from './wire.ts';

/** A logger that keeps every line. */
export function captureLogger(): Logger & {
  readonly lines: { level: string; fields: object; message: string }[];
} {
  const lines: { level: string; fields: object; message: string }[] = [];
  const push = (level: string) => (fields: object, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

const closers: (() => Promise<unknown>)[] = [];

/** Closes everything the helpers opened, newest first. */
export async function closeAll(): Promise<void> {
  while (closers.length > 0) await closers.pop()!().catch(() => undefined);
}

/** Registers something to close after the test. */
export function onClose(close: () => Promise<unknown>): void {
  closers.push(close);
}

/** A server over the fixture catalog. */
export function fixtureServer(overrides: Partial<ToolServerOptions> = {}): {
  server: ToolServer;
  logger: ReturnType<typeof captureLogger>;
} {
  const logger = captureLogger();
  const server = createToolServer({
    exposure: exposed,
    grants,
    callTimeoutMs: 60_000,
    dispatcher: { maxRunning: 8, maxQueued: 8 },
    logger,
    artifactTypes: [reportType],
    ...overrides,
  });
  onClose(() => server.close());
  return { server, logger };
}

/** An SDK client connected in-process as `consumer`. */
export async function sdkClient(
  server: ToolServer,
  consumer: string | undefined,
  options: ConstructorParameters<typeof Client>[1] = {},
  dialect?: string,
): Promise<Client> {
  const [clientSide, serverSide] = wirePair('parsed');
  await server.connect(serverSide, {
    ...(consumer === undefined ? {} : { consumer }),
    ...(dialect === undefined ? {} : { dialect }),
  });
  const client = new Client({ name: 'test', version: '1.0.0' }, options);
  await client.connect(clientSide);
  onClose(() => client.close());
  return client;
}

/** A raw peer: sends any message, and awaits answers by id or by predicate. */
export interface RawPeer {
  /** Sends a message (written by the bigint-aware writer) or raw text. */
  send(message: unknown): Promise<void>;
  /** Every text the server wrote to this peer, in order. */
  readonly written: readonly string[];
  /** The next message received that satisfies `match`. */
  next(match: (message: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** The answer to the request with `id`. */
  answer(id: unknown): Promise<Record<string, unknown>>;
  /** Sends a request and resolves with its answer. */
  request(message: Record<string, unknown>): Promise<Record<string, unknown>>;
  readonly received: Record<string, unknown>[];
  close(): Promise<void>;
}

/** A raw peer over an in-process pair; `initialize` is left to the test. */
export async function rawPeer(
  server: ToolServer,
  consumer: string | undefined,
  dialect?: string,
): Promise<RawPeer> {
  const [clientSide, serverSide] = wirePair('text');
  await server.connect(serverSide, {
    ...(consumer === undefined ? {} : { consumer }),
    ...(dialect === undefined ? {} : { dialect }),
  });
  return peerOver(clientSide, serverSide);
}

/** A raw peer over the client side of a text wire. */
export async function peerOver(transport: InMemoryTransport, wire: TextWire): Promise<RawPeer> {
  const received: Record<string, unknown>[] = [];
  const waiters: {
    match: (m: Record<string, unknown>) => boolean;
    resolve: (m: Record<string, unknown>) => void;
  }[] = [];
  transport.onmessage = (message) => {
    const decoded = decode(message as unknown as string);
    if (!decoded.ok) throw new Error('The server wrote text that is not strict JSON.');
    const record = decoded.value as Record<string, unknown>;
    received.push(record);
    for (const waiter of [...waiters]) {
      if (waiter.match(record)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(record);
      }
    }
  };
  await transport.start();
  const peer: RawPeer = {
    received,
    written: wire.written,
    send: (message) =>
      transport.send(
        (typeof message === 'string'
          ? message
          : stringifyCanonical(message as never)) as unknown as JSONRPCMessage,
      ),
    next(match) {
      const seen = received.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
    answer(id) {
      return peer.next((m) => m.id === id && ('result' in m || 'error' in m));
    },
    async request(message) {
      const answer = peer.answer(message.id);
      await peer.send(message);
      const answered = await answer;
      if (message.method === 'tools/call' && 'result' in answered) checkCallResult(answered.result);
      return answered;
    },
    close: () => transport.close(),
  };
  onClose(() => transport.close());
  return peer;
}

/**
 * Throws unless `result` is a call result the SDK's `CallToolResultSchema` accepts. The server
 * registers its call handler past the SDK's own check of results (see `sdkServer`), so every
 * `tools/call` a raw peer makes is checked here instead.
 */
export function checkCallResult(result: unknown): void {
  const parsed = CallToolResultSchema.safeParse(result);
  if (!parsed.success) {
    throw new Error(`A tools/call result the SDK refuses: ${parsed.error.message}`);
  }
}

/** A `tools/call` request. */
export function call(
  id: number | string,
  name: unknown,
  args?: unknown,
  meta?: unknown,
): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: {
      name,
      ...(args === undefined ? {} : { arguments: args }),
      ...(meta === undefined ? {} : { _meta: meta }),
    },
  };
}

/** The text of a call result's first block. */
export function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return content[0]!.text;
}

/** A raw peer whose server side records every message the interposer delegated to the SDK. */
export async function spiedPeer(
  server: ToolServer,
  consumer: string | undefined,
): Promise<{ peer: RawPeer; delegated: Record<string, unknown>[]; interposer: Interposer }> {
  const [clientSide, serverSide] = wirePair('text');
  const { interposer } = await internalsOf(server).connect(serverSide, {
    era: 'legacy',
    sessionless: false,
    host: { consumer, dialect: undefined },
  });
  const delegated: Record<string, unknown>[] = [];
  const sdk = interposer.onmessage!;
  interposer.onmessage = (message, extra) => {
    delegated.push(message as unknown as Record<string, unknown>);
    sdk(message, extra);
  };
  return { peer: await peerOver(clientSide, serverSide), delegated, interposer };
}

/** The initialize request an SDK client sends. */
export function initialize(id: number | string = 0): Record<string, unknown> {
  return {
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1.0.0' },
    },
  };
}
