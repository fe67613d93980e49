/*
 * Guards how the app opens: a first start without `--config` writes a consumers file with fresh
 * token hashes (mode 0600) and hands the tokens out once; later starts reuse it; every startup
 * fault is a StartupError of one sentence; files changed while the app runs are re-indexed.
 */
import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exposure } from '@portcullis/catalog';
import { afterAll, describe, expect, it } from 'vitest';
import { openReferenceApp, type ReferenceApp } from '../src/app.ts';
import { settleBundledCorpus } from '../src/bundled-corpus.ts';
import type { CorpusIndex, SyncReport } from '../src/corpus/corpus-index.ts';
import { isNativeModuleFailure, nativeModuleText } from '../src/corpus/sqlite-driver.ts';
import { serve } from '../src/serve.ts';
import { StartupError } from '../src/startup-error.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';

afterAll(removeTempDirs);

async function startupError(options: Parameters<typeof openReferenceApp>[0]): Promise<string> {
  const error = await openReferenceApp(options).then(
    async (app) => {
      await app.close();
      return undefined;
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(StartupError);
  const message = (error as Error).message;
  expect(message).not.toContain('\n');
  expect(message).toMatch(/\.$/);
  return message;
}

describe('openReferenceApp', () => {
  it('writes a consumers file on a first start, hands out its tokens once, and reuses it', async () => {
    const root = generatedCorpus();
    const data = join(tempDir(), 'nested', 'data');
    const first = await openReferenceApp({ root, data });
    try {
      expect(first.firstSync.documents).toBe(320);
      expect(first.mintedTokens?.admin).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(first.configFile).toBe(join(data, 'config.json'));
      expect(statSync(first.configFile).mode & 0o777).toBe(0o600);
      const text = readFileSync(first.configFile, 'utf8');
      expect(text).not.toContain(first.mintedTokens?.admin);
      expect([...first.exposure.names]).toEqual([
        'search_documents',
        'read_document',
        'tag_documents',
        'corpus_stats',
        'survey_corpus',
        'explain_query',
      ]);
    } finally {
      await first.close();
    }
    const second = await openReferenceApp({ root, data });
    try {
      expect(second.mintedTokens).toBeUndefined();
      expect(readFileSync(second.configFile, 'utf8')).toBe(readFileSync(first.configFile, 'utf8'));
      expect(second.firstSync).toMatchObject({ added: 0, documents: 320 });
    } finally {
      await second.close();
    }
  });

  it('says in one sentence what keeps it from starting', async () => {
    const root = tempDir();
    const data = tempDir();
    const bad = join(tempDir(), 'bad.json');
    writeFileSync(bad, '{"consumers": []}');
    expect(await startupError({ root, data, config: bad })).toBe(
      `The config file ${bad} is invalid: \`consumers\` must be a non-empty list (it may be empty when \`authorization.scopeGrants\` grants the tools).`,
    );
    const missing = join(tempDir(), 'missing.json');
    expect(await startupError({ root, data, config: missing })).toBe(
      `The config file ${missing} cannot be read (ENOENT).`,
    );
    expect(await startupError({ root: join(root, 'nope'), data })).toContain(
      'is not a readable directory.',
    );
    const file = join(tempDir(), 'file');
    writeFileSync(file, '');
    expect(await startupError({ root, data: join(file, 'data') })).toContain(
      'cannot be created (ENOTDIR).',
    );
    expect(await startupError({ root: file, data })).toContain('is not a readable directory.');
  });

  it('re-indexes files changed while it runs', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'first.md'), '# First\nalpha');
    const app: ReferenceApp = await openReferenceApp({
      root,
      data: tempDir(),
      watch: { debounceMs: 20 },
    });
    try {
      const synced = new Promise<SyncReport>((resolve) => {
        const off = app.index.onSync((report) => {
          if (report.documents === 2) {
            off();
            resolve(report);
          }
        });
      });
      writeFileSync(join(root, 'second.md'), '# Second\nzebra crossing');
      await synced;
      const count = (app.index as CorpusIndex).database
        .prepare("SELECT count(*) FROM documents_fts WHERE documents_fts MATCH 'zebra'")
        .pluck()
        .get();
      expect(count).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('puts back the generated modification times a build cache lost', () => {
    const root = generatedCorpus();
    const file = join(root, 'rivers', '001-ferry.md');
    const designed = statSync(file).mtimeMs;
    utimesSync(file, new Date(), new Date());
    expect(settleBundledCorpus(root)).toBe(1);
    expect(statSync(file).mtimeMs).toBe(designed);
    expect(settleBundledCorpus(root)).toBe(0);
    expect(settleBundledCorpus(tempDir())).toBe(0);
  });

  it('turns a contract the server refuses into one startup sentence naming the tool', async () => {
    const app = await openReferenceApp({ root: tempDir(), data: tempDir(), note: () => {} });
    try {
      // Exposing one tool while the config grants every one: the server refuses the extra grants.
      const narrowed = { ...app, exposure: exposure(app.catalog, ['search_documents']) };
      const error = await serve(narrowed, {
        mode: 'http',
        host: '127.0.0.1',
        port: 0,
        stateless: false,
        help: false,
      }).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(StartupError);
      expect((error as Error).message).toMatch(
        /^The tools cannot be served \(tool `read_document`\): /,
      );
      expect((error as Error).message).not.toContain('\n');
    } finally {
      await app.close();
    }
  });
});

describe('a SQLite driver that cannot load', () => {
  it('is told apart from any other fault of opening a database', () => {
    const abi = Object.assign(new Error('The module was compiled against another version.'), {
      code: 'ERR_DLOPEN_FAILED',
    });
    expect(isNativeModuleFailure(abi)).toBe(true);
    expect(
      isNativeModuleFailure(new Error('Could not locate the bindings file. Tried:\n → /x.node')),
    ).toBe(true);
    const cantOpen = Object.assign(new Error('unable to open database file'), {
      code: 'SQLITE_CANTOPEN',
    });
    expect(isNativeModuleFailure(cantOpen)).toBe(false);
    expect(isNativeModuleFailure('ERR_DLOPEN_FAILED')).toBe(false);
    expect(isNativeModuleFailure(undefined)).toBe(false);
  });

  it('is told in one line naming the Node.js version and both rebuild commands', () => {
    const text = nativeModuleText('24.1.0');
    expect(text).not.toContain('\n');
    expect(text).toContain('under Node.js 24.1.0');
    expect(text).toContain('`npm rebuild better-sqlite3`');
    expect(text).toContain('`npx -y pnpm@12.4.2 rebuild better-sqlite3`');
  });
});
