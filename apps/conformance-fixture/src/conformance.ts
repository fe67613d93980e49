#!/usr/bin/env node
/**
 * `node dist/conformance.js [--requirements 2025-11-25|2026-07-28] [--echo] [--record-pending]`:
 * runs the official conformance suite against the fixture once per requirement set (both when none
 * is named), judges every check against the set's baselines and prints the judgement; exits 0 only
 * when every set's judgement holds. `--record-pending` writes `baselines/baseline-<set>.pending.json`
 * from the run instead of judging: every failing check the permanent baseline does not list, with
 * the one reason that the server does not yet speak the revision (a temporary file, see the README).
 */
import { writeFileSync } from 'node:fs';
import { describeJudgement, judge, pendingBaseline } from './judge.ts';
import {
  baselinePath,
  loadBaselines,
  REQUIREMENT_SETS,
  type RequirementSet,
  runSuite,
  suitePackage,
} from './suite.ts';

/** The words of every entry of a pending baseline. */
const PENDING_TEXT =
  'The server does not yet speak the 2026-07-28 revision (stateless requests, server/discover, ' +
  'per-request _meta, input_required results); this check is the server work of that revision, ' +
  'not a decision. The file is temporary and is deleted once the server speaks the revision.';

function usage(text: string): never {
  process.stderr.write(`${text}\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let only: RequirementSet | undefined;
let record = false;
let echo = false;
for (let at = 0; at < args.length; at += 1) {
  const arg = args[at];
  if (arg === '--requirements') {
    const value = args[at + 1];
    at += 1;
    if (!REQUIREMENT_SETS.includes(value as RequirementSet)) {
      usage(`The option \`--requirements\` takes one of: ${REQUIREMENT_SETS.join(', ')}.`);
    }
    only = value as RequirementSet;
  } else if (arg === '--record-pending') record = true;
  else if (arg === '--echo') echo = true;
  else usage('Options: --requirements <set>, --echo, --record-pending.');
}

if (record && only !== '2026-07-28') {
  usage('`--record-pending` takes `--requirements 2026-07-28`: 2025-11-25 is judged strictly.');
}

async function main(): Promise<number> {
  const suite = suitePackage().id;
  let failed = false;
  for (const requirements of only === undefined ? REQUIREMENT_SETS : [only]) {
    const run = await runSuite({ requirements, echo });
    if (record) {
      const permanent = loadBaselines(requirements).filter(
        ({ file }) => !file.endsWith('.pending.json'),
      );
      const pending = pendingBaseline(run.results, {
        requirements,
        suite,
        permanent,
        reasonText: PENDING_TEXT,
      });
      const path = baselinePath(requirements, 'pending');
      writeFileSync(path, `${JSON.stringify(pending, null, 2)}\n`);
      process.stdout.write(
        `requirements ${requirements}: ${Object.keys(pending.checks).length} pending entries written to ${path}\n`,
      );
      continue;
    }
    const judgement = judge(run.results, {
      requirements,
      suite,
      baselines: loadBaselines(requirements),
    });
    process.stdout.write(`${describeJudgement(judgement)}\n  (${run.elapsedMs} ms)\n`);
    if (!judgement.ok) failed = true;
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`The suite could not run: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
