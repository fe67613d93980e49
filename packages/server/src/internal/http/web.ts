/**
 * The seam between `node:http` and the SDK's web-standard Streamable HTTP transport: a `Request`
 * made from what the host already read (the body is handed over parsed, never re-read), the
 * `Response` written back to the socket, and the one place the SDK would write a message itself
 * (`writeSSEEvent`, which uses `JSON.stringify` and so cannot write an `Int64`), replaced on each
 * transport by the hosts' writer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  WebStandardStreamableHTTPServerTransport,
  type WebStandardStreamableHTTPServerTransportOptions,
} from '@modelcontextprotocol/server';
import { writeJson } from '../write-json.ts';

type SseWriter = (
  controller: ReadableStreamDefaultController<Uint8Array>,
  encoder: { encode(input: string): Uint8Array },
  message: unknown,
  eventId?: string,
) => boolean;

/** An SDK Streamable HTTP transport whose SSE events are written by {@link writeJson}. */
export function sdkTransport(
  options: WebStandardStreamableHTTPServerTransportOptions,
): WebStandardStreamableHTTPServerTransport {
  const transport = new WebStandardStreamableHTTPServerTransport(options);
  const writer: SseWriter = (controller, encoder, message, eventId) => {
    try {
      const id = eventId ? `id: ${eventId}\n` : '';
      controller.enqueue(encoder.encode(`event: message\n${id}data: ${writeJson(message)}\n\n`));
      return true;
    } catch (error) {
      transport.onerror?.(error as Error);
      return false;
    }
  };
  (transport as unknown as { writeSSEEvent: SseWriter }).writeSSEEvent = writer;
  return transport;
}

/** A web `Request` standing for a node request whose body was already read. */
export function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://localhost');
  } catch {
    url = new URL('http://localhost/');
  }
  return new Request(url, { method: req.method ?? 'GET', headers });
}

/** Headers of the connection, not of the answer (RFC 9110 section 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/**
 * Writes a web `Response` to the node response, streaming its body; resolves when it is written or
 * the client has gone (then the body stream is cancelled, which releases the SDK's stream).
 */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    // The connection's own headers are node's to write: it honours a client's `Connection: close`.
    if (HOP_BY_HOP.has(name)) return;
    headers[name] = value;
  });
  res.writeHead(response.status, headers);
  if (response.body === null) {
    res.end();
    return;
  }
  // A stream's status and headers go out now, not with its first event: a GET stream may wait
  // long for one, and its client waits for the status first.
  if (headers['content-type']?.startsWith('text/event-stream')) res.flushHeaders();
  const reader = response.body.getReader();
  const gone = () => {
    reader.cancel().catch(() => undefined);
  };
  res.once('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) {
        await new Promise<void>((resolve) => {
          res.once('drain', resolve);
          res.once('close', resolve);
        });
      }
      if (res.destroyed) break;
    }
  } catch {
    // The stream was cancelled because the client went away.
  } finally {
    res.off('close', gone);
    if (!res.destroyed) res.end();
  }
}
