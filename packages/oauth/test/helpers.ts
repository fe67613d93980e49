/*
 * Test helpers: a JWKS endpoint whose behaviour the test sets (answer, delay, silence, errors,
 * size) and which counts its fetches; a signer for hand-made tokens; and a capture of everything
 * written to the console and the standard streams, for the echo checks.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64url, CompactSign, importJWK, type JWK } from 'jose';
import { vi } from 'vitest';

export interface TestEndpoint {
  readonly url: string;
  /** Requests received so far. */
  readonly requests: number;
  close(): Promise<void>;
}

/** A server on 127.0.0.1 that answers every request with `answer`, counting them. */
export async function startEndpoint(
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<TestEndpoint> {
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/jwks`,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The public half of a private JWK. */
export function publicJwk(jwk: JWK): JWK {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...rest } = jwk;
  return rest;
}

/** A compact JWS of `payload` under `header`, signed with a private JWK. */
export async function sign(
  header: Record<string, unknown>,
  payload: Record<string, unknown> | string,
  key: JWK,
): Promise<string> {
  const imported = await importJWK(key, header.alg as string);
  const crit = Array.isArray(header.crit)
    ? Object.fromEntries((header.crit as string[]).map((name) => [name, true]))
    : undefined;
  return new CompactSign(
    new TextEncoder().encode(typeof payload === 'string' ? payload : JSON.stringify(payload)),
  )
    .setProtectedHeader(header as { alg: string })
    .sign(imported, crit === undefined ? {} : { crit });
}

/** A compact token from raw parts, signed or not: for shapes jose would never make. */
export function rawToken(header: unknown, payload: unknown, signature = ''): string {
  const part = (value: unknown) =>
    base64url.encode(typeof value === 'string' ? value : JSON.stringify(value));
  return `${part(header)}.${part(payload)}.${signature}`;
}

/** Everything the code under test writes to the console or the standard streams while `run` runs. */
export async function captureOutput<T>(
  run: () => Promise<T>,
): Promise<{ result: T; output: string }> {
  const written: string[] = [];
  const keep = (...args: unknown[]) => {
    written.push(
      args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' '),
    );
  };
  const spies = (['log', 'info', 'warn', 'error', 'debug', 'trace'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation(keep),
  );
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    keep(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    keep(chunk);
    return true;
  });
  try {
    const result = await run();
    return { result, output: written.join('\n') };
  } finally {
    for (const spy of [...spies, out, err]) spy.mockRestore();
  }
}
