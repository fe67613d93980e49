/**
 * Runs the official conformance suite against a freshly started fixture: starts
 * `dist/main.js --port 0`, waits for its `listening on` line, runs
 * `conformance server --url <url> --suite <suite> --expected-failures conformance-baseline.yml`,
 * then stops the fixture (SIGTERM, then SIGKILL if it lingers) whatever happened.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** The baseline of scenarios expected to fail, each with its reason. */
export const BASELINE = fileURLToPath(new URL('../conformance-baseline.yml', import.meta.url));

/** The built fixture (the same path from `src/` under a test and from `dist/`). */
const FIXTURE = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** What a run of the suite printed and how it ended. */
export interface SuiteRun {
  readonly url: string;
  readonly exitCode: number | null;
  readonly output: string;
}

function suiteEntry(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
  return fileURLToPath(new URL('./dist/index.js', `file://${manifest}`));
}

/** Runs the suite (`active` or `pending`) with the baseline; `outputDir` keeps each scenario's checks. */
export async function runSuite(options: {
  readonly suite: 'active' | 'pending';
  readonly outputDir?: string;
  readonly echo?: boolean;
}): Promise<SuiteRun> {
  const fixture = spawn(process.execPath, [FIXTURE, '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const fixtureExit = new Promise<void>((resolve) => fixture.once('exit', () => resolve()));
  let fixtureErr = '';
  fixture.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    fixtureErr += chunk;
  });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      fixture.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        out += chunk;
        const match = /^listening on (\S+)\n/.exec(out);
        if (match !== null) resolve(match[1] as string);
      });
      fixture.once('exit', () =>
        reject(new Error(`The fixture exited before listening: ${fixtureErr}`)),
      );
    });
    const args = [
      suiteEntry(),
      'server',
      '--url',
      url,
      '--suite',
      options.suite,
      '--expected-failures',
      BASELINE,
    ];
    if (options.outputDir !== undefined) args.push('--output-dir', options.outputDir);
    const suite = spawn(process.execPath, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let output = '';
    const collect = (chunk: string) => {
      output += chunk;
      if (options.echo === true) process.stdout.write(chunk);
    };
    suite.stdout.setEncoding('utf8').on('data', collect);
    suite.stderr.setEncoding('utf8').on('data', collect);
    const exitCode = await new Promise<number | null>((resolve) =>
      suite.once('exit', (code) => resolve(code)),
    );
    return { url, exitCode, output };
  } finally {
    if (fixture.exitCode === null && fixture.signalCode === null) {
      fixture.kill('SIGTERM');
      const lingering = setTimeout(() => fixture.kill('SIGKILL'), 5000);
      await fixtureExit;
      clearTimeout(lingering);
    }
  }
}
