/**
 * `fetchOwnSignal`: the client transport passes one signal to every request; each request through
 * `fetchOwnSignal` gets a signal of its own, so no listener is left on the transport's, and an abort
 * of the transport's signal still stops a request.
 */
import { getEventListeners, once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOwnSignal } from '../src/upstream.ts';

const server = createServer((request, response) => {
  if (request.url === '/hang') return;
  response.end('ok');
});
let url: string;

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe('fetchOwnSignal', () => {
  it('leaves no listener on the signal it is given, however many requests it makes', async () => {
    const transport = new AbortController();
    for (let i = 0; i < 200; i += 1) {
      const response = await fetchOwnSignal(`${url}/`, { signal: transport.signal });
      expect(await response.text()).toBe('ok');
    }
    expect(getEventListeners(transport.signal, 'abort')).toHaveLength(0);
    // Plain fetch, for contrast, leaves one per request until they are collected.
    await (await fetch(`${url}/`, { signal: transport.signal })).text();
    expect(getEventListeners(transport.signal, 'abort').length).toBeGreaterThan(0);
  });

  it('is stopped when the signal it is given aborts', async () => {
    const transport = new AbortController();
    const pending = fetchOwnSignal(`${url}/hang`, { signal: transport.signal });
    setTimeout(() => transport.abort(new Error('closed')), 50);
    await expect(pending).rejects.toThrow('closed');
  });
});
