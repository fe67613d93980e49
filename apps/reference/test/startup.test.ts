/*
 * Guards the built app's start as a user meets it: `--help` and usage faults, and every startup
 * fault (bad config, unreadable root, unwritable data folder, a SQLite driver built for another
 * Node.js, port in use) as one line on stderr, nothing on stdout, and a non-zero exit.
 */

import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killChildren, startApp } from './support/child-app.ts';
import { removeTempDirs, tempDir } from './support/temp.ts';

afterEach(killChildren);
afterAll(removeTempDirs);

async function fails(
  args: string[],
): Promise<{ code: number | string; stderr: string[]; stdout: string[] }> {
  const app = startApp(args);
  const code = await app.exited;
  return { code, stderr: app.stderr, stdout: app.stdout };
}

describe('the built app at start', () => {
  it('prints its usage for --help and exits 0', async () => {
    const app = startApp(['--help']);
    expect(await app.exited).toBe(0);
    expect(app.stdout[0]).toMatch(
      /^usage: node apps\/reference\/dist\/main\.js \[--http \| --stdio\]/,
    );
  });

  it('refuses an unknown option in one line and exits 2', async () => {
    const { code, stderr, stdout } = await fails(['--canary-7f3a']);
    expect(code).toBe(2);
    expect(stdout).toEqual([]);
    expect(stderr).toHaveLength(1);
    expect(stderr[0]).not.toContain('canary');
  });

  it('says in one line that a config, a root or a data folder is unusable, and exits 1', async () => {
    const data = tempDir();
    const root = tempDir();
    const config = join(tempDir(), 'config.json');
    writeFileSync(config, '{"consumers": [], "consumers": []}');
    const badConfig = await fails([
      '--root',
      root,
      '--data',
      data,
      '--config',
      config,
      '--port',
      '0',
    ]);
    expect(badConfig).toEqual({
      code: 1,
      stdout: [],
      stderr: [
        `The config file ${config} is invalid: It is not strict JSON (DUPLICATE_KEY at byte 18).`,
      ],
    });
    const badRoot = await fails(['--root', join(root, 'missing'), '--data', data, '--port', '0']);
    expect(badRoot.code).toBe(1);
    expect(badRoot.stderr.at(-1)).toBe(
      `The documents root ${join(root, 'missing')} is not a readable directory.`,
    );
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    const badData = await fails(['--root', root, '--data', join(file, 'data'), '--port', '0']);
    expect(badData).toMatchObject({ code: 1, stdout: [] });
    expect(badData.stderr).toEqual([
      `The data folder ${join(file, 'data')} cannot be created (ENOTDIR).`,
    ]);
  });

  it('says in one line how to rebuild the SQLite driver when its native module does not load', async () => {
    // Every native module fails to load as one compiled for another Node.js does: Node's own
    // error, code and several lines of text, thrown where `require` opens the file.
    const hook = join(tempDir(), 'foreign-abi.cjs');
    writeFileSync(
      hook,
      [
        'process.dlopen = (module, filename) => {',
        "  const error = new Error('The module \\'' + filename + '\\'\\nwas compiled against a different Node.js version using\\nNODE_MODULE_VERSION 1. This version of Node.js requires\\nNODE_MODULE_VERSION ' + process.versions.modules + '. Please try re-compiling or re-installing\\nthe module (for instance, using `npm rebuild` or `npm install`).');",
        "  error.code = 'ERR_DLOPEN_FAILED';",
        '  throw error;',
        '};',
      ].join('\n'),
    );
    const app = startApp(['--port', '0', '--root', tempDir(), '--data', tempDir()], {
      nodeArgs: ['--require', hook],
    });
    expect(await app.exited).toBe(1);
    expect(app.stdout).toEqual([]);
    expect(app.stderr).toEqual([
      `The SQLite driver better-sqlite3 cannot load its native module under Node.js ${process.versions.node}: it was built for another Node.js version, or not built. Rebuild it with the Node.js that runs the app: \`npm rebuild better-sqlite3\`, or \`npx -y pnpm@12.4.2 rebuild better-sqlite3\` in this repository.`,
    ]);
  });

  it('says in one line that the port is in use, and exits 1', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const result = await fails([
        '--root',
        tempDir(),
        '--data',
        tempDir(),
        '--port',
        String(port),
      ]);
      expect(result.code).toBe(1);
      expect(result.stdout).toEqual([]);
      expect(result.stderr.at(-1)).toBe(
        `The address 127.0.0.1:${port} is in use; choose another --port.`,
      );
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
