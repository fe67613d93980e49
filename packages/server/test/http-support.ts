/**
 * HTTP test plumbing: the fixture server behind the real HTTP host on 127.0.0.1, SDK clients with
 * bearer tokens, and raw `fetch` whose SSE answers are read as the texts the server wrote.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  createTokenResolver,
  type HttpHost,
  hashToken,
  type ServeHttpOptions,
  serveHttp,
} from '../src/http.ts';
import type { ToolServerOptions } from '../src/options.ts';
import type { ToolServer } from '../src/tool-server.ts';
import { fixtureServer, onClose } from './support.ts';

export const TOKENS = { alice: 'token-alice', bob: 'token-bob', carol: 'token-carol' } as const;

export const resolver = createTokenResolver(
  Object.entries(TOKENS).map(([consumer, token]) => ({ consumer, tokenSha256: hashToken(token) })),
);

/** The fixture server served over HTTP. */
export async function httpHost(
  overrides: Partial<ToolServerOptions> = {},
  options: Partial<ServeHttpOptions> = {},
): Promise<{
  host: HttpHost;
  server: ToolServer;
  logger: ReturnType<typeof fixtureServer>['logger'];
}> {
  const { server, logger } = fixtureServer(overrides);
  const host = await serveHttp(server, { consumers: resolver, ...options });
  onClose(() => host.close());
  return { host, server, logger };
}

/** An SDK client over Streamable HTTP, as `consumer` (by its token), on `url`. */
export async function httpClient(
  url: URL,
  consumer: keyof typeof TOKENS | undefined,
  options: ConstructorParameters<typeof Client>[1] = {},
): Promise<Client> {
  const headers: Record<string, string> =
    consumer === undefined ? {} : { authorization: `Bearer ${TOKENS[consumer]}` };
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  const client = new Client({ name: 'http-test', version: '1.0.0' }, options);
  await client.connect(transport);
  onClose(() => client.close());
  return client;
}

/** What a raw POST got back: the status, the headers, and each message the server wrote, as text. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly texts: string[];
  readonly body: string;
}

/** POSTs `body` (text, or JSON written by `JSON.stringify`) and reads the whole answer. */
export async function post(
  url: URL | string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
): Promise<RawAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
  const text = await response.text();
  const texts = response.headers.get('content-type')?.startsWith('text/event-stream')
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
    : [text];
  return { status: response.status, headers: response.headers, texts, body: text };
}

/** The bearer header of a consumer. */
export function bearer(consumer: keyof typeof TOKENS): Record<string, string> {
  return { authorization: `Bearer ${TOKENS[consumer]}` };
}
