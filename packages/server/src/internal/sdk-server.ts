/**
 * The SDK's low-level `Server`, one per era, whose `tools/list` and `tools/call` handlers are ours.
 * The legacy server speaks the initialize-first revisions; the modern one is bound to the
 * stateless revision by connecting it through a {@link ModernChannel} (the SDK binds a server to
 * the modern era when it connects to its per-request transport), and it answers `server/discover`
 * and stamps `resultType`, `ttlMs` and `cacheScope` itself. Every request reaching either has been
 * judged by the interposer and rebuilt from what was judged; every result is composed by
 * `outcome.ts`, whatever the tool returns or throws.
 */
import {
  PerRequestHTTPServerTransport,
  Server,
  type Transport,
  type TransportSendOptions,
} from '@modelcontextprotocol/server';
import { callHandler, listHandler } from './call-handler.ts';
import type { Connection } from './connection.ts';
import type { ServerCore } from './core.ts';
import { type Era, LEGACY_VERSIONS, MODERN_VERSIONS } from './envelope.ts';
import { errorFacts } from './shape.ts';

/**
 * The transport a modern server connects to: the SDK's per-request transport class (so the
 * server binds to the modern revision), carrying every message of its interposer, any number of
 * requests long. Nothing of the per-request transport's own exchange is used.
 */
export class ModernChannel extends PerRequestHTTPServerTransport {
  readonly #inner: Transport;

  constructor(inner: Transport) {
    super({ classification: { era: 'modern', revision: MODERN_VERSIONS[0] } });
    this.#inner = inner;
  }

  override async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.onmessage?.(message, extra);
    this.#inner.onclose = () => this.onclose?.();
    this.#inner.onerror = (error) => this.onerror?.(error);
    await this.#inner.start();
  }

  override send(message: Parameters<Transport['send']>[0], options?: TransportSendOptions) {
    return this.#inner.send(message, options);
  }

  override close(): Promise<void> {
    return this.#inner.close();
  }
}

/**
 * Builds the SDK server of one era (see the module comment), whose handlers read the requests
 * `connection`'s interposer let through.
 */
export function sdkServer(core: ServerCore, era: Era, connection: Connection): Server {
  const server =
    era === 'legacy'
      ? new Server(core.serverInfo, {
          capabilities: { tools: {}, logging: {} },
          instructions: core.instructions,
          supportedProtocolVersions: [...LEGACY_VERSIONS],
        })
      : new Server(core.serverInfo, {
          capabilities: { tools: {}, logging: {} },
          instructions: core.instructions,
          supportedProtocolVersions: [...MODERN_VERSIONS],
          cacheHints: {
            'tools/list': { ttlMs: core.listTtlMs, cacheScope: 'private' },
            'server/discover': { ttlMs: core.listTtlMs, cacheScope: 'public' },
          },
          inputRequired: { legacyShim: false },
        });
  server.setRequestHandler('tools/list', listHandler(core, connection) as never);
  server.setRequestHandler('tools/call', callHandler(core, connection) as never);
  server.onerror = (error) =>
    core.logger.warn({ event: 'sdk_error', ...errorFacts(error) }, 'The SDK reported an error.');
  return server;
}

/** Connects an era's server to its interposer. */
export async function connectServer(server: Server, era: Era, interposer: Transport) {
  await server.connect(era === 'modern' ? new ModernChannel(interposer) : interposer);
}
