/**
 * Tells a SQLite driver that cannot load its native module (better-sqlite3 built for another
 * Node.js, as after switching Node versions, or never built) from any other fault of opening a
 * database, and says in one line how to mend it.
 */

/** The one line a start prints when the driver's native module does not load under this Node. */
export function nativeModuleText(nodeVersion: string = process.versions.node): string {
  return `The SQLite driver better-sqlite3 cannot load its native module under Node.js ${nodeVersion}: it was built for another Node.js version, or not built. Rebuild it with the Node.js that runs the app: \`npm rebuild better-sqlite3\`, or \`npx -y pnpm@12.4.2 rebuild better-sqlite3\` in this repository.`;
}

/**
 * True when `cause`, thrown while opening a database, is the driver's native module failing to
 * load: Node's own `ERR_DLOPEN_FAILED` (a module compiled against another `NODE_MODULE_VERSION`,
 * or a file that is no loadable module), or the `bindings` loader finding no built module at all.
 */
export function isNativeModuleFailure(cause: unknown): boolean {
  if (!(cause instanceof Error)) return false;
  if ((cause as NodeJS.ErrnoException).code === 'ERR_DLOPEN_FAILED') return true;
  return cause.message.startsWith('Could not locate the bindings file');
}
