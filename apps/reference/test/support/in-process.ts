/** The app opened and served over real HTTP on 127.0.0.1 inside the test process. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openReferenceApp, type ReferenceApp } from '../../src/app.ts';
import { defaultConfig } from '../../src/config.ts';
import { type Served, serve } from '../../src/serve.ts';
import { tempDir } from './temp.ts';

/**
 * A consumers file like a first start's, with `callTimeoutMs` set: the deadline reaches the server
 * the way a user sets it. Returns the file and its tokens.
 */
function configWithTimeout(callTimeoutMs: number): {
  readonly file: string;
  readonly tokens: { readonly admin: string; readonly reader: string };
} {
  const fresh = defaultConfig(['search_documents', 'read_document']);
  const file = join(tempDir(), 'config.json');
  writeFileSync(file, JSON.stringify({ ...JSON.parse(fresh.text), callTimeoutMs }));
  return { file, tokens: fresh.tokens };
}

export interface ServedApp {
  readonly app: ReferenceApp;
  readonly served: Served;
  readonly url: string;
  readonly tokens: { readonly admin: string; readonly reader: string };
  close(): Promise<void>;
}

/**
 * Opens the app on `root` with a fresh data folder and serves it on a free port; `callTimeoutMs`
 * is written into a consumers file given with `config`, as a user would set it.
 */
export async function serveInProcess(
  root: string,
  options: { readonly surveyPaceMs?: number; readonly callTimeoutMs?: number } = {},
): Promise<ServedApp> {
  const configured =
    options.callTimeoutMs === undefined ? undefined : configWithTimeout(options.callTimeoutMs);
  const app = await openReferenceApp({
    root,
    data: tempDir(),
    note: () => {},
    ...(options.surveyPaceMs === undefined ? {} : { surveyPaceMs: options.surveyPaceMs }),
    ...(configured === undefined ? {} : { config: configured.file }),
  });
  const served = await serve(app, {
    mode: 'http',
    host: '127.0.0.1',
    port: 0,
    stateless: false,
    help: false,
  });
  const tokens = configured?.tokens ?? app.mintedTokens;
  if (tokens === undefined || served.url === undefined)
    throw new Error('a first start mints tokens');
  return {
    app,
    served,
    url: served.url,
    tokens,
    async close() {
      await served.close();
      await app.close();
    },
  };
}
