import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { type Payload, QUEUES, type QueueKey } from './queues.ts';

/** `startAfter`: seconds to wait, or a moment, before the job may run. */
export type SendOptions = Pick<PgBoss.SendOptions, 'singletonKey' | 'startAfter'>;

export type JobQueue = {
  send: <K extends QueueKey>(queue: K, payload: Payload<K>, options?: SendOptions) => Promise<void>;
  /** Cron schedule kept in the database: pg-boss sends one job per tick across all processes. */
  schedule: <K extends QueueKey>(queue: K, cron: string, payload: Payload<K>) => Promise<void>;
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
  const boss = new PgBoss({ connectionString: databaseUrl, max: 4 });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const q of Object.values(QUEUES)) {
    await boss.createQueue(q.name, { name: q.name, ...q.options });
  }
  // pg-boss waits a polling interval between fetches even after a fetch found work, which caps a
  // worker at one job a second. Waking our own workers when a job is sent, and a worker when it
  // finishes one, lets a queue drain as fast as its handlers run; an empty fetch still waits.
  const localWorkers = new Map<QueueKey, string[]>();
  const wake = (queue: QueueKey) => {
    for (const id of localWorkers.get(queue) ?? []) boss.notifyWorker(id);
  };
  return {
    send: async (queue, payload, options = {}) => {
      const q = QUEUES[queue];
      await boss.send(q.name, q.payload.parse(payload), options);
      wake(queue);
    },
    schedule: async (queue, cron, payload) => {
      const q = QUEUES[queue];
      await boss.schedule(q.name, cron, q.payload.parse(payload));
    },
    work: async (queue, handler, { workers = 1 } = {}) => {
      const q = QUEUES[queue];
      const ids = localWorkers.get(queue) ?? [];
      localWorkers.set(queue, ids);
      for (let i = 0; i < workers; i++) {
        let id = '';
        id = await boss.work(q.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
          try {
            for (const job of jobs) await handler(q.payload.parse(job.data) as Payload<typeof queue>);
          } finally {
            boss.notifyWorker(id);
          }
        });
        ids.push(id);
      }
    },
    pending: async (queue) => (await boss.getQueueSize(QUEUES[queue].name, { before: 'completed' })) ?? 0,
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 5000 }),
  };
}
