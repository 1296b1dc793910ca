import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { ClientWithConnectTimeout } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/is-database-unavailable.ts';
import { hasJobTrigger, installJobTrigger } from './install-job-trigger.ts';
import { type JobListener, listenForJobs } from './listen-for-jobs.ts';
import { type Payload, QUEUES, type QueueDefinition, type QueueKey } from './queues.ts';

/**
 * How often (cluster-wide: pg-boss lets one process do it per interval) expired jobs are failed
 * and retried. pg-boss's default, 2 minutes, would add up to that to every take-over of a dead
 * worker's job; the statements are cheap (active and long-finished jobs only).
 */
const MAINTENANCE_SECONDS = 10;

/**
 * How often pg-boss's cron check runs (one process of the cluster per interval): the longest pg-boss
 * allows, against its default 30 s. Each check steps every schedule back to its last tick through
 * cron-parser's time-zone arithmetic: about 200 ms of CPU a check in a server at rest (35 ms when run
 * warm in a loop), 0.7 % of a core at 30 s (docs/decisions/052). A tick is still sent once: pg-boss
 * sends a schedule's tick when it fell within the last 60 s, one per minute.
 */
const CRON_CHECK_SECONDS = 45;

/** How often a job that failed for want of the database asks whether it is back. */
const DATABASE_POLL_MS = 2000;

/**
 * How often an idle worker asks for a job of its queue unprompted, and the listening connection
 * is checked (ADR 048). A job is started by its notification or at its known start time, within
 * a second; this only bounds the wait should a notification ever be missed. At 1 s (as before ADR
 * 048) the ~50 workers of a `worker` process made the idle server use 15 % of a core.
 */
const IDLE_POLL_SECONDS = 60;

/** A database error met while planning the timer for jobs due later: tried again after this. */
const REPLAN_AFTER_ERROR_MS = 5000;

/** setTimeout's longest delay is 24.8 days; a job due later than this is planned for again then. */
const LONGEST_TIMER_MS = 60 * 60 * 1000;

// Any constant; the same in every process of this app (as migrate.ts's, and different from it).
const QUEUE_LOCK_KEY = 7_214_002;

/** `startAfter`: seconds to wait, or a moment, before the job may run. */
export type SendOptions = Pick<PgBoss.SendOptions, 'singletonKey' | 'startAfter'>;

export type JobQueue = {
  /**
   * Queues a job: true when queued, false when the queue's policy kept it out (a job with the same
   * `singletonKey` already waiting), so a caller can say the work is already under way.
   */
  send: <K extends QueueKey>(queue: K, payload: Payload<K>, options?: SendOptions) => Promise<boolean>;
  /**
   * Removes a queue queues.ts no longer declares (one renamed): its cron schedule, which pg-boss would
   * otherwise go on firing into a queue no worker serves, then the queue with any job left in it. A
   * database that never had the name is left as it is.
   */
  retire: (name: string) => Promise<void>;
  /** `workers` jobs of this queue at a time in this process (pg-boss 10 runs one per work() call). */
  work: <K extends QueueKey>(
    queue: K,
    handler: (payload: Payload<K>) => Promise<void>,
    options?: { workers?: number },
  ) => Promise<void>;
  /** Jobs of the queue not finished yet: queued, waiting for a retry or running. */
  pending: (queue: QueueKey) => Promise<number>;
  stop: () => Promise<void>;
};

