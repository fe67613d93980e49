/**
 * Judges a run of the conformance suite check by check against the baselines of its requirement
 * set. Every check must pass unless a baseline lists it with a reason; a listed check that passes,
 * or that the run no longer reports, fails the judgement too, so a baseline cannot outlive what it
 * excuses. A check's id can repeat within a scenario (a loop, a retried probe): its occurrences
 * collapse to one verdict, the most severe first, as the suite itself does.
 */
import { readFileSync } from 'node:fs';

/** One check as the suite writes it to a scenario's `checks.json`. */
export interface Check {
  readonly id: string;
  readonly status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  readonly errorMessage?: string;
}

/** What one run recorded: the scenarios it announced and each one's checks. */
export interface ScenarioResults {
  readonly scenarios: readonly string[];
  readonly checks: ReadonlyMap<string, readonly Check[]>;
}

/**
 * A baseline file: the checks of one requirement set expected to fail against the fixture, each
 * naming a reason of `reasons` (the reason's words are written once, in the file).
 */
export interface Baseline {
  /** The suite and version the entries were judged against, `@modelcontextprotocol/conformance@x`. */
  readonly suite: string;
  readonly requirements: string;
  readonly reasons: Readonly<Record<string, string>>;
  /** `<scenario>:<check-id>` to a key of `reasons`. */
  readonly checks: Readonly<Record<string, string>>;
}

/** A baseline as read from its file, with the file's name for messages. */
export interface BaselineFile {
  readonly file: string;
  readonly baseline: Baseline;
}

/** The check id under which a scenario that recorded no checks at all (it crashed) is judged. */
export const SCENARIO_NOT_RUN = '(scenario recorded no checks)';

/** The reason key every entry of a pending baseline carries. */
export const PENDING_REASON = 'server-not-yet-on-2026-07-28';

const SEVERITY: Readonly<Record<Check['status'], number>> = {
  SKIPPED: 0,
  INFO: 1,
  SUCCESS: 2,
  WARNING: 3,
  FAILURE: 4,
};

/** One check's collapsed verdict. */
export interface Verdict {
  readonly key: string;
  readonly status: Check['status'];
  readonly message?: string;
}

/** Collapses every scenario's checks to one verdict per `<scenario>:<check-id>`, in run order. */
export function verdicts(results: ScenarioResults): Map<string, Verdict> {
  const out = new Map<string, Verdict>();
  for (const scenario of results.scenarios) {
    const checks = results.checks.get(scenario);
    if (checks === undefined || checks.length === 0) {
      const key = `${scenario}:${SCENARIO_NOT_RUN}`;
      out.set(key, { key, status: 'FAILURE', message: 'The scenario recorded no checks.' });
      continue;
    }
    for (const check of checks) {
      const key = `${scenario}:${check.id}`;
      const seen = out.get(key);
      if (seen === undefined || SEVERITY[check.status] > SEVERITY[seen.status]) {
        out.set(key, {
          key,
          status: check.status,
          ...(check.errorMessage === undefined ? {} : { message: check.errorMessage }),
        });
      }
    }
  }
  return out;
}

/** A verdict that counts as failing: a failure or a warning. */
export const isFailing = (verdict: Verdict): boolean => SEVERITY[verdict.status] >= 3;

/** The judgement of one run. */
export interface Judgement {
  readonly requirements: string;
  /** Checks that passed (success, info, or skipped by the suite as not applicable). */
  readonly passed: readonly string[];
  /** Of {@link passed}, those the suite skipped. */
  readonly skipped: readonly string[];
  /** Failing checks a baseline lists, with the reason's key and the file that lists it. */
  readonly baselined: readonly {
    readonly key: string;
    readonly reason: string;
    readonly file: string;
  }[];
  /** Failing checks no baseline lists. */
  readonly unexpected: readonly Verdict[];
  /** Baseline entries whose check passes now, or is no longer reported. */
  readonly stale: readonly {
    readonly key: string;
    readonly file: string;
    readonly now: 'passes' | 'not reported';
  }[];
  /** Defects of the baseline files themselves (wrong suite, unknown reason, an entry listed twice). */
  readonly defects: readonly string[];
  readonly ok: boolean;
}

