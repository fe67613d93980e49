/** The app opened and served over real HTTP on 127.0.0.1 inside the test process. */
import { openReferenceApp, type ReferenceApp } from '../../src/app.ts';
import { type Served, serve } from '../../src/serve.ts';
import { tempDir } from './temp.ts';

export interface ServedApp {
  readonly app: ReferenceApp;
  readonly served: Served;
  readonly url: string;
  readonly tokens: { readonly admin: string; readonly reader: string };
  close(): Promise<void>;
}

/** Opens the app on `root` with a fresh data folder and serves it on a free port. */
export async function serveInProcess(
  root: string,
  options: { readonly surveyPaceMs?: number; readonly callTimeoutMs?: number } = {},
): Promise<ServedApp> {
  const app = await openReferenceApp({
    root,
    data: tempDir(),
    note: () => {},
    ...(options.surveyPaceMs === undefined ? {} : { surveyPaceMs: options.surveyPaceMs }),
  });
  const served = await serve(
    app,
    { mode: 'http', host: '127.0.0.1', port: 0, help: false },
    options.callTimeoutMs === undefined ? {} : { callTimeoutMs: options.callTimeoutMs },
  );
  const tokens = app.mintedTokens;
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
