#!/usr/bin/env node
/**
 * `portcullis-gateway`: connects to the upstreams named on the command line, serves their tools
 * through the Portcullis door over Streamable HTTP, and prints exactly one line to stdout once it
 * listens, `listening on http://HOST:PORT/mcp`. Without `--config`, one consumer `admin` is granted
 * every tool, with a fresh token printed once to stderr. Warnings (a tool left out) go to stderr.
 * An upstream that changes its tools is read again and served by a new tool server.
 * SIGINT and SIGTERM stop it: the host stops, the upstream commands are stopped, exit 0. A startup
 * fault is one line and exit 1; a usage fault exit 2.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createGateway, GatewayError, serveGatewayHttp } from '@portcullis/gateway';
import { createTokenResolver, hashToken } from '@portcullis/server/http';
import { parseArguments, USAGE } from './arguments.ts';
import { DEFAULT_CALL_TIMEOUT_MS, type GatewayConfig, parseConfig } from './config.ts';

const say = (line: string) => process.stderr.write(`${line}\n`);

function configOf(file: string | undefined): GatewayConfig | undefined {
  if (file === undefined) {
    const token = randomBytes(32).toString('base64url');
    say(
      'No --config: one consumer `admin` may call every tool with this bearer token (shown once):',
    );
    say(`  ${token}`);
    return {
      consumers: [{ name: 'admin', tokenSha256: hashToken(token), tools: '*' }],
      callTimeoutMs: DEFAULT_CALL_TIMEOUT_MS,
    };
  }
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(file);
  } catch {
    say(`The config file ${file} cannot be read.`);
    return undefined;
  }
  const parsed = parseConfig(bytes);
  if (!parsed.ok) {
    say(`The config file ${file} cannot be used: ${parsed.text}`);
    return undefined;
  }
  return parsed.value;
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed.ok) {
    say(`${parsed.text} Run with --help for the usage.`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const config = configOf(args.config);
  if (config === undefined) return 1;
  let gateway: Awaited<ReturnType<typeof createGateway>>;
  try {
    gateway = await createGateway({
      upstreams: args.upstreams,
      onUnservable: args.refuseUnservable ? 'refuse' : 'leave-out',
      warn: say,
      server: {
        grants: Object.fromEntries(config.consumers.map((c) => [c.name, c.tools])),
        callTimeoutMs: config.callTimeoutMs,
        dispatcher: { maxRunning: 32, maxQueued: 128 },
        serverInfo: { name: 'portcullis-gateway', version: '0.0.0' },
      },
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      say(error.message);
      return 1;
    }
    throw error;
  }
  const host = await serveGatewayHttp(gateway, {
    host: args.host,
    port: args.port,
    consumers: createTokenResolver(
      config.consumers.map((c) => ({ consumer: c.name, tokenSha256: c.tokenSha256 })),
    ),
    ...(config.anonymous === undefined ? {} : { anonymousConsumer: config.anonymous }),
    ...(args.sessions ? { sessions: true } : {}),
  });
  say(`Serving ${gateway.served.length} tool(s); ${gateway.leftOut.length} left out.`);
  return new Promise<number>((resolve) => {
    const stop = () => {
      host
        .close()
        .then(() => gateway.close())
        .then(
          () => resolve(0),
          () => resolve(1),
        );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // After the handlers: a signal sent on reading this line must find them.
    process.stdout.write(`listening on ${host.url}\n`);
  });
}

main().then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    say(`The gateway failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
