/**
 * The command line of `portcullis-gateway`: `--upstream "<command>"` (a command line, split on
 * spaces, started and supervised over stdio) or `--upstream-url <url>` (Streamable HTTP, with
 * `--upstream-header "Name: value"` for it), each repeatable; `--prefix <p>` applies to the upstream
 * named just before it, and `--era auto|legacy` its protocol era; `--port`, `--host`,
 * `--config <file>`, `--sessions`, `--refuse-unservable`, `--help`.
 */
import type { UpstreamSpec } from '@portcullis/gateway';

export interface GatewayArguments {
  readonly upstreams: readonly UpstreamSpec[];
  readonly port: number;
  readonly host: string;
  readonly config?: string;
  readonly refuseUnservable: boolean;
  readonly sessions: boolean;
  readonly help: boolean;
}

export const USAGE = `portcullis-gateway: the Portcullis door in front of MCP servers you already run.

  portcullis-gateway --upstream "npx -y @modelcontextprotocol/server-everything" --port 3100
  portcullis-gateway --upstream-url https://mcp.example.com/mcp --upstream-header "Authorization: Bearer ..."

  --upstream "<command>"       an upstream over stdio: the gateway starts and supervises it (repeatable)
  --upstream-url <url>         an upstream over Streamable HTTP (repeatable)
  --upstream-header "N: v"     a header sent to the upstream URL named before it
  --prefix <p>                 a prefix for the tool names of the upstream named before it
  --era auto|legacy            the protocol era of the upstream named before it (default: auto
                               for a URL, which asks for 2026-07-28 first; legacy for a command)
  --config <file>              consumers and grants, in the reference app's format
  --port <n>, --host <h>       where to listen (default 127.0.0.1:3100)
  --sessions                   sessions for 2025-era callers, so an upstream's questions and logs
                               reach them (2026-07-28 callers need none)
  --refuse-unservable          refuse to start when a tool cannot be served exactly (default: leave it out)
  --help                       this text`;

type Parsed =
  | { readonly ok: true; readonly value: GatewayArguments }
  | { readonly ok: false; readonly text: string };

type Mutable = { -readonly [K in keyof UpstreamSpec]?: unknown } & Record<string, unknown>;

export function parseArguments(argv: readonly string[]): Parsed {
  const upstreams: Mutable[] = [];
  let port = 3100;
  let host = '127.0.0.1';
  let config: string | undefined;
  let refuseUnservable = false;
  let sessions = false;
  let help = false;
  for (let index = 0; index < argv.length; index += 1) {
    const flag = argv[index];
    const value = argv[index + 1];
    const needs = () => {
      if (value === undefined) throw new Error(`\`${flag}\` needs a value.`);
      index += 1;
      return value;
    };
    const last = () => {
      const upstream = upstreams.at(-1);
      if (upstream === undefined) throw new Error(`\`${flag}\` must follow an upstream.`);
      return upstream;
    };
    try {
      switch (flag) {
        case '--upstream': {
          const words = needs().split(/\s+/).filter(Boolean);
          if (words.length === 0) throw new Error('`--upstream` names no command.');
          upstreams.push({ command: words[0], args: words.slice(1) });
          break;
        }
        case '--upstream-url': {
          const url = needs();
          if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
            throw new Error('`--upstream-url` is not an http or https URL.');
          }
          upstreams.push({ url, headers: {} });
          break;
        }
        case '--upstream-header': {
          const upstream = last();
          const header = needs();
          const colon = header.indexOf(':');
          if (!('url' in upstream) || colon < 1) {
            throw new Error('`--upstream-header` is `Name: value`, after an `--upstream-url`.');
          }
          (upstream['headers'] as Record<string, string>)[header.slice(0, colon).trim()] = header
            .slice(colon + 1)
            .trim();
          break;
        }
        case '--prefix':
          last()['prefix'] = needs();
          break;
        case '--era': {
          const upstream = last();
          const era = needs();
          if (era !== 'auto' && era !== 'legacy') throw new Error('`--era` is `auto` or `legacy`.');
          upstream['era'] = era;
          break;
        }
        case '--sessions':
          sessions = true;
          break;
        case '--port': {
          port = Number(needs());
          if (!Number.isInteger(port) || port < 0 || port > 65535) {
            throw new Error('`--port` is not a port number.');
          }
          break;
        }
        case '--host':
          host = needs();
          break;
        case '--config':
          config = needs();
          break;
        case '--refuse-unservable':
          refuseUnservable = true;
          break;
        case '--help':
          help = true;
          break;
        default:
          throw new Error('An argument is not one of the options.');
      }
    } catch (error) {
      return { ok: false, text: (error as Error).message };
    }
  }
  if (!help && upstreams.length === 0) {
    return { ok: false, text: 'Name at least one `--upstream` or `--upstream-url`.' };
  }
  return {
    ok: true,
    value: {
      upstreams: upstreams as unknown as UpstreamSpec[],
      port,
      host,
      ...(config === undefined ? {} : { config }),
      refuseUnservable,
      sessions,
      help,
    },
  };
}
