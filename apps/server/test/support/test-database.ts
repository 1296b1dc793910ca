import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { startEmbeddedDatabase } from '../../src/platform/db/embedded-database.ts';
import { copyDatabaseTemplate } from './database-template.ts';
import { databaseUrlFor, existingPostgresTemplate, whileInUse } from './postgres-template.ts';

export type TestDatabase = { url: string; close: () => Promise<void> };

/**
 * A test file's database holds little: with a small buffer cache it opens in 0.26–0.45 s, against
 * 0.65–0.9 s with PostgreSQL's default 128MB (embedded-database.ts), and no test file ran slower
 * here (docs/decisions/053-test-database-copies-a-directory.md).
 */
const SHARED_BUFFERS = '16MB';

/**
 * A fresh database per test file: a new database on TEST_DATABASE_URL's server (CI's PostgreSQL),
 * or else PGlite behind its socket. It starts as the migrated template of the run's global set-up
 * when there is one (support/postgres-template.ts, support/database-template.ts), and empty when
 * there is none or the test asks for `empty` (one that proves how migrations run). Either way the
 * app's start-up migrates it to the current schema.
 */
export async function startTestDatabase({ empty = false }: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dataDir = empty ? undefined : copyDatabaseTemplate();
    if (!dataDir) return startEmbeddedDatabase(null, { sharedBuffers: SHARED_BUFFERS });
    const database = await startEmbeddedDatabase(dataDir, { sharedBuffers: SHARED_BUFFERS });
    return {
      url: database.url,
      close: async () => {
        await database.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `lw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const template = empty ? undefined : await existingPostgresTemplate(admin);
    await whileInUse(() => admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(serverUrl, name),
    close: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * `count(query, params)` on `pool`: the number a test's `SELECT count(*)::int AS n …` answers.
 * For the tests that look into the database around the app (the same pool, or one of their own).
 */
export function rowCounter(pool: Pick<pg.Pool, 'query'>) {
  return async (query: string, params: unknown[] = []): Promise<number> =>
    Number((await pool.query<{ n: number }>(query, params)).rows[0]?.n);
}
