import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/dispatcher',
      // The leak check measures the heap after forced collections; without the flag it falls back to bookkeeping counts and a loose heap bound.
      execArgv: ['--expose-gc'],
    },
  }),
);