/** Judges `results` of the requirement set `requirements` run with `suite` against `baselines`. */
export function judge(
  results: ScenarioResults,
  options: {
    readonly requirements: string;
    readonly suite: string;
    readonly baselines: readonly BaselineFile[];
  },
): Judgement {
  const defects: string[] = [];
  if (results.scenarios.length === 0) defects.push('The suite announced no scenario.');
  const listed = new Map<string, { readonly reason: string; readonly file: string }>();
  for (const { file, baseline } of options.baselines) {
    if (baseline.suite !== options.suite) {
      defects.push(`${file} was judged against ${baseline.suite}, the run used ${options.suite}.`);
    }
    if (baseline.requirements !== options.requirements) {
      defects.push(`${file} is for ${baseline.requirements}, the run is ${options.requirements}.`);
    }
    for (const [key, reason] of Object.entries(baseline.checks)) {
      if (!Object.hasOwn(baseline.reasons, reason)) {
        defects.push(`${file} gives ${key} the reason ${reason}, which it does not define.`);
      }
      const earlier = listed.get(key);
      if (earlier !== undefined) defects.push(`${key} is listed in ${earlier.file} and ${file}.`);
      else listed.set(key, { reason, file });
    }
    for (const reason of Object.keys(baseline.reasons)) {
      if (!Object.values(baseline.checks).includes(reason)) {
        defects.push(`${file} defines the reason ${reason}, which no entry uses.`);
      }
    }
  }
  const passed: string[] = [];
  const skipped: string[] = [];
  const baselined: { key: string; reason: string; file: string }[] = [];
  const unexpected: Verdict[] = [];
  const stale: { key: string; file: string; now: 'passes' | 'not reported' }[] = [];
  const all = verdicts(results);
  for (const verdict of all.values()) {
    const entry = listed.get(verdict.key);
    if (isFailing(verdict)) {
      if (entry === undefined) unexpected.push(verdict);
      else baselined.push({ key: verdict.key, ...entry });
    } else {
      passed.push(verdict.key);
      if (verdict.status === 'SKIPPED') skipped.push(verdict.key);
      if (entry !== undefined) stale.push({ key: verdict.key, file: entry.file, now: 'passes' });
    }
  }
  for (const [key, { file }] of listed) {
    if (!all.has(key)) stale.push({ key, file, now: 'not reported' });
  }
  return {
    requirements: options.requirements,
    passed,
    skipped,
    baselined,
    unexpected,
    stale,
    defects,
    ok: unexpected.length === 0 && stale.length === 0 && defects.length === 0,
  };
}

/** A judgement in a few lines a person reads: counts, then every problem with what the suite said. */
export function describeJudgement(judgement: Judgement): string {
  const lines = [
    `requirements ${judgement.requirements}: ${judgement.passed.length} passed (${judgement.skipped.length} skipped by the suite), ` +
      `${judgement.unexpected.length} failed, ${judgement.baselined.length} baselined, ${judgement.stale.length} stale baseline entries`,
  ];
  for (const defect of judgement.defects) lines.push(`  baseline defect: ${defect}`);
  for (const verdict of judgement.unexpected) {
    lines.push(`  FAILED ${verdict.key} (${verdict.status}): ${verdict.message ?? ''}`.trimEnd());
  }
  for (const entry of judgement.stale) {
    lines.push(`  STALE ${entry.key} (${entry.file}): ${entry.now}; remove the entry`);
  }
  return lines.join('\n');
}

/** Reads a baseline file; a file that is not one is a defect of ours and throws. */
export function readBaseline(path: string): Baseline {
  const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<Baseline>;
  const isTextMap = (map: unknown): map is Record<string, string> =>
    typeof map === 'object' &&
    map !== null &&
    !Array.isArray(map) &&
    Object.values(map).every((text) => typeof text === 'string');
  if (
    typeof value.suite !== 'string' ||
    typeof value.requirements !== 'string' ||
    !isTextMap(value.reasons) ||
    !isTextMap(value.checks)
  ) {
    throw new Error(`${path} is not a baseline: it needs suite, requirements, reasons and checks.`);
  }
  return value as Baseline;
}

/**
 * A pending baseline made from a run: every failing check that no permanent baseline lists, each
 * with the one reason {@link PENDING_REASON}. Written only while the server does not yet speak the
 * revision; it is meant to shrink to nothing and be deleted.
 */
export function pendingBaseline(
  results: ScenarioResults,
  options: {
    readonly requirements: string;
    readonly suite: string;
    readonly permanent: readonly BaselineFile[];
    readonly reasonText: string;
  },
): Baseline {
  const listed = new Set(options.permanent.flatMap(({ baseline }) => Object.keys(baseline.checks)));
  const checks: Record<string, string> = {};
  for (const verdict of verdicts(results).values()) {
    if (isFailing(verdict) && !listed.has(verdict.key)) checks[verdict.key] = PENDING_REASON;
  }
  return {
    suite: options.suite,
    requirements: options.requirements,
    reasons: { [PENDING_REASON]: options.reasonText },
    checks,
  };
}
