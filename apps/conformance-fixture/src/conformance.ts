#!/usr/bin/env node
/**
 * `node dist/conformance.js [--suite active|pending]`: runs the official conformance suite against
 * the fixture with the baseline and exits with the suite's code (0: every scenario outside the
 * baseline passed and every baseline entry still fails).
 */
import { runSuite } from './suite.ts';

const at = process.argv.indexOf('--suite');
const suite = at === -1 ? 'active' : process.argv[at + 1];
if (suite !== 'active' && suite !== 'pending') {
  process.stderr.write('The option `--suite` takes `active` or `pending`.\n');
  process.exitCode = 2;
} else {
  runSuite({ suite, echo: true }).then(
    (run) => {
      process.exitCode = run.exitCode ?? 1;
    },
    (error: unknown) => {
      process.stderr.write(`The suite could not run: ${(error as Error).message}\n`);
      process.exitCode = 1;
    },
  );
}
