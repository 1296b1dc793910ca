import type { AppContext } from './context.ts';
import { deliverEmailJob } from './jobs/deliver-email-job.ts';

/** The `worker` role: job handlers. pg-boss owns polling, retries and stopping. */
export async function startWorker(ctx: AppContext): Promise<void> {
  await ctx.jobs.work('deliverEmail', (payload) => deliverEmailJob(ctx, payload));
}
