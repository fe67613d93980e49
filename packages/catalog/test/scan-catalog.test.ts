/*
 * Guards scanCatalog: every `.js`/`.mjs` module under the directory is imported in code-unit order
 * of its relative path (recursively unless told otherwise, never into `node_modules` or
 * dot-directories, each directory once however many links reach it), hidden, declaration and other
 * files are not read, exports not made by defineTool are ignored, a directory, module or scan
 * location that cannot be read is a SCAN_FAILED, options it does not take are an INVALID_OPTIONS,
 * and every fault is a rejection, never a throw. It also runs the scan under plain Node against
 * the built package, the path a production app takes.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import {
  CATALOG_ERROR_CODES,
  type Catalog,
  CatalogError,
  createCatalog,
  scanCatalog,
} from '../src/index.ts';

const PACKAGE = fileURLToPath(new URL('..', import.meta.url));
const GOOD = fileURLToPath(new URL('./fixtures/good/', import.meta.url));

function toolModule(name: string): string {
  return [
    "import { defineTool } from '@portcullis/catalog';",
    "import Type from 'typebox';",
    'export default defineTool({',
    `  name: ${JSON.stringify(name)},`,
    "  description: 'A scanned tool.',",
    '  input: Type.Object({}),',
    "  weight: { kind: 'lookup', level: 1, minSeconds: 0, maxSeconds: 1 },",
    '  run: () => null,',
    '});',
    '',
  ].join('\n');
}

let tree: string;
let edges: string;

async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

beforeAll(async () => {
  // Inside the package, so the modules resolve `@portcullis/catalog` and `typebox` as fixtures do.
  tree = await mkdtemp(join(PACKAGE, 'test', '.scan-'));
  const files: Record<string, string> = {
    'a.js': toolModule('a'),
    'b.mjs': toolModule('b'),
    'c.cjs': 'module.exports = {};',
    'd.ts': 'throw new Error("a .ts file must not be read");',
    'e.json': '{ "not": "read" }',
    'types.d.ts': 'export {};',
    'deep/f.js': toolModule('f'),
    'deep/deeper/g.mjs': toolModule('g'),
    '.hidden/h.js': 'throw new Error("a dot-directory must not be entered");',
    'node_modules/i.js': 'throw new Error("node_modules must not be entered");',
  };
  await writeTree(tree, files);
  // A second tree for the edges of the walk: a file and a directory whose paths interleave, hidden
  // and declaration files, and two symbolic links back to the root (a loop the walk must leave).
  edges = await mkdtemp(join(PACKAGE, 'test', '.scan-'));
  await writeTree(edges, {
    'deep.js': toolModule('deep_js'),
    'deep/f.js': toolModule('deep_f'),
    '.eslintrc.js': 'throw new Error("a hidden file must not be read");',
    '._deep.js': 'throw new Error("a hidden file must not be read");',
    'types.d.ts': 'throw new Error("a declaration file must not be read");',
    'deep/types.d.mts': 'throw new Error("a declaration file must not be read");',
  });
  await symlink(edges, join(edges, 'deep', 'loop'));
  await symlink(edges, join(edges, 'deep', 'loop-again'));
});

afterAll(async () => {
  await rm(tree, { recursive: true, force: true });
  await rm(edges, { recursive: true, force: true });
});

describe('scan', () => {
  it('imports .js and .mjs modules recursively in path order and reads nothing else', async () => {
    const catalog = await scanCatalog(tree);
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['a', 'b', 'g', 'f']);
    expect(catalog.entries.map((entry) => entry.origin)).toEqual([
      expect.objectContaining({ relativeModule: 'a.js' }),
      expect.objectContaining({ relativeModule: 'b.mjs' }),
      expect.objectContaining({ relativeModule: 'deep/deeper/g.mjs' }),
      expect.objectContaining({ relativeModule: 'deep/f.js' }),
    ]);
  });

  it('stays in the directory when recursion is off', async () => {
    const catalog = await scanCatalog(tree, { recursive: false });
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['a', 'b']);
  });

  it('imports only the endings it is given', async () => {
    const catalog = await scanCatalog(tree, { extensions: ['.mjs'] });
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['b', 'g']);
  });

  it('takes a path, a file URL or a file URL string', async () => {
    const url = pathToFileURL(`${tree}/`);
    for (const scan of [tree, url, url.href]) {
      expect((await scanCatalog(scan)).size).toBe(4);
    }
  });

  it('orders modules by their whole relative path, so "deep.js" precedes "deep/f.js"', async () => {
    const catalog = await scanCatalog(edges);
    expect(catalog.entries.map((entry) => entry.origin)).toEqual([
      expect.objectContaining({ relativeModule: 'deep.js' }),
      expect.objectContaining({ relativeModule: 'deep/f.js' }),
    ]);
  });

  it('walks a directory reached again through symbolic links once, so a loop ends', async () => {
    const catalog = await scanCatalog(join(edges, 'deep', 'loop'));
    expect(catalog.entries.map((entry) => entry.name)).toEqual(['deep_js', 'deep_f']);
  });

  it('reads no hidden file and no declaration file, whatever endings it is given', async () => {
    const extensions = ['.js', '.ts', '.mts'];
    const catalog = await scanCatalog(edges, { extensions });
    expect(catalog.size).toBe(2);
  });

  it.each([
    ['a URL that is not file:', new URL('https://example.com/tools/')],
    ['a file: URL string that is not one', 'file://remote-host/tools/'],
    ['an empty path', ''],
    ['an object', { directory: '.' }],
    ['null', null],
  ])('refuses %s as the directory to scan, by rejecting', async (_what, directory) => {
    const error = await scanCatalog(directory as never).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect((error as CatalogError).message).toBe(
      'The scan for tools needs a directory given as a non-empty path or a `file:` URL.',
    );
  });

  it('ignores exports that are not definitions', async () => {
    const catalog = await scanCatalog(GOOD, { recursive: false });
    expect(catalog.entries.map((entry) => entry.origin)).not.toContainEqual(
      expect.objectContaining({ relativeModule: 'helpers.js' }),
    );
  });

  it('refuses a directory that cannot be read', async () => {
    const missing = join(tree, 'missing');
    const error = await scanCatalog(missing).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe(CATALOG_ERROR_CODES.SCAN_FAILED);
    expect((error as CatalogError).message).toBe(
      `The scan for tools cannot read the directory \`${missing}\`. Check that it exists and is readable; the cause says why.`,
    );
    expect(((error as CatalogError).cause as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});

describe('scanCatalog as a function of its own', () => {
  it('returns a promise of a catalog, and createCatalog returns a catalog', () => {
    expectTypeOf(scanCatalog).returns.toEqualTypeOf<Promise<Catalog>>();
    expectTypeOf(createCatalog).returns.toEqualTypeOf<Catalog>();
    expectTypeOf(scanCatalog).parameter(0).toEqualTypeOf<string | URL>();
  });

  it('rejects, never throws, whatever it is given', async () => {
    let pending: Promise<unknown> | undefined;
    expect(() => {
      pending = scanCatalog(null as never, 'options' as never);
    }).not.toThrow();
    await expect(pending).rejects.toBeInstanceOf(CatalogError);
  });

  it.each([
    ['not an object', 'options', 'The options of `scanCatalog` must be an object.'],
    [
      'the former directory key',
      { directory: 'tools' },
      'The options of `scanCatalog` have 1 undeclared property, and it takes only `tools`, `extensions` and `recursive`.',
    ],
    [
      'tools that are not an array',
      { tools: 'echo' },
      'The `tools` option of `scanCatalog` must be an array of tool definitions.',
    ],
    [
      'extensions that are not an array of strings',
      { extensions: '.js' },
      'The `extensions` option of `scanCatalog` must be an array of file endings such as `.js`.',
    ],
    [
      'recursive that is not a boolean',
      { recursive: 'yes' },
      'The `recursive` option of `scanCatalog` must be a boolean.',
    ],
  ])('refuses options with %s', async (_what, options, message) => {
    const error = await scanCatalog(tree, options as never).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(CatalogError);
    expect((error as CatalogError).code).toBe(CATALOG_ERROR_CODES.INVALID_OPTIONS);
    expect((error as CatalogError).message).toBe(message);
  });
});

describe('scan under plain Node, from the built package', () => {
  function runNode(script: string): string {
    return execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: PACKAGE,
      encoding: 'utf8',
    });
  }

  it('builds the same catalog from the good fixtures as the source does', async () => {
    const printed = runNode(`
      import { scanCatalog } from '@portcullis/catalog';
      const clock = (await import('./test/fixtures/good/shared-clock.js')).default;
      const catalog = await scanCatalog('test/fixtures/good', { tools: [clock] });
      const replacer = (key, value) => (typeof value === 'bigint' ? { bigint: String(value) } : value);
      process.stdout.write(JSON.stringify({
        names: catalog.entries.map((entry) => entry.name),
        clockIsOne: catalog.get('current-time').definition === clock,
        published: catalog.entries.map((entry) => entry.published),
      }, replacer));
    `);
    const fromSource = await scanCatalog(GOOD);
    const replacer = (_key: string, value: unknown) =>
      typeof value === 'bigint' ? { bigint: String(value) } : value;
    const expected = JSON.parse(
      JSON.stringify(
        [
          fromSource.get('current-time'),
          ...fromSource.entries.filter((e) => e.name !== 'current-time'),
        ].map((entry) => entry?.published),
        replacer,
      ),
    );
    expect(JSON.parse(printed)).toEqual({
      names: ['current-time', 'lookup_forecast', 'research.plan', 'summarize'],
      clockIsOne: true,
      published: expected,
    });
  });

  it('fails fast on the collision fixtures with the same code and message', () => {
    const printed = runNode(`
      import { scanCatalog } from '@portcullis/catalog';
      try {
        await scanCatalog('test/fixtures/collision');
        process.stdout.write('built');
      } catch (error) {
        process.stdout.write(JSON.stringify({ code: error.code, message: error.message }));
      }
    `);
    expect(JSON.parse(printed)).toEqual({
      code: 'DUPLICATE_NAME',
      message:
        'Tool `fetch_page` is claimed by two definitions, module `first.js` and module `second.js`. Rename one of them.',
    });
  });
});
