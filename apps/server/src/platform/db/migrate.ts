import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any constant; it only has to be the same in every process of this app.
const MIGRATION_LOCK_KEY = 7_214_001;

/**
 * Applies pending migrations. Several processes may start at once against one PostgreSQL: an
 * advisory lock lets one migrate at a time. (Embedded PGlite has one owning process, which
 * migrates at start-up; its single shared session makes the lock a no-op there.)
 */
export async function runMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}
