import { type SQL, sql } from 'drizzle-orm';
import type { TestServer } from './test-server.ts';

// Rate-limit counters move on every request, refused or not: that is their job.
const IGNORED = new Set(['request_limit', '__drizzle_migrations']);

/**
 * One figure per application table — its row count and the sum of a hash of every row's text — to
 * prove a refused request changed nothing: any row added, removed or changed moves it. For small
 * test databases only: it reads every row. One statement for all tables, and a sum rather than a
 * sorted concatenation: the fuzz and cross-site tests take one before and after each refused
 * request, and a statement per table, each sorting its rows, was most of their time.
 */
export async function dbFingerprint(server: TestServer): Promise<Record<string, string>> {
  const { rows: tables } = await server.ctx.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const parts: SQL[] = tables
    .filter(({ table_name }) => !IGNORED.has(table_name))
    .map(
      ({ table_name }) =>
        sql`SELECT ${table_name}::text AS name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text AS h
            FROM ${sql.identifier(table_name)} t`,
    );
  if (parts.length === 0) return {};
  const { rows } = await server.ctx.db.execute<{ name: string; h: string }>(sql.join(parts, sql` UNION ALL `));
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}
