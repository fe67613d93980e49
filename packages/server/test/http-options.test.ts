/*
 * The HTTP host refuses malformed options with `ServerError` `INVALID_OPTIONS` naming the option,
 * before it listens: `serveHttp` leaves no port open behind a refusal.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ERROR_CODES, ServerError } from '../src/errors.ts';
import { createHttpHandler, type HttpHandlerOptions, serveHttp } from '../src/http.ts';
import { resolver } from './http-support.ts';
import { closeAll, fixtureServer } from './support.ts';

afterEach(closeAll);

function refusal(build: () => unknown): { code: string; option: unknown } | undefined {
  try {
    build();
  } catch (error) {
    if (error instanceof ServerError) return { code: error.code, option: error.details.option };
    throw error;
  }
  return undefined;
}

const CASES: readonly [string, Partial<Record<keyof HttpHandlerOptions, unknown>>][] = [
  ['consumers', { consumers: {} }],
  ['maxBodyBytes', { maxBodyBytes: 0 }],
  ['maxBodyBytes', { maxBodyBytes: 1.5 }],
  ['path', { path: 'mcp' }],
  ['allowedOrigins', { allowedOrigins: 'http://a.example' }],
  ['allowedOrigins', { allowedOrigins: ['http://a.example', 7] }],
  ['allowedHosts', { allowedHosts: 'localhost:1' }],
  ['allowedHosts', { allowedHosts: [null] }],
];

describe('the HTTP host’s options', () => {
  it.each(CASES)('refuses a malformed %s', (option, given) => {
    const { server } = fixtureServer();
    const options = { consumers: resolver, ...given } as unknown as HttpHandlerOptions;
    expect(refusal(() => createHttpHandler(server, options))).toEqual({
      code: SERVER_ERROR_CODES.INVALID_OPTIONS,
      option,
    });
  });

  it('refuses before listening, so no port is left open', async () => {
    const { server } = fixtureServer();
    const options = { consumers: resolver, allowedHosts: [42] } as unknown as HttpHandlerOptions;
    await expect(serveHttp(server, { ...options, port: 0 })).rejects.toMatchObject({
      code: SERVER_ERROR_CODES.INVALID_OPTIONS,
      details: { option: 'allowedHosts' },
    });
  });

  it('takes lists of strings, empty ones included', () => {
    const { server } = fixtureServer();
    const handler = createHttpHandler(server, {
      consumers: resolver,
      allowedOrigins: [],
      allowedHosts: ['localhost:1'],
    });
    expect(typeof handler).toBe('function');
    return handler.close();
  });
});
