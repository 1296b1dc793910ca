import type { Logger } from 'pino';
import { isDatabaseUnavailable } from './is-database-unavailable.ts';

/**
 * Keeps the process running when the database goes away (docs/security.md, Nothing is lost).
 * pg-boss records a job's end without awaiting it: its worker calls `complete` or `fail` and moves
 * on, so while the database is unreachable that write rejects with nobody to catch it, and Node
 * ends a process on an unhandled rejection — a worker, or a server that also works jobs, would die
 * with every outage. Such a rejection is logged and the process goes on: the job is still active
 * in the database, and once the database is back pg-boss's expiry hands it on and a retry
 * finishes it (every job is safe to run again, ADR 032). Any other unhandled rejection still ends
 * the process, as Node's default does.
 */
export function outliveDatabaseOutages(log: Pick<Logger, 'error'>): void {
  process.on('unhandledRejection', (reason) => {
    if (isDatabaseUnavailable(reason)) {
      log.error({ err: reason }, 'a background write failed while the database was unavailable; it will be retried');
      return;
    }
    throw reason;
  });
}
