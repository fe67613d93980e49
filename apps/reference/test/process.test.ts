/*
 * Guards the built app as a process. Killed with SIGKILL in the middle of a stream of tag_documents
 * calls and started again on the same data, it has every write it acknowledged and no write in
 * part (each call's tags are all there or none are). SIGTERM stops it cleanly (exit 0, the database
 * closed), and over stdio it serves the config's stdio consumer.
 */
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { databaseFileFor } from '../src/app.ts';
import { type ChildApp, killChildren, startApp, tokensOf, urlOf } from './support/child-app.ts';
import { closeClients, httpClient, stdioClient, textOf } from './support/mcp-client.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';

afterEach(async () => {
  await closeClients();
  await killChildren();
});
afterAll(removeTempDirs);

/** Acknowledged calls before the kill; the kill lands while the next calls are in flight. */
const ACKNOWLEDGED_BEFORE_KILL = 30;
const DOCUMENTS_PER_CALL = 4;
/** A bound on each call, far above one tag write's time, far below the test's own timeout. */
const CALL_TIMEOUT_MS = 10_000;

describe('the built app as a process', () => {
  it('keeps every acknowledged tag write and no partial one across a SIGKILL', async () => {
    const root = generatedCorpus();
    const data = tempDir();
    const first: ChildApp = startApp(['--port', '0', '--root', root, '--data', data]);
    const url = await urlOf(first);
    const { admin: token } = tokensOf(first);
    const client = await httpClient(url, token);
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'the', limit: 40 },
    });
    const ids = (found.structuredContent as { hits: { id: number }[] }).hits.map((hit) => hit.id);
    expect(ids.length).toBe(40);

    const acknowledged: number[] = [];
    const sent: number[] = [];
    let killed = false;
    const stream = async (worker: number) => {
      for (let call = worker; !killed; call += 2) {
        sent.push(call);
        const chosen = Array.from(
          { length: DOCUMENTS_PER_CALL },
          (_, k) => ids[(call + k * 7) % ids.length],
        );
        // A call in flight at the kill may see its stream cut after its first event; the client
        // then tries to resume it and, without a timeout of its own, waits 60 s for an answer.
        const result = await client
          .callTool(
            {
              name: 'tag_documents',
              arguments: { ids: chosen, tags: { [`batch-${call}`]: 'urgent', shared: 'low' } },
            },
            undefined,
            { timeout: CALL_TIMEOUT_MS },
          )
          .catch(() => undefined);
        if (result === undefined || killed) return;
        expect(result.isError).toBeFalsy();
        acknowledged.push(call);
        if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all([stream(0), stream(1)]);
    expect(await first.exited).toBe('SIGKILL');
    await closeClients();

    const second = startApp(['--port', '0', '--root', root, '--data', data]);
    await urlOf(second);
    const database = new Database(databaseFileFor(data, root), { readonly: true });
    try {
      const pairs = database.prepare('SELECT count(*) FROM tags WHERE tag = ?').pluck();
      for (const call of acknowledged)
        expect(pairs.get(`batch-${call}`), `batch-${call}`).toBe(DOCUMENTS_PER_CALL);
      const present = sent.filter((call) => (pairs.get(`batch-${call}`) as number) > 0);
      for (const call of sent)
        expect([0, DOCUMENTS_PER_CALL]).toContain(pairs.get(`batch-${call}`));
      expect(database.prepare('SELECT count(*) FROM tag_writes').pluck().get()).toBe(
        present.length,
      );
      expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      database.close();
    }
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('stops on SIGTERM and on SIGINT with exit 0 and one line on stdout', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const app = startApp(['--port', '0', '--root', generatedCorpus(), '--data', tempDir()]);
      await urlOf(app);
      app.process.kill(signal);
      expect(await app.exited).toBe(0);
      expect(app.stdout).toHaveLength(1);
    }
  });

  it('serves the config’s stdio consumer over stdio: every tool, valid and refused', async () => {
    const client = await stdioClient(['--root', generatedCorpus(), '--data', tempDir()]);
    const tools = (await client.listTools()).tools.map((tool) => tool.name);
    expect(tools).toEqual([
      'search_documents',
      'read_document',
      'tag_documents',
      'corpus_stats',
      'survey_corpus',
      'explain_query',
    ]);
    const found = await client.callTool({
      name: 'search_documents',
      arguments: { query: 'lantern', limit: 2 },
    });
    const id = (found.structuredContent as { hits: { id: number }[] }).hits[0]?.id;
    const valid: [string, Record<string, unknown>][] = [
      ['read_document', { id }],
      ['tag_documents', { ids: [id], tags: { stdio: 'normal' } }],
      ['corpus_stats', { group_by: 'tag', since: '2023-01-01' }],
      ['survey_corpus', { folders: ['weather'], max_files_per_folder: 1 }],
      ['explain_query', { query: 'lantern keeper', depth: 2 }],
    ];
    for (const [name, args] of valid) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBeFalsy();
      expect(result.structuredContent, name).toBeDefined();
    }
    const read = await client.callTool({ name: 'read_document', arguments: { id } });
    expect((read.structuredContent as { document: { ref: string } }).document.ref).toMatch(
      /^document:/,
    );
    const refused: [string, Record<string, unknown>][] = [
      ['search_documents', { query: 'canary-7f3a', limit: 51 }],
      ['read_document', { id: 'canary-7f3a' }],
      ['tag_documents', { ids: [id], tags: { a: 'canary-7f3a' } }],
      ['corpus_stats', { group_by: 'folder', since: 'canary-7f3a' }],
      ['survey_corpus', { max_files_per_folder: -1 }],
      ['explain_query', { query: 'canary-7f3a', depth: 4 }],
    ];
    for (const [name, args] of refused) {
      const result = await client.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      expect(result._meta?.['portcullis/correctable'], name).toBe(true);
      expect(textOf(result), name).not.toContain('canary');
    }
  });
});
