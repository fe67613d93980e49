/*
 * Guards the built app on PostgreSQL as a process (`--database`): it migrates a fresh schema at
 * start and serves the tools from it; killed with SIGKILL in the middle of a stream of
 * tag_documents calls and started again on the same database, PostgreSQL holds every write it
 * acknowledged and no write in part; SIGTERM stops it with exit 0; an unreachable database is one
 * line on stderr and exit 1, without the URL's password.
 */
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { killChildren, startApp, tokensOf, urlOf } from './support/child-app.ts';
import { closeClients, httpClient } from './support/mcp-client.ts';
import { createTestSchema } from './support/postgres.ts';
import { generatedCorpus, removeTempDirs, tempDir } from './support/temp.ts';

const schema = await createTestSchema();
afterEach(async () => {
  await closeClients();
  await killChildren();
});
afterAll(async () => {
  await schema?.drop();
  removeTempDirs();
});

const DOCUMENTS_PER_CALL = 4;

describe.skipIf(schema === undefined)('the built app on PostgreSQL', () => {
  it('keeps every acknowledged tag write and no partial one across a SIGKILL', async () => {
    const root = generatedCorpus();
    const data = tempDir();
    const args = ['--port', '0', '--root', root, '--data', data, '--database', schema!.url];
    const first = startApp(args);
    const url = await urlOf(first);
    const client = await httpClient(url, tokensOf(first).admin);
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
        // A bound per call: a call cut at the kill must not wait out the client's 60 s default.
        const result = await client
          .callTool(
            {
              name: 'tag_documents',
              arguments: { ids: chosen, tags: { [`batch-${call}`]: 'urgent', shared: 'low' } },
            },
            undefined,
            { timeout: 10_000 },
          )
          .catch(() => undefined);
        if (result === undefined || killed) return;
        expect(result.isError).toBeFalsy();
        acknowledged.push(call);
        if (acknowledged.length === 30) {
          killed = true;
          first.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all([stream(0), stream(1)]);
    expect(await first.exited).toBe('SIGKILL');
    await closeClients();

    const second = startApp(args);
    const again = await httpClient(await urlOf(second), tokensOf(first).admin);
    const after = await again.callTool({
      name: 'search_documents',
      arguments: { query: 'the', filter: { tag: 'shared' }, limit: 50 },
    });
    expect((after.structuredContent as { total_matches: number }).total_matches).toBeGreaterThan(0);
    const database = new pg.Client({ connectionString: schema!.url });
    await database.connect();
    try {
      const pairs = async (tag: string) =>
        Number(
          (await database.query('SELECT count(*) AS n FROM tags WHERE tag = $1', [tag])).rows[0].n,
        );
      for (const call of acknowledged)
        expect(await pairs(`batch-${call}`)).toBe(DOCUMENTS_PER_CALL);
      let present = 0;
      for (const call of sent) {
        const n = await pairs(`batch-${call}`);
        expect([0, DOCUMENTS_PER_CALL]).toContain(n);
        if (n > 0) present++;
      }
      const writes = await database.query('SELECT count(*) AS n FROM tag_writes');
      expect(Number(writes.rows[0].n)).toBe(present);
      const migrations = await database.query('SELECT version FROM schema_migrations');
      expect(migrations.rows).toEqual([{ version: 1 }]);
    } finally {
      await database.end();
    }
    second.process.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);

  it('stops with one line and exit 1 when the database cannot be reached', async () => {
    const app = startApp([
      '--port',
      '0',
      '--root',
      generatedCorpus(),
      '--data',
      tempDir(),
      '--database',
      'postgres://someone:secret-canary@127.0.0.1:1/test',
    ]);
    expect(await app.exited).toBe(1);
    const said = app.stderr.join('\n');
    expect(said).toMatch(/The PostgreSQL database cannot be opened/);
    expect(said).not.toContain('secret-canary');
  }, 60_000);
});
