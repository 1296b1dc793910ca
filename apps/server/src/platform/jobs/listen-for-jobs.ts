import type pg from 'pg';
import type { Logger } from 'pino';
import { ClientWithConnectTimeout } from '../db/client.ts';

/** The channel pgboss.job's trigger announces a job on (install-job-trigger.ts). */
export const JOBS_CHANNEL = 'licensewatch_jobs';

/** How soon a lost listening connection is opened again: a job sent meanwhile waits about this long. */
const RECONNECT_MS = 1000;

/** How long the connection's check may take before the connection is taken for dead. */
const CHECK_TIMEOUT_MS = 10_000;

export type JobListener = { stop: () => Promise<void> };

/**
 * Keeps one connection LISTENing for jobs (ADR 048): `onJob` for each job that becomes ready
 * (`later`: ready at a moment to come), `onConnected` after each connection is made, when jobs sent
 * while there was none may be waiting. A connection lost with the database is made again every
 * second until it answers. One found dead by TCP only minutes later (packets dropped silently, ADR
 * 034) is caught by a `SELECT 1` every `checkMs` that must answer within 10 s.
 */
export function listenForJobs(
  databaseUrl: string,
  log: Pick<Logger, 'info' | 'warn'>,
  {
    onJob,
    onConnected,
    checkMs,
  }: { onJob: (queue: string, later: boolean) => void; onConnected: () => void; checkMs: number },
): JobListener {
  let current: pg.Client | null = null;
  let stopped = false;
  let reconnect: NodeJS.Timeout | undefined;
  let lostOnce = false;
  const gone = new WeakSet<pg.Client>();

  const lose = (client: pg.Client) => {
    if (gone.has(client)) return;
    gone.add(client);
    if (current === client) current = null;
    // With a query under way (the check that did not answer), end() destroys the socket at once.
    client.end().catch(() => {});
    if (stopped || reconnect) return;
    if (!lostOnce) log.warn('lost the connection that listens for jobs; opening it again');
    lostOnce = true;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      void connect();
    }, RECONNECT_MS);
  };

  const connect = async () => {
    const client = new ClientWithConnectTimeout({ connectionString: databaseUrl });
    client.on('error', () => lose(client));
    client.on('end', () => lose(client));
    client.on('notification', ({ channel, payload }) => {
      if (channel !== JOBS_CHANNEL || !payload) return;
      const later = payload.startsWith('later:');
      onJob(payload.slice(payload.indexOf(':') + 1), later);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${JOBS_CHANNEL}`);
    } catch {
      lose(client);
      return;
    }
    if (stopped || gone.has(client)) {
      gone.add(client);
      await client.end().catch(() => {});
      return;
    }
    current = client;
    if (lostOnce) log.info('listening for jobs again');
    lostOnce = false;
    onConnected();
  };

  const check = setInterval(() => {
    const client = current;
    if (!client) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('no answer')), CHECK_TIMEOUT_MS);
    });
    Promise.race([client.query('SELECT 1'), late])
      .catch(() => lose(client))
      .finally(() => clearTimeout(timer));
  }, checkMs);
  // The workers' polling keeps a worker running, never this.
  check.unref();

  void connect();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(check);
      clearTimeout(reconnect);
      const client = current;
      current = null;
      if (client) {
        gone.add(client);
        await client.end().catch(() => {});
      }
    },
  };
}
