/**
 * The tests that judge the interposer, for mutation testing it (`pnpm mutate`): the package's own
 * settings with a narrower `include` (the files that judge what the interposer does, over the
 * in-process wire and HTTP, in both eras), leaving out the slow stdio, campaign, contract and export suites. Spread
 * rather than merged: `mergeConfig` would add to `include`.
 */
import base from '@portcullis/vitest-config';
import { defineProject } from 'vitest/config';

export default defineProject({
  ...base,
  test: {
    ...base.test,
    name: '@portcullis/server',
    include: [
      'test/interposer*.test.ts',
      'test/judge-request.test.ts',
      'test/jsonrpc.test.ts',
      'test/call*.test.ts',
      'test/notifications.test.ts',
      'test/consumers.test.ts',
      'test/cancellation.test.ts',
      'test/logger-level.test.ts',
      'test/tool-server.test.ts',
      'test/client-requests.test.ts',
      'test/elicitation.test.ts',
      'test/http.test.ts',
      'test/http-calls.test.ts',
      'test/http-body.test.ts',
      'test/logger-faults.test.ts',
      'test/call-result-shape.test.ts',
      'test/http-constant-answer.test.ts',
      'test/scope-grants.test.ts',
      'test/tracing.test.ts',
      'test/modern/door.test.ts',
      'test/modern/http.test.ts',
      'test/modern/inputs.test.ts',
      'test/modern/log-level.test.ts',
      'test/modern/param-headers-wire.test.ts',
      'test/modern/stop.test.ts',
    ],
  },
});
