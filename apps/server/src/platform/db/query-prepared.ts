import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from './client.ts';

const dialect = new PgDialect();
const names = new Map<string, string>();

/**
 * Runs a query as a named prepared statement: PostgreSQL parses and plans it once per connection
 * instead of on every call — for the report list, a quarter of the database's time per request
 * (BENCHMARKS.md, request path). For queries on every request's path. The name carries a hash of
 * the text, so two texts never share one (node-postgres refuses that). On embedded PGlite each
 * connection's names are its own too (db/isolate-pglite-connections.ts).
 */
export async function queryPrepared<T extends pg.QueryResultRow>(
  db: Db | pg.Pool,
  name: string,
  query: SQL | { text: string; values: unknown[] },
): Promise<T[]> {
  const { text, values } = 'text' in query ? query : toText(query);
  let statement = names.get(text);
  if (!statement) {
    statement = `${name}-${createHash('sha256').update(text).digest('hex').slice(0, 8)}`;
    names.set(text, statement);
  }
  // drizzle() hands back the pool it was given as $client; the Db type does not name it.
  const pool = db instanceof pg.Pool ? db : (db as Db & { $client: pg.Pool }).$client;
  const { rows } = await pool.query<T>({ name: statement, text, values });
  return rows;
}

function toText(query: SQL): { text: string; values: unknown[] } {
  const { sql, params } = dialect.sqlToQuery(query);
  return { text: sql, values: params };
}
