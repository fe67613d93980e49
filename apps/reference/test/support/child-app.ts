/**
 * Starts the built app (`dist/main.js`) as a child process, the way a user does, and reads what it
 * prints: the one `listening on` line on stdout and the first-start tokens on stderr. Every child is
 * killed by {@link killChildren} (call it from `afterEach`), so no test leaves a process running.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built entry point. */
export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

/** A started child and what it printed. */
export interface ChildApp {
  readonly process: ChildProcess;
  readonly stdout: string[];
  readonly stderr: string[];
  /** Resolves with the exit code (or the signal's name) when the child ends. */
  readonly exited: Promise<number | string>;
  /** The first line of stdout, once printed (rejects when the child exits first). */
  readonly firstLine: Promise<string>;
}

const children = new Set<ChildProcess>();

function lines(
  stream: NodeJS.ReadableStream,
  into: string[],
  onLine: (line: string) => void,
): void {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let newline = pending.indexOf('\n');
    while (newline !== -1) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      into.push(line);
      onLine(line);
      newline = pending.indexOf('\n');
    }
  });
}

/** Starts `node ...nodeArgs dist/main.js ...args`. */
export function startApp(
  args: readonly string[],
  options: { readonly stdin?: 'pipe' | 'ignore'; readonly nodeArgs?: readonly string[] } = {},
): ChildApp {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN, ...args], {
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  children.add(child);
  const stdout: string[] = [];
  const stderr: string[] = [];
  let first: (line: string) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const firstLine = new Promise<string>((resolve, reject) => {
    first = resolve;
    failed = reject;
  });
  firstLine.catch(() => {});
  lines(child.stdout as NodeJS.ReadableStream, stdout, (line) => first(line));
  lines(child.stderr as NodeJS.ReadableStream, stderr, () => {});
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      children.delete(child);
      failed(
        new Error(
          `the app exited (${code ?? signal}) before printing a line: ${stderr.join(' | ')}`,
        ),
      );
      resolve(code ?? signal ?? 'unknown');
    });
  });
  return { process: child, stdout, stderr, exited, firstLine };
}

/** The URL of a started HTTP app, from its `listening on` line. */
export async function urlOf(app: ChildApp): Promise<URL> {
  const line = await app.firstLine;
  const match = /^listening on (http:\/\/\S+\/mcp)$/.exec(line);
  if (match === null) throw new Error(`unexpected first line: ${line}`);
  return new URL(match[1] as string);
}

/** The tokens a first start printed on stderr. */
export function tokensOf(app: ChildApp): { admin: string; reader: string } {
  const find = (name: string) => {
    const line = app.stderr.find((text) => text.trimStart().startsWith(`${name} `));
    const token = line?.trim().split(/\s+/).at(-1);
    if (token === undefined) throw new Error(`no ${name} token printed: ${app.stderr.join(' | ')}`);
    return token;
  };
  return { admin: find('admin'), reader: find('reader') };
}

/** Kills every child still running and waits for each to end. */
export async function killChildren(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}
