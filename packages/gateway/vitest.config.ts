import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/gateway',
      testTimeout: 30_000,
      hookTimeout: 30_000,
    },
  }),
);
