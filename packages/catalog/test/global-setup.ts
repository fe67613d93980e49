/*
 * Builds this package before its tests run: the fixture modules import `@portcullis/catalog` by
 * name, which Node resolves to `dist/`, and one test scans them with plain Node, exactly as a
 * built app would. A test must never read a stale build.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const require = createRequire(import.meta.url);
  const tsc = require.resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stdio: 'inherit',
  });
}
