/*
 * A fetch that reads at most a bound of the answer's body: an endpoint that streams without end
 * or answers a huge document costs the bound, and the answer is refused as unavailable.
 */
import { MAX_RESPONSE_BYTES } from '../limits.ts';

/** Thrown (and mapped to UNAVAILABLE) when an answer's body passes the bound. */
export class ResponseTooLarge extends Error {
  override readonly name = 'ResponseTooLarge';
}

/** The body of a response, read to at most `limit` bytes. */
export async function readBounded(
  response: Response,
  limit = MAX_RESPONSE_BYTES,
): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw new ResponseTooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body === null) return new Uint8Array();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new ResponseTooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** `fetch`, with the answer's body read to the bound before it is handed on. */
export async function boundedFetch(url: string | URL, init: RequestInit): Promise<Response> {
  const response = await fetch(url, init);
  const body = await readBounded(response);
  return new Response(response.status === 204 || response.status === 304 ? null : body, {
    status: response.status,
    headers: response.headers,
  });
}
