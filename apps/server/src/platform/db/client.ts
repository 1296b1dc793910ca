import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * How long a new connection may take to open before it fails as the database being unavailable
 * (503; ADR 034). Without it, a database whose network drops packets silently (accepts a
 * connection, never answers) held every request for ever (test/database-outage.test.ts). Waiting
 * for a free connection in a busy pool is not timed: a slow moment is not an outage. A connection
 * already open when the packets stop is found dead by TCP: by keep-alive probes from 10 s idle
 * (about 11 minutes with Linux's defaults), or, with a statement under way, by retransmission
 * giving up (about 15).
 */
export const CONNECT_TIMEOUT_MS = 10_000;

/** The pools' client (pg.Pool's `Client` option): pg-pool would also time the wait for a free one. */
export class ClientWithConnectTimeout extends pg.Client {
  constructor(config: pg.ClientConfig = {}) {
    super({
      ...config,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
  }
}

export type Db = NodePgDatabase;
export type Database = { pool: pg.Pool; db: Db };

export function connectDatabase(url: string, { max = 10 }: { max?: number } = {}): Database {
  // No parallel query (ADR 005): on two cores a Gather's start-up costs the many short name
  // searches more than it saves, and concurrent requests already use every core.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: '-c max_parallel_workers_per_gather=0',
    Client: ClientWithConnectTimeout,
  });
  // An idle client's error (server restart, socket closed) must not crash the process.
  pool.on('error', () => {});
  // Nor a checked-out one's: node-postgres emits 'error' on a client whose connection ends, after
  // failing its queries, and the pool listens only while the client is idle. Without this, the
  // database going away while a request or job held a client threw an uncaught exception
  // (test/database-outage.test.ts); the caller sees its query fail, and the pool drops the client.
  pool.on('connect', (client) => client.on('error', () => {}));
  return { pool, db: drizzle(pool) };
}

/** The handle a `db.transaction` callback receives; services that must join a caller's transaction take it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
