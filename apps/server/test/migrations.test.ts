import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../src/platform/db/client.ts';
import { runMigrations } from '../src/platform/db/migrate.ts';
import { startTestDatabase, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  // Empty, not the migrated template: every migration is still to run.
  database = await startTestDatabase({ empty: true });
});
afterAll(() => database?.close());

// Several processes sharing one database exist only with PostgreSQL (CI runs this file there too);
// PGlite belongs to a single process and serves all its connections from one session.
it.runIf(process.env.TEST_DATABASE_URL)(
  'lets several processes start at once: migrations run once, in turn',
  async () => {
    const [first, second, third] = [1, 2, 3].map(() => connectDatabase(database.url)) as [
      ReturnType<typeof connectDatabase>,
      ReturnType<typeof connectDatabase>,
      ReturnType<typeof connectDatabase>,
    ];
    const processes = [first, second, third];
    try {
      await Promise.all(processes.map((p) => runMigrations(p.pool)));
      const { rows } = await first.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(rows[0]?.n).toBeGreaterThan(0);
      const again = await second.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(again.rows[0]?.n).toBe(rows[0]?.n);
    } finally {
      await Promise.all(processes.map((p) => p.pool.end()));
    }
  },
);
