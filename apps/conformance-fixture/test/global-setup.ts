/*
 * Builds the fixture before its tests run: the suite is run against `dist/main.js` as a child
 * process, exactly as the README's command does, and must never meet a stale build.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const require = createRequire(import.meta.url);
  execFileSync(
    process.execPath,
    [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      stdio: 'inherit',
    },
  );
}
