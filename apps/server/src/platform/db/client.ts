import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
export type Database = { pool: pg.Pool; db: Db };

export function connectDatabase(url: string, { max = 10 }: { max?: number } = {}): Database {
  // No parallel query (ADR 005): on two cores a Gather's start-up costs the many short name
  // searches more than it saves, and concurrent requests already use every core.
  const pool = new pg.Pool({ connectionString: url, max, options: '-c max_parallel_workers_per_gather=0' });
  // An idle client's error (server restart, socket closed) must not crash the process.
  pool.on('error', () => {});
  return { pool, db: drizzle(pool, { schema }) };
}

/** The handle a `db.transaction` callback receives; services that must join a caller's transaction take it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