/** pg-boss in our own database: durable jobs with retries, shared by every process. */
export async function startJobQueue(databaseUrl: string, log: Logger): Promise<JobQueue> {
  // pg-boss hands its options on to pg.Pool, which takes this one too; pg-boss's types leave it out.
  const poolOptions: Pick<pg.PoolConfig, 'Client'> = { Client: ClientWithConnectTimeout };
  const boss = new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    cronMonitorIntervalSeconds: CRON_CHECK_SECONDS,
    ...poolOptions,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  await declareQueues(boss, databaseUrl);
  // A worker waits IDLE_POLL_SECONDS after a fetch that found nothing, and pg-boss waits that long
  // even after one that found work. A job's notification wakes this process's workers of its queue
  // (ADR 048), and a worker that finishes a job wakes itself, so a queue drains as fast as its
  // handlers run.
  const localWorkers = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of localWorkers.get(name) ?? []) boss.notifyWorker(id);
  };
  const worked: QueueDefinition[] = [];
  const stopHandingOn = handOnUnstartedJobs(boss, worked, log);
  const due = wakeWhenDue(boss, () => worked.map((q) => q.name), wake, log);
  // Opened with the first worker: a process that only sends jobs (`serve`) listens for none.
  let listener: JobListener | null = null;
  const listen = () =>
    listenForJobs(databaseUrl, log, {
      onJob: (name, later) => (later ? due.plan() : wake(name)),
      // Jobs sent while nobody listened, and jobs due later that this process has not heard of.
      onConnected: () => {
        for (const name of localWorkers.keys()) wake(name);
        due.plan();
      },
      checkMs: IDLE_POLL_SECONDS * 1000,
    });
  return {
    send: async (queue, payload, options = {}) => {
      const q = QUEUES[queue];
      // Its notification wakes the workers, here and in every other process.
      const id = await boss.send(q.name, q.payload.parse(payload), options);
      return id !== null;
    },
    retire: async (name) => {
      if (Object.values(QUEUES).some((q) => q.name === name)) throw new Error(`${name} is a declared queue`);
      // The schedule first (deleting no row when there is none), so nothing sends to the queue any more.
      await boss.unschedule(name);
      if (!(await boss.getQueue(name))) return;
      // pg-boss 10's deleteQueue fails while the queue holds any job, whatever its state: its jobs'
      // foreign key to the queue is RESTRICT (timgit/pg-boss#514, fixed in pg-boss 11). They go first.
      await boss.getDb().executeSql('DELETE FROM pgboss.job WHERE name = $1', [name]);
      try {
        await boss.deleteQueue(name);
      } catch (err) {
        // Another worker starting at the same moment removed it first.
        if (await boss.getQueue(name)) throw err;
      }
      log.info({ queue: name }, 'removed a retired queue, with its schedule and jobs');
    },
    work: async (queue, handler, { workers = 1 } = {}) => {
      const q = QUEUES[queue];
      const ids = localWorkers.get(q.name) ?? [];
      localWorkers.set(q.name, ids);
      if (!worked.includes(q)) worked.push(q);
      listener ??= listen();
      due.plan();
      for (let i = 0; i < workers; i++) {
        let id = '';
        id = await boss.work(q.name, { pollingIntervalSeconds: IDLE_POLL_SECONDS }, async (jobs) => {
          try {
            for (const job of jobs) {
              const started = Date.now();
              const stopRenewing = keepClaimed(boss, q, job.id, log);
              try {
                await handler(q.payload.parse(job.data) as Payload<typeof queue>);
              } catch (err) {
                if (isDatabaseUnavailable(err)) await untilDatabaseAnswers(boss, q, started);
                throw err;
              } finally {
                stopRenewing();
              }
            }
          } finally {
            boss.notifyWorker(id);
          }
        });
        ids.push(id);
      }
    },
    pending: async (queue) => (await boss.getQueueSize(QUEUES[queue].name, { before: 'completed' })) ?? 0,
    stop: async () => {
      stopHandingOn();
      due.stop();
      await listener?.stop();
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}

/**
 * Wakes this process's workers of a queue when its next job due later (a retry's delay, a
 * `startAfter`) may start, so it starts within a second of that moment, not at the next idle
 * poll. `plan()` asks the database for the queues' next start times: when a worker starts, when a
 * notification says a job is due later, when the listening connection is made (a job may have been
 * sent while there was none, or before this process started) and when the timer fires. Times are
 * the database's, counted from its `now()`, so a clock that differs from its clock does not matter.
 */
function wakeWhenDue(
  boss: PgBoss,
  names: () => string[],
  wake: (name: string) => void,
  log: Logger,
): { plan: () => void; stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let due: { name: string; at: number }[] = [];
  let planning = false;
  let again = false;
  let stopped = false;
  const arm = (ms: number, then: () => void) => {
    clearTimeout(timer);
    timer = setTimeout(then, Math.min(Math.max(ms, 0), LONGEST_TIMER_MS));
    // The workers' polling keeps a worker running, never this.
    timer.unref();
  };
  const fire = () => {
    const now = Date.now();
    const next = Math.min(...due.map((d) => d.at));
    // A timer counts from the event loop's time, which a long task leaves behind Date.now(): it
    // may fire before the job is due. Woken then, the worker would find nothing, and the plan that
    // follows, once the job is due, would not see it any more: it would wait for the idle poll
    // (seen once in 20 by bench:at-rest on a loaded machine). So it waits out the rest first.
    if (now < next) return arm(next - now + 5, fire);
    for (const d of due) if (d.at <= now) wake(d.name);
    plan();
  };
  const plan = () => {
    if (stopped) return;
    if (planning) {
      again = true;
      return;
    }
    planning = true;
    void (async () => {
      try {
        do {
          again = false;
          const { rows } = await boss.getDb().executeSql(
            `SELECT name, ceil(extract(epoch FROM min(start_after) - now()) * 1000)::float8 AS ms
             FROM pgboss.job WHERE name = ANY($1) AND state < 'active' AND start_after > now() GROUP BY name`,
            [names()],
          );
          const now = Date.now();
          due = (rows as { name: string; ms: number }[]).map((r) => ({ name: r.name, at: now + r.ms }));
        } while (again && !stopped);
        if (stopped) return;
        clearTimeout(timer);
        // A few milliseconds late, never early: the job is fetchable once start_after < now().
        if (due.length > 0) arm(Math.min(...due.map((d) => d.at)) - Date.now() + 5, fire);
      } catch (err) {
        log.warn({ err }, 'could not plan the start of jobs due later; trying again');
        if (!stopped) arm(REPLAN_AFTER_ERROR_MS, plan);
      } finally {
        planning = false;
      }
    })();
  };
  return {
    plan,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * For a queue with `aliveSeconds` (queues.ts): renews a running job's claim now and every third of
 * that, until the handler ends. pg-boss 10 has no heartbeat: it fails an active job once
 * `started_on + expire_in` has passed, and it also stops waiting for the handler after the
 * `expire_in` it fetched. So `expire_in` stays the queue's `expireInSeconds` (the longest run
 * allowed) and each renewal moves `started_on` instead, to `aliveSeconds` ahead of now minus
 * `expire_in`: the job expires `aliveSeconds` after the last renewal, whoever ran it. Renewals stop
 * once they would reach past the longest run, so a run that hangs is still given up then.
 * `started_on` no longer says when the run began: nothing of ours reads it.
 */
function keepClaimed(boss: PgBoss, q: QueueDefinition, jobId: string, log: Logger): () => void {
  const aliveSeconds = q.aliveSeconds;
  const longestSeconds = q.options.expireInSeconds;
  if (!aliveSeconds || !longestSeconds) return () => {};
  const until = Date.now() + (longestSeconds - aliveSeconds) * 1000;
  const renew = () =>
    boss
      .getDb()
      .executeSql(
        `UPDATE pgboss.job SET started_on = now() + make_interval(secs => $3) - expire_in
         WHERE name = $1 AND id = $2 AND state = 'active'`,
        [q.name, jobId, aliveSeconds],
      )
      .catch((err: unknown) => log.warn({ err, queue: q.name, jobId }, 'could not renew a running job'));
  void renew();
  const timer = setInterval(
    () => {
      if (Date.now() < until) void renew();
      else clearInterval(timer);
    },
    (aliveSeconds * 1000) / 3,
  );
  return () => clearInterval(timer);
}

/**
 * Hands on, cluster-wide, the jobs of the queues this process works (those with `aliveSeconds`)
 * that were fetched but never started. pg-boss marks a job active in the statement that fetches
 * it: when the database goes away between that statement's commit and its answer reaching the
 * worker, no handler ever runs and no claim is ever renewed, and the job would wait out its whole
 * expiry (15 minutes for a report update) however short the outage. A handler renews its job's
 * claim the moment it starts (keepClaimed), which moves `started_on` back by nearly `expire_in`; so
 * a job still showing its fetch time 2 × `aliveSeconds` after that fetch had no handler to renew
 * it, and is expired now for pg-boss's maintenance to retry. Only while this process has reached the
 * database at two looks `aliveSeconds` apart: after an outage every live handler, here or in another
 * process, has renewed by then. A handler that was merely slow to renew runs twice at worst, which
 * every job allows (ADR 032, ADR 034).
 */
function handOnUnstartedJobs(boss: PgBoss, queues: QueueDefinition[], log: Logger): () => void {
  let answered = false;
  const look = async () => {
    try {
      if (!answered) {
        await boss.getDb().executeSql('SELECT 1', []);
        answered = true;
        return;
      }
      const renewed = queues.filter((q) => q.aliveSeconds);
      if (renewed.length === 0) return;
      // One statement for every such queue, a look being what a process at rest does most
      // (ADR 048); `name = ANY` keeps it to their partitions of pgboss.job.
      const { rows } = await boss.getDb().executeSql(
        `UPDATE pgboss.job j SET started_on = now() - j.expire_in - interval '1 second'
         FROM unnest($1::text[], $2::int[]) AS q(name, alive)
         WHERE j.name = ANY($1::text[]) AND j.name = q.name AND j.state = 'active'
           AND j.started_on < now() - make_interval(secs => 2 * q.alive)
           AND j.started_on > now() - j.expire_in + make_interval(secs => q.alive)
         RETURNING j.name`,
        [renewed.map((q) => q.name), renewed.map((q) => q.aliveSeconds)],
      );
      const byQueue = new Map<string, number>();
      for (const { name } of rows as { name: string }[]) byQueue.set(name, (byQueue.get(name) ?? 0) + 1);
      for (const [queue, jobs] of byQueue) log.warn({ queue, jobs }, 'handed on jobs fetched but never started');
    } catch {
      answered = false;
    }
  };
  const seconds = Math.min(
    ...(Object.values(QUEUES) as QueueDefinition[]).map((q) => q.aliveSeconds ?? Number.POSITIVE_INFINITY),
  );
  const timer = setInterval(() => void look(), seconds * 1000);
  // Never what keeps a process running: its workers and their polling do that.
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A job that failed because the database went away waits for it to answer again before it ends:
 * pg-boss records the failure (and so the retry) without awaiting it, and a record that cannot be
 * written leaves the job active until its expiry — 15 minutes for a report update, however short
 * the outage, when the outage began before the job's claim was first renewed. Waiting, the job's
 * renewals carry on as soon as the database is back, and the failure is then recorded and retried
 * at once. Bounded by the queue's longest run, after which pg-boss stops waiting anyway.
 */
async function untilDatabaseAnswers(boss: PgBoss, q: QueueDefinition, started: number): Promise<void> {
  const giveUpAt = started + ((q.options.expireInSeconds ?? 900) - 10) * 1000;
  while (Date.now() < giveUpAt) {
    try {
      await boss.getDb().executeSql('SELECT 1', []);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, DATABASE_POLL_MS));
    }
  }
}

const QUEUE_SETTINGS = ['policy', 'retryLimit', 'retryDelay', 'retryBackoff', 'expireInSeconds', 'deadLetter'] as const;

/**
 * Makes pg-boss's queue and schedule tables say what queues.ts says, and installs the trigger that
 * announces jobs (install-job-trigger.ts). pg-boss keeps each queue's settings in its
 * own table and takes a job's retry policy and expiry from there, and `createQueue` leaves an
 * existing queue as it is: a setting changed in queues.ts would otherwise never reach a database
 * made before the change. Several processes starting together on a fresh database deadlock in
 * `createQueue` (its row and its partition's DDL; two serve and two worker processes met it on
 * every start), so one process at a time declares them, under an advisory lock — which a process
 * finding every queue and schedule as declared and the trigger installed does not take. (On
 * embedded PGlite, one session, the lock is a no-op.) Schedules are read, not written, when they
 * match: writing all thirteen took 0.17–0.30 s of every start here (docs/decisions/054).
 */
async function declareQueues(boss: PgBoss, databaseUrl: string): Promise<void> {
  const stored = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  const differs = (q: QueueDefinition) => {
    const current = stored.get(q.name);
    // pg-boss stores a queue without a policy as 'standard'.
    const wanted: Record<string, unknown> = { policy: 'standard', ...q.options };
    return !current || QUEUE_SETTINGS.some((key) => (current[key] ?? null) !== (wanted[key] ?? null));
  };
  const changed = Object.values(QUEUES).filter(differs);
  const schedules = new Map((await boss.getSchedules()).map((row) => [row.name, row]));
  const scheduleDiffers = (q: QueueDefinition) => {
    const current = schedules.get(q.name);
    if (!q.cron) return current !== undefined;
    // Always in UTC, pg-boss's default time zone: the cron is what can differ.
    return !current || current.cron !== q.cron;
  };
  const rescheduled: QueueDefinition[] = Object.values(QUEUES).filter(scheduleDiffers);
  const triggered = await hasJobTrigger((text) => boss.getDb().executeSql(text, []));
  if (changed.length === 0 && rescheduled.length === 0 && triggered) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [QUEUE_LOCK_KEY]);
    for (const q of changed) {
      // Both are idempotent: whichever process comes second changes nothing.
      if (stored.has(q.name)) await boss.updateQueue(q.name, { name: q.name, ...q.options });
      else await boss.createQueue(q.name, { name: q.name, ...q.options });
    }
    // After the queues: a schedule refers to its queue. Idempotent as well.
    for (const q of rescheduled) {
      if (q.cron) await boss.schedule(q.name, q.cron, {});
      else await boss.unschedule(q.name);
    }
    // Looks again: another process may have installed it while this one waited for the lock.
    await installJobTrigger(client);
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_LOCK_KEY]).catch(() => {});
    await client.end();
  }
}
