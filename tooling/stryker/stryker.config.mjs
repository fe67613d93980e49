// The workspace's one mutation-testing setup. A package runs it from its own folder with the
// modules to mutate on the command line, so adding a package is one script line:
//   "mutate": "stryker run ../../tooling/stryker/stryker.config.mjs --mutate src/a.ts,src/b.ts"
// Paths below (reports, the incremental file, the sandbox) are relative to that package folder.
import { fileURLToPath } from 'node:url';

/** StrykerJS options (`@stryker-mutator/api/core`'s PartialStrykerOptions). */
const config = {
  // Under pnpm the runner is not beside core, so it is loaded by its resolved path.
  plugins: [fileURLToPath(import.meta.resolve('@stryker-mutator/vitest-runner'))],
  testRunner: 'vitest',
  // The package's own vitest.config.ts, so the tests run exactly as `pnpm test` runs them.
  vitest: { configFile: 'vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  // Two cores are shared by everyone on the machine: one mutant at a time.
  concurrency: 1,
  // Reruns only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  cleanTempDir: 'always',
  // Scores are recorded in each package's README (history in docs/mutation/); the run itself does not fail on a figure.
  thresholds: { high: 90, low: 85, break: null },
};

export default config;
