import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { pool: pg.Pool; db: Db };

export function connectDatabase(url: string, { max = 10 }: { max?: number } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client's error (server restart, socket closed) must not crash the process.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool, { schema }) };
}
