import type pg from 'pg';
import type { Logger } from 'pino';
import { type Auth, createAuth } from './auth/auth.ts';
import { connectDatabase, type Db } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { type Env, publicBaseUrl } from './env.ts';
import { type JobQueue, startJobQueue } from './jobs/job-queue.ts';
import type { LicenseSources } from './licensing/registry/license-sources.ts';
import { createMailer, type Mailer } from './notifications/mailer.ts';

/** Everything a route, job or CLI command needs; built once per process. */
export type AppContext = {
  env: Env;
  baseURL: string;
  db: Db;
  pool: pg.Pool;
  auth: Auth;
  mailer: Mailer;
  jobs: JobQueue;
  log: Logger;
  /** Configured boards and their connectors; absent until wired, and then ingest and health jobs do nothing. */
  licensing?: LicenseSources;
  close: () => Promise<void>;
};

export async function createContext({
  env,
  databaseUrl,
  secret,
  log,
  licensing,
}: {
  env: Env;
  databaseUrl: string;
  secret: string;
  log: Logger;
  licensing?: LicenseSources;
}): Promise<AppContext> {
  const { pool, db } = connectDatabase(databaseUrl);
  await runMigrations(pool);
  const baseURL = publicBaseUrl(env);
  const mailer = createMailer(env);
  const jobs = await startJobQueue(databaseUrl, log);
  const auth = createAuth({ env, db, mailer, jobs, baseURL, secret, log });
  const close = async () => {
    await jobs.stop();
    await pool.end();
  };
  return { env, baseURL, db, pool, auth, mailer, jobs, log, licensing, close };
}
