/**
 * What the HTTP host writes on the connection around a stream: a legacy session's GET stream sends
 * its status and headers at once (its client waits for them before any event), and a client's
 * `Connection: close` is honoured on an SSE answer (the socket closes once the answer is written).
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, httpHost, post } from './http-support.ts';
import { call, closeAll, initialize } from './support.ts';

afterEach(closeAll);

describe('streams on the connection', () => {
  it('sends a GET stream’s status and headers before any event', async () => {
    const { host } = await httpHost({}, { sessions: true });
    const opened = await post(host.url, initialize(), bearer('alice'));
    const session = { ...bearer('alice'), 'mcp-session-id': opened.headers.get('mcp-session-id')! };
    await post(host.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, session);
    const stream = new AbortController();
    // No event is due on this stream: the answer resolves on its headers alone, or never.
    const gotHeaders = fetch(host.url, {
      method: 'GET',
      headers: { ...session, accept: 'text/event-stream' },
      signal: stream.signal,
    });
    const waited = setTimeout(() => stream.abort(), 10_000);
    try {
      const answer = await gotHeaders;
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/event-stream');
    } finally {
      clearTimeout(waited);
      stream.abort();
    }
  });

  it('honours Connection: close on an SSE answer', async () => {
    const { host } = await httpHost();
    const body = JSON.stringify(call(1, 'greet', { name: 'Ada' }));
    const seen = await new Promise<{
      connection: string | undefined;
      type: string | undefined;
      text: string;
      closed: boolean;
    }>((resolve, reject) => {
      const sent = request(
        host.url,
        {
          method: 'POST',
          headers: {
            ...bearer('alice'),
            connection: 'close',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            text += chunk;
          });
          res.on('end', () => {
            const socket = res.socket;
            const done = (closed: boolean) =>
              resolve({
                connection: res.headers.connection,
                type: res.headers['content-type'],
                text,
                closed,
              });
            if (socket === null || socket.destroyed) return done(true);
            socket.once('close', () => done(true));
          });
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });
    expect(seen.type).toBe('text/event-stream');
    expect(seen.text).toContain('Hello, Ada.');
    expect(seen.connection).toBe('close');
    expect(seen.closed).toBe(true);
  });
});
