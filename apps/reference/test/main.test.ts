/*
 * Invariant: the built decoder demo prints one verdict per document (ACCEPTED with a summary, or
 * REFUSED with code, byte offset and message), never echoes a refused document's content, exits 0
 * when it ran and 2 on a usage or I/O error.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const APP = fileURLToPath(new URL('..', import.meta.url));
const MAIN = `${APP}dist/main.js`;
const EXAMPLES = `${APP}examples/`;

function newestSource(): number {
  return Math.max(...readdirSync(`${APP}src`).map((name) => statSync(`${APP}src/${name}`).mtimeMs));
}

function cli(args: string[], stdin?: string) {
  const result = spawnSync(process.execPath, [MAIN, ...args], {
    cwd: APP,
    encoding: 'utf8',
    ...(stdin === undefined ? {} : { input: stdin }),
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  if (!existsSync(MAIN) || statSync(MAIN).mtimeMs < newestSource()) {
    const tsc = fileURLToPath(import.meta.resolve('typescript/bin/tsc'));
    const built = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
      cwd: APP,
      encoding: 'utf8',
    });
    if (built.status !== 0) throw new Error(`build failed:\n${built.stdout}${built.stderr}`);
  }
}, 120_000);

describe('portcullis-decode', () => {
  it('decodes every bundled example with the expected verdict', () => {
    const { status, stdout, stderr } = cli([]);
    expect(stderr).toBe('');
    expect(status).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines).toHaveLength(readdirSync(EXAMPLES).length);
    expect(lines).toEqual([
      'accepted-tools-call.payload: ACCEPTED object, 4 keys',
      'big-integer.payload: ACCEPTED object, 4 keys, 1 bigint kept exact',
      expect.stringMatching(/^duplicate-amount\.payload: REFUSED code=DUPLICATE_KEY offset=133 /),
      expect.stringMatching(/^lone-surrogate\.payload: REFUSED code=LONE_SURROGATE offset=104 /),
      expect.stringMatching(/^trailing-bytes\.payload: REFUSED code=TRAILING_CONTENT offset=41 /),
    ]);
    expect(stdout).not.toContain('9999');
    expect(stdout).not.toContain('half a pair');
  });

  it('decodes one file given as argument', () => {
    const { status, stdout } = cli([`${EXAMPLES}duplicate-amount.payload`]);
    expect(status).toBe(0);
    expect(stdout).toContain(
      'REFUSED code=DUPLICATE_KEY offset=133 message="duplicate member name in an object (DUPLICATE_KEY at byte 133)"',
    );
  });

  it('decodes stdin with -', () => {
    expect(cli(['-'], '{"jsonrpc":"2.0","id":1,"method":"ping"}')).toMatchObject({
      status: 0,
      stdout: 'stdin: ACCEPTED object, 3 keys\n',
    });
    expect(cli(['-'], '[1, 2, 3,]')).toMatchObject({
      status: 0,
      stdout: expect.stringContaining('stdin: REFUSED code=TRAILING_COMMA offset=8'),
    });
    expect(cli(['-'], '[18446744073709551616]').stdout).toBe(
      'stdin: ACCEPTED array, 1 items, 1 bigint kept exact\n',
    );
  });

  it('exits 2 with a clear message on a usage or I/O error', () => {
    const missing = cli(['/nonexistent/payload.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read /nonexistent/payload.json: ENOENT');
    const usage = cli(['one', 'two']);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('usage: portcullis-decode');
  });
});
