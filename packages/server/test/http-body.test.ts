/*
 * The HTTP host reads a body within its byte limit whatever its framing: a body sent in many chunks
 * without a length is read whole and served; one that passes the limit mid-stream is never served
 * (its request is dropped), and the host goes on serving the next request.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { httpHost, TOKENS } from './http-support.ts';
import { call, closeAll } from './support.ts';

afterEach(closeAll);

/** A POST whose body is written in `parts`, chunked (no content-length). */
function chunked(
  url: URL,
  parts: string[],
): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${TOKENS.alice}`,
          'transfer-encoding': 'chunked',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        res.on('error', (error) => resolve({ error: error.message }));
      },
    );
    req.on('error', (error) => resolve({ error: error.message }));
    const write = (index: number) => {
      if (index === parts.length) {
        req.end();
        return;
      }
      req.write(parts[index], () => setImmediate(() => write(index + 1)));
    };
    write(0);
  });
}

function split(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at += size) parts.push(text.slice(at, at + size));
  return parts;
}

describe('a chunked body', () => {
  it('is read whole from many chunks and served', async () => {
    const { host } = await httpHost();
    const body = JSON.stringify(call(1, 'greet', { name: 'x'.repeat(300) }));
    const answer = await chunked(host.url, split(body, 40));
    expect(answer).toMatchObject({ status: 200 });
    expect((answer as { body: string }).body).toContain('x'.repeat(300));
  });

  it('is never served past the byte limit, and the host serves the next request', async () => {
    const { host } = await httpHost({}, { maxBodyBytes: 1024 });
    const big = JSON.stringify(call(1, 'greet', { name: 'x'.repeat(4096) }));
    const refused = await chunked(host.url, split(big, 256));
    expect('status' in refused && refused.status === 200).toBe(false);
    const small = await chunked(host.url, [JSON.stringify(call(2, 'greet', { name: 'y' }))]);
    expect(small).toMatchObject({ status: 200 });
  });
});
