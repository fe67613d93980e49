/** Applies the PostgreSQL corpus's migrations at open, once, and claims the database for a root. */
import type pg from 'pg';
import { MIGRATIONS } from './postgres-schema.ts';

/** Thrown when PostgreSQL cannot be reached, or holds another root's corpus or a newer schema. */
export class PostgresOpenError extends Error {
  override readonly name = 'PostgresOpenError';
}

/** A key of advisory locks: migrations run under it, one replica at a time. */
const MIGRATION_LOCK = 0x706f7274;

/** Applies the migrations not yet applied and checks the database is this root's. */
export async function migrate(pool: pg.Pool, root: string): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL)',
    );
    const applied = new Set(
      (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
        (row) => row.version,
      ),
    );
    const latest = MIGRATIONS[MIGRATIONS.length - 1]!.version;
    if ([...applied].some((version) => version > latest)) {
      throw new PostgresOpenError(
        `The PostgreSQL database has a schema newer than this app's (version ${latest}); run a newer app.`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, applied_ms) VALUES ($1, $2)', [
        migration.version,
        Date.now(),
      ]);
    }
    const claimed = await client.query<{ value: string }>(
      "INSERT INTO corpus_meta (key, value) VALUES ('root', $1) ON CONFLICT (key) DO UPDATE SET value = corpus_meta.value RETURNING value",
      [root],
    );
    if (claimed.rows[0]!.value !== root) {
      throw new PostgresOpenError(
        'The PostgreSQL database holds the corpus of another documents root; give each root its own database or schema.',
      );
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
