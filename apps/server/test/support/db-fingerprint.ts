import { sql } from 'drizzle-orm';
import type { TestServer } from './test-server.ts';

// Rate-limit counters move on every request, refused or not: that is their job.
const IGNORED = new Set(['request_limit', '__drizzle_migrations']);

/**
 * One hash per application table of every row's text, to prove a refused request changed nothing.
 * For small test databases only: it reads every row.
 */
export async function dbFingerprint(server: TestServer): Promise<Record<string, string>> {
  const { rows } = await server.ctx.db.execute<{ table_name: string }>(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { table_name } of rows) {
    if (IGNORED.has(table_name)) continue;
    const result = await server.ctx.db.execute<{ h: string }>(
      sql`SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM ${sql.identifier(table_name)} t`,
    );
    out[table_name] = result.rows[0]?.h ?? '';
  }
  return out;
}
