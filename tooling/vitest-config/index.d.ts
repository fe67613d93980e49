import type { UserWorkspaceConfig } from 'vitest/config';

/** The settings every package's tests share. */
declare const config: UserWorkspaceConfig;
export default config;
