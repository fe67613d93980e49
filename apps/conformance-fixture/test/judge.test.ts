/*
 * The judge of a conformance run: a failing check passes the judgement only when a baseline lists
 * it; a listed check that passes or is not reported, an entry listed twice, a reason a file does
 * not define and a baseline of another suite or requirement set each fail it, so a baseline can
 * neither excuse more than it says nor outlive what it excuses.
 */
import { describe, expect, it } from 'vitest';
import {
  type Baseline,
  type Check,
  judge,
  PENDING_REASON,
  pendingBaseline,
  SCENARIO_NOT_RUN,
  type ScenarioResults,
  verdicts,
} from '../src/judge.ts';

const SUITE = '@modelcontextprotocol/conformance@1.0.0';
const check = (id: string, status: Check['status'], errorMessage?: string): Check => ({
  id,
  status,
  ...(errorMessage === undefined ? {} : { errorMessage }),
});
const results = (entries: Record<string, Check[] | undefined>): ScenarioResults => ({
  scenarios: Object.keys(entries),
  checks: new Map(
    Object.entries(entries).filter((entry): entry is [string, Check[]] => entry[1] !== undefined),
  ),
});
const baseline = (
  checks: Record<string, string>,
  reasons: Readonly<Record<string, string>> = { absent: 'Not offered.' },
): Baseline => ({
  suite: SUITE,
  requirements: '2026-07-28',
  reasons,
  checks,
});
const run = (recorded: ScenarioResults, ...files: Baseline[]): ReturnType<typeof judge> =>
  judge(recorded, {
    requirements: '2026-07-28',
    suite: SUITE,
    baselines: files.map((file, index) => ({ file: `b${index}.json`, baseline: file })),
  });

describe('verdicts', () => {
  it('collapse a repeated check id to its most severe occurrence', () => {
    const all = verdicts(
      results({
        s: [check('a', 'SUCCESS'), check('a', 'FAILURE', 'no'), check('a', 'SUCCESS')],
        t: [check('a', 'SKIPPED'), check('a', 'WARNING', 'hm')],
      }),
    );
    expect(all.get('s:a')).toEqual({ key: 's:a', status: 'FAILURE', message: 'no' });
    expect(all.get('t:a')?.status).toBe('WARNING');
  });

  it('judge a scenario that recorded no checks as one failing check', () => {
    const all = verdicts(results({ crashed: undefined, empty: [] }));
    expect(all.get(`crashed:${SCENARIO_NOT_RUN}`)?.status).toBe('FAILURE');
    expect(all.get(`empty:${SCENARIO_NOT_RUN}`)?.status).toBe('FAILURE');
  });
});

describe('judge', () => {
  const recorded = results({
    resources: [check('read', 'FAILURE', 'Method not found')],
    tools: [check('list', 'SUCCESS'), check('call', 'WARNING', 'slow'), check('x', 'SKIPPED')],
  });

  it('holds when every failing check is listed, and counts each kind', () => {
    const judgement = run(
      recorded,
      baseline({ 'resources:read': 'absent', 'tools:call': 'absent' }),
    );
    expect(judgement.ok).toBe(true);
    expect(judgement.passed).toEqual(['tools:list', 'tools:x']);
    expect(judgement.skipped).toEqual(['tools:x']);
    expect(judgement.baselined.map(({ key }) => key)).toEqual(['resources:read', 'tools:call']);
  });

  it('fails on a failing or warning check no baseline lists', () => {
    const judgement = run(recorded, baseline({ 'resources:read': 'absent' }));
    expect(judgement.ok).toBe(false);
    expect(judgement.unexpected).toEqual([
      { key: 'tools:call', status: 'WARNING', message: 'slow' },
    ]);
  });

  it('fails on a listed check that passes, is skipped, or is not reported', () => {
    const judgement = run(
      recorded,
      baseline({
        'resources:read': 'absent',
        'tools:call': 'absent',
        'tools:list': 'absent',
        'tools:x': 'absent',
        'tools:gone': 'absent',
      }),
    );
    expect(judgement.ok).toBe(false);
    expect(judgement.stale).toEqual([
      { key: 'tools:list', file: 'b0.json', now: 'passes' },
      { key: 'tools:x', file: 'b0.json', now: 'passes' },
      { key: 'tools:gone', file: 'b0.json', now: 'not reported' },
    ]);
  });

  it('fails on a baseline of another suite or set, an undefined or unused reason, or an entry listed twice', () => {
    const listed = { 'resources:read': 'absent', 'tools:call': 'absent' };
    expect(run(recorded, { ...baseline(listed), suite: `${SUITE}-other` }).defects).toHaveLength(1);
    expect(run(recorded, { ...baseline(listed), requirements: '2025-11-25' }).defects).toHaveLength(
      1,
    );
    expect(run(recorded, baseline({ ...listed, 'tools:call': 'nowhere' })).ok).toBe(false);
    expect(run(recorded, baseline(listed, { absent: 'x', spare: 'y' })).ok).toBe(false);
    const twice = run(recorded, baseline(listed), baseline({ 'tools:call': 'absent' }));
    expect(twice.defects).toEqual(['tools:call is listed in b0.json and b1.json.']);
    expect(twice.ok).toBe(false);
  });

  it('fails on a run that announced no scenario', () => {
    expect(run(results({}), baseline({}, {})).ok).toBe(false);
  });
});

describe('pendingBaseline', () => {
  it('lists every failing check a permanent baseline does not, with the one pending reason', () => {
    const recorded = results({
      resources: [check('read', 'FAILURE')],
      tools: [check('list', 'SUCCESS'), check('call', 'WARNING'), check('wire', 'FAILURE')],
      crashed: undefined,
    });
    const pending = pendingBaseline(recorded, {
      requirements: '2026-07-28',
      suite: SUITE,
      permanent: [{ file: 'b.json', baseline: baseline({ 'resources:read': 'absent' }) }],
      reasonText: 'Not yet.',
    });
    expect(pending.checks).toEqual({
      'tools:call': PENDING_REASON,
      'tools:wire': PENDING_REASON,
      [`crashed:${SCENARIO_NOT_RUN}`]: PENDING_REASON,
    });
    expect(pending.reasons).toEqual({ [PENDING_REASON]: 'Not yet.' });
    const judgement = run(recorded, baseline({ 'resources:read': 'absent' }), pending);
    expect(judgement.ok).toBe(true);
  });
});
