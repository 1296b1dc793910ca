import type { AppContext } from './context.ts';
import { deliverEmailJob } from './jobs/deliver-email-job.ts';
import { sourceHealthJob } from './licensing/health/source-health-job.ts';
import { ingestBoardJob } from './licensing/ingest/ingest-board-job.ts';

/** The `worker` role: job handlers. pg-boss owns polling, retries and stopping. */
export async function startWorker(ctx: AppContext): Promise<void> {
  await ctx.jobs.work('deliverEmail', (payload) => deliverEmailJob(ctx, payload));
  await ctx.jobs.work('sourceHealth', async () => {
    await sourceHealthJob(ctx);
  });
  await ctx.jobs.work('ingestBoard', (payload) => ingestBoardJob(ctx, payload));
  // Idempotent: pg-boss keeps one schedule per queue however many workers start.
  await ctx.jobs.schedule('sourceHealth', '*/5 * * * *', {});
}
