import type pg from 'pg';
import { JOBS_CHANNEL } from './listen-for-jobs.ts';

// The version is in the function's name: a changed body gets a new name, which the check below
// does not find, and is installed in place of the old.
const FUNCTION = 'pgboss.licensewatch_job_ready_v1';
const TRIGGER = 'licensewatch_job_ready';

/**
 * Every row that makes a job ready to fetch announces its queue on JOBS_CHANNEL when its
 * transaction commits (ADR 048): a job sent by any process, pg-boss's cron ticks (its own worker
 * inserts them), a retry (pg-boss fails a job by deleting it and inserting it again), a job
 * resumed, and a waiting job whose start moved (brought forward, it must not wait for the moment
 * its listeners planned). `later:` when the job may start only at a moment to come (a retry's
 * delay, `startAfter`), for the listeners to set a timer. pg_notify sends one notification per
 * distinct payload a transaction commits, so a batch of jobs of one queue is one notification. The
 * trigger is pg-boss's table's, not a migration's: pg-boss makes its schema at its own start,
 * after ours.
 */
const INSTALL = `
  CREATE OR REPLACE FUNCTION ${FUNCTION}() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('${JOBS_CHANNEL}', CASE WHEN NEW.start_after > now() THEN 'later:' ELSE 'now:' END || NEW.name);
    RETURN NULL;
  END $$;
  DROP TRIGGER IF EXISTS ${TRIGGER} ON pgboss.job;
  CREATE TRIGGER ${TRIGGER} AFTER INSERT OR UPDATE OF state, start_after ON pgboss.job
    FOR EACH ROW WHEN (NEW.state IN ('created', 'retry')) EXECUTE FUNCTION ${FUNCTION}();
`;

/** Whether pgboss.job has this version's trigger. */
export async function hasJobTrigger(query: (text: string) => Promise<{ rows: unknown[] }>): Promise<boolean> {
  const { rows } = await query(
    `SELECT 1 FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE t.tgrelid = 'pgboss.job'::regclass AND t.tgname = '${TRIGGER}'
       AND p.oid = to_regproc('${FUNCTION}')`,
  );
  return rows.length > 0;
}

/** Installs it, in one transaction, unless another process has done so first. The caller holds the queue lock. */
export async function installJobTrigger(client: pg.Client): Promise<void> {
  if (await hasJobTrigger((text) => client.query(text))) return;
  await client.query('BEGIN');
  try {
    await client.query(INSTALL);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  }
}
