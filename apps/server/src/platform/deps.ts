import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './db/client.ts';
import type { Env } from './env.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { Mailer } from './mail/mailer.ts';
import type { SmsSender } from './sms/sms-sender.ts';

/**
 * The infrastructure every module may use, built once per process (see createContext). An operation
 * names only the part it uses, e.g. `Pick<Platform, 'db' | 'log'>`, so a reader sees what it
 * touches and a test passes just that; the module handles it needs (auth, billing…) are typed by
 * the module that owns them.
 */
export type Platform = {
  env: Env;
  baseURL: string;
  db: Db;
  pool: pg.Pool;
  mailer: Mailer;
  sms: SmsSender;
  jobs: JobQueue;
  log: Logger;
};
