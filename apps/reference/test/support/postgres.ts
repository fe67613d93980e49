/**
 * A schema of its own in the test PostgreSQL for each test file: created at start, dropped at the
 * end. Without PostgreSQL the tests that need it print one line and are skipped; under `CI=true` a
 * missing PostgreSQL fails them instead.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The test database: the machines this is built on run PostgreSQL here, with trust auth. */
export const POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface TestSchema {
  /** A connection string whose `search_path` is the schema. */
  readonly url: string;
  /** A fresh schema (and its URL) inside this one's run, dropped with it. */
  another(): Promise<string>;
  drop(): Promise<void>;
}

/** Creates a unique schema, or undefined (after one line) when PostgreSQL is not there. */
export async function createTestSchema(): Promise<TestSchema | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  admin.on('error', () => {});
  try {
    await admin.connect();
  } catch {
    if (process.env.CI === 'true') {
      throw new Error(
        `These tests need PostgreSQL at ${POSTGRES_URL} (CI=true: a missing one fails).`,
      );
    }
    console.warn(`skipped: these tests need PostgreSQL at ${POSTGRES_URL}`);
    return undefined;
  }
  const schemas: string[] = [];
  const make = async (): Promise<string> => {
    const schema = `portcullis_test_${process.pid}_${randomBytes(6).toString('hex')}`;
    await admin.query(`CREATE SCHEMA ${schema}`);
    schemas.push(schema);
    return `${POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  };
  const url = await make();
  return {
    url,
    another: make,
    async drop() {
      for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    },
  };
}
