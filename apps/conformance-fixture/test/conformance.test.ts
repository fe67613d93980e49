/*
 * Runs the official MCP conformance suite (@modelcontextprotocol/conformance 0.1.13, the active
 * suite) against the fixture served through Portcullis, with the baseline: the run passes only when
 * every scenario outside the baseline passes (tools, lifecycle, logging, ping, progress, sampling,
 * elicitation, SSE streams, DNS-rebinding protection) and every baseline entry, a capability
 * Portcullis deliberately does not offer, still fails.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASELINE, runSuite } from '../src/suite.ts';

const outputDir = mkdtempSync(join(tmpdir(), 'portcullis-conformance-'));
afterAll(() => rmSync(outputDir, { recursive: true, force: true }));

interface Check {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

function scenarioResults(): Map<string, Check[]> {
  const results = new Map<string, Check[]>();
  for (const entry of readdirSync(outputDir)) {
    const scenario = /^server-(.+)-\d{4}-\d\d-\d\dT/.exec(entry)?.[1];
    if (scenario === undefined) continue;
    results.set(
      scenario,
      JSON.parse(readFileSync(join(outputDir, entry, 'checks.json'), 'utf8')) as Check[],
    );
  }
  return results;
}

const baseline = readFileSync(BASELINE, 'utf8')
  .split('\n')
  .map((line) => /^\s+- (\S+)/.exec(line)?.[1])
  .filter((name): name is string => name !== undefined);

describe('the official MCP conformance suite against the fixture', () => {
  it('passes every scenario outside the baseline, and fails every one in it', async () => {
    const run = await runSuite({ suite: 'active', outputDir });
    const results = scenarioResults();
    const failing = [...results]
      .filter(([, checks]) =>
        checks.some((check) => check.status === 'FAILURE' || check.status === 'WARNING'),
      )
      .map(([scenario]) => scenario)
      .sort();
    expect(results.size).toBeGreaterThan(25);
    expect(failing).toEqual([...baseline].sort());
    expect(run.exitCode, run.output).toBe(0);
    for (const scenario of [
      'server-initialize',
      'tools-call-sampling',
      'elicitation-sep1034-defaults',
      'dns-rebinding-protection',
    ]) {
      expect(
        results
          .get(scenario)
          ?.every((check) => check.status === 'SUCCESS' || check.status === 'INFO'),
        scenario,
      ).toBe(true);
    }
  });
});
