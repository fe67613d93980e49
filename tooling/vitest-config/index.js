// @ts-check
import { defineProject } from 'vitest/config';

/** The settings every package's tests share; a package merges its own name on top. */
export default defineProject({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts'],
    restoreMocks: true,
    clearMocks: true,
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // The JSON report is what the workspace's closing summary adds up (tooling/repo-checks).
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
});
