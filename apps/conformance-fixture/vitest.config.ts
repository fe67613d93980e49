import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/conformance-fixture',
      globalSetup: ['test/global-setup.ts'],
      // The official suite runs its scenarios one after another against one fixture process.
      testTimeout: 300_000,
    },
  }),
);
