/**
 * The server's modules as the benchmark loads them: the built package when there is one (`pnpm
 * bench` builds first), since it is what users run and the source as loaded by tsx wraps every
 * closure in a name-keeping helper; the source otherwise.
 */
import { existsSync } from 'node:fs';

const dist = new URL('../dist/', import.meta.url);
export const BUILT = existsSync(new URL('index.js', dist));

function load<T>(path: string): Promise<T> {
  return import(BUILT ? new URL(`${path}.js`, dist).href : `../src/${path}.ts`) as Promise<T>;
}

export const http = await load<typeof import('../src/http.ts')>('http');
export const toolServer = await load<typeof import('../src/tool-server.ts')>('tool-server');
export const router =
  await load<typeof import('../src/internal/http/router.ts')>('internal/http/router');
export const web = await load<typeof import('../src/internal/http/web.ts')>('internal/http/web');
export const sdk =
  await load<typeof import('../src/internal/sdk-server.ts')>('internal/sdk-server');
export const exchange =
  await load<typeof import('../src/internal/http/exchange.ts')>('internal/http/exchange');
