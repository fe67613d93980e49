import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/gateway-app',
      testTimeout: 30_000,
    },
  }),
);
