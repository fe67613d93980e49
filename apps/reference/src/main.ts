#!/usr/bin/env node
/**
 * The reference server's entry point: `node dist/main.js [--http | --stdio] [--host H] [--port P]
 * [--root DIR] [--data DIR] [--config FILE] [--database postgres://...]`. Over HTTP, once it listens it prints exactly one line
 * to stdout, `listening on http://HOST:PORT/mcp`; everything else (the tokens of a first start, the
 * server's log) goes to stderr. SIGINT and SIGTERM stop it gracefully: it stops accepting, cancels
 * the calls in flight, closes the database and exits 0. A startup fault is one line and exit 1; a
 * usage fault exit 2.
 */
import { openReferenceApp, type ReferenceApp } from './app.ts';
import { parseArguments, USAGE } from './arguments.ts';
import { BUNDLED_CORPUS, settleBundledCorpus } from './bundled-corpus.ts';
import { defaultDataDir } from './data-dir.ts';
import { type Served, serve } from './serve.ts';
import { StartupError } from './startup-error.ts';

const say = (line: string) => process.stderr.write(`${line}\n`);

function announceTokens(app: ReferenceApp): void {
  const tokens = app.mintedTokens;
  if (tokens === undefined) return;
  say(`First start: wrote ${app.configFile} with two consumers and fresh tokens.`);
  say(
    'Their bearer tokens are shown this once and stored nowhere (the file keeps only their SHA-256):',
  );
  say(`  admin   (every tool):      ${tokens.admin}`);
  say(`  reader  (read-only tools): ${tokens.reader}`);
}

async function main(): Promise<number> {
  const parsed = parseArguments(process.argv.slice(2));
  if (!parsed.ok) {
    say(`${parsed.refusal.text} Run with --help for the usage.`);
    return 2;
  }
  const args = parsed.value;
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  // Signals are heard from the start: one that arrives while the app opens stops it right after,
  // and none can meet Node's default handler once the listening line is out.
  let signalled = false;
  let onSignal = () => {
    signalled = true;
  };
  process.on('SIGINT', () => onSignal());
  process.on('SIGTERM', () => onSignal());
  let app: ReferenceApp | undefined;
  let served: Served | undefined;
  try {
    if (args.root === undefined) settleBundledCorpus();
    app = await openReferenceApp({
      root: args.root ?? BUNDLED_CORPUS,
      data: args.data ?? defaultDataDir(),
      ...(args.config === undefined ? {} : { config: args.config }),
      ...(args.database === undefined ? {} : { database: args.database }),
      note: say,
    });
    announceTokens(app);
    served = await serve(app, args);
  } catch (error) {
    await app?.close();
    if (error instanceof StartupError) {
      say(error.message);
      return 1;
    }
    throw error;
  }
  if (signalled) {
    await served.close();
    await app.close();
    return 0;
  }
  if (served.url !== undefined) process.stdout.write(`listening on ${served.url}\n`);
  const running = app;
  const stopping = served;
  return new Promise<number>((resolve) => {
    let stopped = false;
    const stop = (cause: 'signal' | 'closed') => {
      if (stopped) {
        if (cause === 'closed') return;
        say('Stopping at once.');
        process.exit(1);
      }
      stopped = true;
      stopping
        .close()
        .then(() => running.close())
        .then(
          () => resolve(0),
          (error: unknown) => {
            say(`The server did not stop cleanly: ${(error as Error).message}`);
            resolve(1);
          },
        );
    };
    onSignal = () => stop('signal');
    stopping.closed.then(
      () => stop('closed'),
      () => stop('closed'),
    );
  });
}

main().then(
  (code) => {
    process.exitCode = code;
    // Everything is closed; should a socket linger, it does not hold the process past two seconds.
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    say(
      `The server failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  },
);
