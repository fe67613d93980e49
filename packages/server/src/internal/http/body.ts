/**
 * Reading a request's body within the host's byte limit.
 */
import type { IncomingMessage } from 'node:http';

/**
 * The body within `limit` bytes, or `undefined` past it (the request is then destroyed, as an
 * abandoned read would). Read from the stream's events rather than an async iterator, which costs
 * a promise per chunk; a body of one chunk is used as it came.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Uint8Array | undefined> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const settle = (body: Uint8Array | undefined) => {
      stop();
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        settle(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => settle(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // Closed before its end: the client went away mid-body.
    const onClose = () => onError(new Error('The request closed before its body ended.'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
