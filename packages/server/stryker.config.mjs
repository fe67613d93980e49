// The workspace's mutation-testing settings, run against the interposer's tests alone
// (`vitest.mutate.config.ts`): `pnpm mutate`.
import config from '../../tooling/stryker/stryker.config.mjs';

export default { ...config, vitest: { ...config.vitest, configFile: 'vitest.mutate.config.ts' } };
