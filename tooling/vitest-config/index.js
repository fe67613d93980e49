// @ts-check
import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** The settings every package's tests share; a package merges its own name on top. */
export default defineProject({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    // One seed for every property test unless FC_SEED says otherwise (see fast-check-seed.js).
    setupFiles: [fileURLToPath(new URL('./fast-check-seed.js', import.meta.url))],
    restoreMocks: true,
    clearMocks: true,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The JSON report is what the workspace's closing summary adds up (tooling/repo-checks);
    // a run under another Node.js (tooling/node-versions) names its own, beside this one.
    reporters: [
      'default',
      ['json', { outputFile: process.env.PORTCULLIS_TEST_REPORT ?? 'test-results/vitest.json' }],
    ],
  },
});
