/**
 * The command line, pinned because other tools drive the app this way:
 *
 * ```
 * node apps/reference/dist/main.js [--http | --stdio] [--host 127.0.0.1] [--port 3000]
 *                                  [--root DIR] [--data DIR] [--config FILE]
 *                                  [--database postgres://...] [--redis redis://...]
 *                                  [--replica NAME] [--public-url URL] [--stateless]
 * ```
 *
 * Each option takes its value as the next argument or after `=`; a lone `--` is skipped. A fault is
 * one sentence that names the option and never repeats what was typed.
 */

/** What the command line asks for. */
export interface AppArguments {
  readonly mode: 'http' | 'stdio';
  readonly host: string;
  readonly port: number;
  readonly root?: string;
  readonly data?: string;
  readonly config?: string;
  /** A PostgreSQL connection string: the corpus lives there instead of in the embedded SQLite. */
  readonly database?: string;
  /** A Redis URL: the rate limits' buckets live there, shared by every replica using it. */
  readonly redis?: string;
  /** This replica's name behind a balancer: the prefix of the session ids it mints. */
  readonly replica?: string;
  /** The URL clients reach the server at through a balancer: its host is accepted as `Host`. */
  readonly publicUrl?: string;
  /**
   * Legacy requests without sessions, each standing alone (any replica may serve any request);
   * with `redis`, a cancel reaching a replica not running its call is relayed to the one that is.
   */
  readonly stateless: boolean;
  readonly help: boolean;
}

/** The host the HTTP server binds to when `--host` is not given: loopback only. */
export const DEFAULT_HOST = '127.0.0.1';

/** The port when `--port` is not given. */
export const DEFAULT_PORT = 3000;

/** The usage text `--help` prints. */
export const USAGE = `usage: node apps/reference/dist/main.js [--http | --stdio] [--host ${DEFAULT_HOST}] [--port ${DEFAULT_PORT}]
                                        [--root DIR] [--data DIR] [--config FILE]
                                        [--database postgres://...] [--redis redis://...]
                                        [--replica NAME] [--public-url URL] [--stateless]

  --http          serve MCP over Streamable HTTP at http://HOST:PORT/mcp (the default)
  --stdio         serve MCP over standard input and output, as the consumer the config names
  --host HOST     the address to listen on (default ${DEFAULT_HOST})
  --port PORT     the port to listen on, 0 for any free one (default ${DEFAULT_PORT})
  --root DIR      the folder of documents to serve (default: the bundled sample corpus)
  --data DIR      where the index and the generated config live (default: the user's data folder)
  --config FILE   the consumers and their token hashes (default: DATA/config.json, made on first start)
  --database URL  keep the corpus in PostgreSQL (postgres://...) instead of SQLite under DATA
  --redis URL     keep the rate limits' buckets in Redis (redis://...), shared by every replica
  --replica NAME  this replica's name behind a balancer, which routes a session by it (r1, r2...)
  --public-url URL  the URL clients reach it at through a balancer (its host is accepted)
  --stateless     no legacy sessions: every request stands alone; with --redis, cancels are
                  relayed to the replica running the call
  --help          print this text`;

const VALUED = new Set([
  '--host',
  '--port',
  '--root',
  '--data',
  '--config',
  '--database',
  '--redis',
  '--replica',
  '--public-url',
]);

type Parsed =
  | { readonly ok: true; readonly value: AppArguments }
  | { readonly ok: false; readonly refusal: { readonly text: string } };

/** Reads the arguments after `node main.js`. */
export function parseArguments(args: readonly string[]): Parsed {
  const refuse = (text: string): Parsed => ({ ok: false, refusal: { text } });
  const values = new Map<string, string>();
  let mode: 'http' | 'stdio' | undefined;
  let help = false;
  let stateless = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    // A lone `--` (what `pnpm start -- --port 0` passes on) ends nothing here: every argument is an option.
    if (arg === '--') continue;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    if (arg === '--stateless') {
      stateless = true;
      continue;
    }
    if (arg === '--http' || arg === '--stdio') {
      const chosen = arg === '--http' ? 'http' : 'stdio';
      if (mode !== undefined && mode !== chosen)
        return refuse('Give `--http` or `--stdio`, not both.');
      mode = chosen;
      continue;
    }
    const equals = arg.indexOf('=');
    const name = equals === -1 ? arg : arg.slice(0, equals);
    if (!VALUED.has(name)) {
      return refuse(
        'An argument is not an option of this command. Options: --http, --stdio, --host, --port, --root, --data, --config, --database, --redis, --replica, --public-url, --stateless, --help.',
      );
    }
    if (values.has(name)) return refuse(`The option \`${name}\` is given twice.`);
    let value: string | undefined;
    if (equals !== -1) value = arg.slice(equals + 1);
    else {
      value = args[index + 1];
      index++;
    }
    if (value === undefined || value === '') return refuse(`The option \`${name}\` needs a value.`);
    values.set(name, value);
  }
  const portText = values.get('--port');
  let port = DEFAULT_PORT;
  if (portText !== undefined) {
    if (!/^\d{1,5}$/.test(portText) || Number(portText) > 65535) {
      return refuse('The option `--port` takes a port number from 0 to 65535.');
    }
    port = Number(portText);
  }
  const database = values.get('--database');
  if (database !== undefined && !/^postgres(?:ql)?:\/\//.test(database)) {
    return refuse('The option `--database` takes a PostgreSQL URL, starting postgres://.');
  }
  const redis = values.get('--redis');
  if (redis !== undefined && !/^rediss?:\/\//.test(redis)) {
    return refuse('The option `--redis` takes a Redis URL, starting redis:// or rediss://.');
  }
  const replica = values.get('--replica');
  if (replica !== undefined && !/^[A-Za-z0-9-]{1,32}$/.test(replica)) {
    return refuse('The option `--replica` takes a name of 1 to 32 letters, digits or `-`.');
  }
  const publicUrl = values.get('--public-url');
  if (publicUrl !== undefined && !/^https?:\/\/[^/?#\s]+(?:\/\S*)?$/.test(publicUrl)) {
    return refuse('The option `--public-url` takes an http:// or https:// URL.');
  }
  const optional = (
    name: string,
    key: 'root' | 'data' | 'config' | 'database' | 'redis' | 'replica' | 'publicUrl',
  ) => {
    const value = values.get(name);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    ok: true,
    value: {
      mode: mode ?? 'http',
      host: values.get('--host') ?? DEFAULT_HOST,
      port,
      ...optional('--root', 'root'),
      ...optional('--data', 'data'),
      ...optional('--config', 'config'),
      ...optional('--database', 'database'),
      ...optional('--redis', 'redis'),
      ...optional('--replica', 'replica'),
      ...optional('--public-url', 'publicUrl'),
      stateless,
      help,
    },
  };
}
