/*
 * Builds the app before its tests run (TypeScript to `dist/`, then the bundled corpus into
 * `dist/sample-corpus`): the process tests start `dist/main.js` as a child exactly as a user does, and a
 * test must never read a stale build.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const require = createRequire(import.meta.url);
  const app = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: app,
      stdio: 'inherit',
    },
  );
  execFileSync(process.execPath, ['scripts/generate-corpus.mjs', 'dist/sample-corpus'], {
    cwd: app,
    stdio: 'ignore',
  });
}
