/*
 * The HTTP host's `Host` and `Origin` rules over real HTTP on 127.0.0.1, against a plain reading
 * of them as the oracle (`oracleVerdict`: the allowed lists searched on every request, hosts
 * compared lower-cased, origins exactly): the host judges with sets made once, and must agree on
 * every option set and header value below. The lists are read when the handler is made.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpHandler, HTTP_TEXTS } from '../src/http.ts';
import { resolver } from './http-support.ts';
import { closeAll, fixtureServer, onClose } from './support.ts';

afterEach(closeAll);

interface Config {
  allowedHosts?: string[];
  allowedOrigins?: string[];
  dnsRebindingProtection?: boolean;
}

/** The rules read plainly (`Host` and `Origin` only). */
function oracleVerdict(
  config: Config,
  host: string | undefined,
  origin: string | undefined,
): string {
  const protection = config.dnsRebindingProtection === true;
  const lowered = host?.toLowerCase();
  if (config.allowedHosts !== undefined || protection) {
    const allowed = config.allowedHosts ?? [];
    if (lowered === undefined || !allowed.some((item) => item.toLowerCase() === lowered)) {
      return HTTP_TEXTS.hostNotAllowed;
    }
  }
  if (origin !== undefined) {
    const allowed = config.allowedOrigins;
    if (
      (allowed !== undefined && !allowed.includes(origin)) ||
      (allowed === undefined && protection)
    ) {
      return HTTP_TEXTS.originNotAllowed;
    }
  }
  return 'passed';
}

/** The Host and Origin each request reached the handler with (Node trims and may refuse first). */
const seen: { host: string | undefined; origin: string | undefined }[] = [];
function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function handlerOn(config: Config) {
  const { server } = fixtureServer();
  const handler = createHttpHandler(server, { consumers: resolver, ...config });
  const listener = createServer((req, res) => {
    seen.push({ host: first(req.headers.host), origin: first(req.headers.origin) });
    handler(req, res);
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  onClose(async () => {
    listener.closeAllConnections();
    await new Promise((resolve) => listener.close(resolve));
    await handler.close();
  });
  return (listener.address() as AddressInfo).port;
}

/** POSTs a ping with exactly these Host and Origin headers; the verdict as the oracle names it. */
function newVerdict(port: number, host: string | undefined, origin: string | undefined) {
  return new Promise<string>((resolve, reject) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (origin !== undefined) headers.origin = origin;
    const req = httpRequest(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers, setHost: false },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => {
          if (res.statusCode !== 403) return resolve('passed');
          const message = (JSON.parse(body) as { error: { message: string } }).error.message;
          resolve(message);
        });
      },
    );
    if (host !== undefined) req.setHeader('host', host);
    req.on('error', reject);
    req.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
  });
}

const HOSTS = [
  undefined,
  '',
  'localhost:4000',
  'LOCALHOST:4000',
  'LocalHost:4000',
  'localhost',
  'localhost:4000.',
  'localhost.:4000',
  ' localhost:4000',
  '127.0.0.1:4000',
  '[::1]:4000',
  '[::1]',
  'evil.example',
  'EVIL.EXAMPLE',
  '\u00c0pp.example',
  '\u00e0pp.example',
];
const ORIGINS = [
  undefined,
  'http://localhost:4000',
  'HTTP://LOCALHOST:4000',
  'http://localhost:4000/',
  'null',
  '',
  'https://evil.example',
  'http://trusted.example',
  'http://Trusted.example',
];
const CONFIGS: Config[] = [
  {},
  { dnsRebindingProtection: true },
  {
    dnsRebindingProtection: true,
    allowedHosts: ['LocalHost:4000', '[::1]:4000', '\u00c0PP.example'],
  },
  { dnsRebindingProtection: true, allowedOrigins: ['http://trusted.example'] },
  { dnsRebindingProtection: true, allowedOrigins: [] },
  { dnsRebindingProtection: true, allowedHosts: [], allowedOrigins: ['http://localhost:4000'] },
  { allowedHosts: ['localhost:4000', 'EVIL.example'] },
  { allowedOrigins: ['http://trusted.example', 'null', ''] },
  { allowedOrigins: [] },
  { allowedHosts: ['localhost:4000'], allowedOrigins: ['http://localhost:4000'] },
];

describe('Host and Origin judging agrees with the rules read plainly', () => {
  it.each(CONFIGS.map((config) => [JSON.stringify(config), config] as const))(
    'options %s: every Host and Origin pair is judged as before',
    async (_name, config) => {
      const port = await handlerOn(config);
      const differences: string[] = [];
      for (const host of HOSTS) {
        for (const origin of ORIGINS) {
          seen.length = 0;
          const now = await newVerdict(port, host, origin);
          if (seen.length === 0) continue; // Node itself refused the request (no Host: 400)
          const got = seen[0]!;
          const before = oracleVerdict(config, got.host, got.origin);
          if (before !== now)
            differences.push(`${host} / ${origin}: oracle ${before}, host ${now}`);
        }
      }
      expect(differences).toEqual([]);
    },
    30_000,
  );
});

describe('the allowed lists are read when the handler is made', () => {
  it('keeps accepting an origin removed from the array afterwards', async () => {
    const allowedOrigins = ['http://trusted.example', 'http://revoked.example'];
    const config: Config = { dnsRebindingProtection: true, allowedHosts: ['h:1'], allowedOrigins };
    const port = await handlerOn(config);
    expect(await newVerdict(port, 'h:1', 'http://revoked.example')).toBe('passed');
    allowedOrigins.pop();
    expect(await newVerdict(port, 'h:1', 'http://revoked.example')).toBe('passed');
  });

  it('keeps refusing a host added to the array afterwards', async () => {
    const allowedHosts = ['h:1'];
    const port = await handlerOn({ allowedHosts });
    expect(await newVerdict(port, 'late.example', undefined)).toBe(HTTP_TEXTS.hostNotAllowed);
    allowedHosts.push('late.example');
    expect(await newVerdict(port, 'late.example', undefined)).toBe(HTTP_TEXTS.hostNotAllowed);
  });
});
