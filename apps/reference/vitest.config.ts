import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/reference-app',
      globalSetup: ['test/global-setup.ts'],
      // Many tests start the built app as a child process, some several times; on a loaded
      // machine one start takes seconds.
      testTimeout: 60_000,
    },
  }),
);
