import type pg from 'pg';
import type { Logger } from 'pino';
import { type ApiKeySecrets, deriveApiKeySecrets } from './auth/api-key-crypto.ts';
import { type Auth, createAuth } from './auth/auth.ts';
import { type CaptchaSecrets, deriveCaptchaSecrets } from './auth/captcha-secrets.ts';
import { createSessionReader, type SessionReader } from './auth/read-session.ts';
import { type Billing, createBilling } from './billing/create-billing.ts';
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
  /** The signed-in user of a request, read from the database on every call (no cache). */
  readSession: SessionReader;
  /** Keys for API-key encryption and look-up, derived from the server secret. */
  apiKeySecrets: ApiKeySecrets;
  /** Keys that sign the contact form's ALTCHA challenges, derived from the server secret. */
  captchaSecrets: CaptchaSecrets;
  mailer: Mailer;
  jobs: JobQueue;
  /** Payments: Stripe, the built-in test provider, or off (ADR 009). */
  billing: Billing;
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
  const apiKeySecrets = deriveApiKeySecrets(secret);
  const captchaSecrets = deriveCaptchaSecrets(secret);
  const billing = createBilling({ env, secret });
  const auth = createAuth({ env, db, mailer, jobs, baseURL, secret, apiKeySecrets, log });
  const readSession = await createSessionReader(auth, pool);
  const close = async () => {
    await jobs.stop();
    await pool.end();
  };
  return {
    env,
    baseURL,
    db,
    pool,
    auth,
    readSession,
    apiKeySecrets,
    captchaSecrets,
    mailer,
    jobs,
    billing,
    log,
    licensing,
    close,
  };
}
