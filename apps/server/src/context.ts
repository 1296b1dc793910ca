import type pg from 'pg';
import type { Logger } from 'pino';
import { type Auth, createAuth } from './auth/auth.ts';
import { connectDatabase, type Db } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import type { Env } from './env.ts';
import { createMailer, type Mailer } from './notifications/mailer.ts';

/** Everything a route, job or CLI command needs; built once per process. */
export type AppContext = {
  env: Env;
  baseURL: string;
  db: Db;
  pool: pg.Pool;
  auth: Auth;
  mailer: Mailer;
  log: Logger;
};

export async function createContext({
  env,
  databaseUrl,
  secret,
  log,
}: {
  env: Env;
  databaseUrl: string;
  secret: string;
  log: Logger;
}): Promise<AppContext> {
  const { pool, db } = connectDatabase(databaseUrl);
  await runMigrations(db);
  const baseURL = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const mailer = createMailer(env);
  const auth = createAuth({ env, db, mailer, baseURL, secret, log });
  return { env, baseURL, db, pool, auth, mailer, log };
}
