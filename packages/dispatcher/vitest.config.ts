import base from '@portcullis/vitest-config';
import { defineProject, mergeConfig } from 'vitest/config';

export default mergeConfig(
  base,
  defineProject({
    test: {
      name: '@portcullis/dispatcher',
      // The leak check measures the heap after forced collections; without the flag it falls back to bookkeeping counts and a loose heap bound.
      // Under mutation testing (`pnpm mutate`) the runner uses worker threads, which refuse V8 flags, so the flag is left out there.
      execArgv: process.env.STRYKER_MUTATOR_WORKER === undefined ? ['--expose-gc'] : [],
    },
  }),
);
