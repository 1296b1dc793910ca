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
  // Nor a checked-out one's: node-postgres emits 'error' on a client whose connection ends, after
  // failing its queries, and the pool listens only while the client is idle. Without this, the
  // database going away while a request or job held a client threw an uncaught exception
  // (test/database-outage.test.ts); the caller sees its query fail, and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { pool, db: drizzle(pool, { schema }) };
}

/** The handle a `db.transaction` callback receives; services that must join a caller's transaction take it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
