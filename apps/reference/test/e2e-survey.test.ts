/*
 * Guards the cancellation of a whole workflow end to end over HTTP: survey_corpus, cut by the
 * server's call deadline or by the client's cancel, stops every sub-agent it dispatched (observed
 * through the survey monitor: each started one ends `cancelled`, none keeps running), records no
 * survey, and leaves the database consistent; a shutdown does the same before the database closes. The sub-agents pace themselves a minute per document,
 * so nothing but the cancel can end them. The deadline (4 s) is far past the moment the survey
 * dispatches its sub-agents (milliseconds after the call arrives), so each test sees them start.
 */
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { CorpusIndex } from '../src/corpus/corpus-index.ts';
import type { SurveyMonitor } from '../src/tools/survey-monitor.ts';
import { type ServedApp, serveInProcess } from './support/in-process.ts';
import { closeClients, httpClient, textOf } from './support/mcp-client.ts';
import { generatedCorpus, removeTempDirs } from './support/temp.ts';

const apps: ServedApp[] = [];
afterEach(async () => {
  await closeClients();
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(removeTempDirs);

function whenRunning(monitor: SurveyMonitor, count: number): Promise<void> {
  return new Promise((resolve) => {
    if (monitor.running >= count) return resolve();
    const check = () => {
      if (monitor.running >= count) {
        monitor.off('start', check);
        resolve();
      }
    };
    monitor.on('start', check);
  });
}

function whenAllStopped(monitor: SurveyMonitor): Promise<void> {
  return new Promise((resolve) => {
    if (monitor.running === 0) return resolve();
    const check = () => {
      if (monitor.running === 0) {
        monitor.off('stop', check);
        resolve();
      }
    };
    monitor.on('stop', check);
  });
}

function expectConsistent(served: ServedApp): void {
  const database = (served.app.index as CorpusIndex).database;
  expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
  expect(database.pragma('foreign_key_check')).toEqual([]);
  expect(database.prepare('SELECT count(*) FROM survey_runs').pluck().get()).toBe(0);
  expect(database.prepare('SELECT count(*) FROM survey_findings').pluck().get()).toBe(0);
}

describe('survey_corpus cut short', () => {
  it('by a client cancel: every sub-agent stops and nothing is recorded', async () => {
    const served = await serveInProcess(generatedCorpus(), { surveyPaceMs: 60_000 });
    apps.push(served);
    const monitor = served.app.services.surveys;
    const admin = await httpClient(served.url, served.tokens.admin);
    const controller = new AbortController();
    const progress: number[] = [];
    const call = admin.callTool({ name: 'survey_corpus', arguments: {} }, undefined, {
      signal: controller.signal,
      onprogress: (update) => progress.push(update.progress),
    });
    await whenRunning(monitor, 8);
    controller.abort();
    await expect(call).rejects.toThrow();
    await whenAllStopped(monitor);
    expect(monitor.history).toHaveLength(8);
    expect(
      monitor.history.every((record) => record.outcome === 'cancelled' && record.read === 0),
    ).toBe(true);
    expectConsistent(served);
  });

  it('by the call deadline: every sub-agent stops, the consumer is told, nothing is recorded', async () => {
    const served = await serveInProcess(generatedCorpus(), {
      surveyPaceMs: 60_000,
      callTimeoutMs: 4000,
    });
    apps.push(served);
    const monitor = served.app.services.surveys;
    const admin = await httpClient(served.url, served.tokens.admin);
    const result = await admin.callTool({ name: 'survey_corpus', arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/time|deadline/i);
    await whenAllStopped(monitor);
    expect(monitor.history.length).toBeGreaterThan(0);
    expect(monitor.history.every((record) => record.outcome === 'cancelled')).toBe(true);
    expectConsistent(served);
    // The server goes on serving after the cut.
    const found = await admin.callTool({ name: 'search_documents', arguments: { query: 'river' } });
    expect(found.isError).toBeFalsy();
  });

  it('by a shutdown: closing the host cancels the survey and the database closes after it', async () => {
    const served = await serveInProcess(generatedCorpus(), { surveyPaceMs: 60_000 });
    const monitor = served.app.services.surveys;
    const admin = await httpClient(served.url, served.tokens.admin);
    // The client hears nothing more once the host is gone; the call is left to the client's close.
    void admin.callTool({ name: 'survey_corpus', arguments: {} }).catch(() => undefined);
    await whenRunning(monitor, 8);
    await served.close();
    await whenAllStopped(monitor);
    expect(monitor.history.map((record) => record.outcome)).toEqual(Array(8).fill('cancelled'));
    expect((served.app.index as CorpusIndex).database.open).toBe(false);
  });
});
