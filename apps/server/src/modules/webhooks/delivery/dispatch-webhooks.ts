import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { fanOutLicenseChanges } from '../events/fan-out-license-changes.ts';

/** Deliveries handed to jobs per run; the next minute's run takes the rest. */
const BATCH = 500;

/**
 * The dispatch-webhooks job (every minute, and after each report's update): license changes fanned
 * out first, then a deliver-webhook job for each delivery due — never tried, its retry time come,
 * or claimed by a worker that died. A job sent twice for one delivery sends it once: the job
 * claims its row first (deliver-webhook-job.ts).
 */
export async function dispatchWebhooks(ctx: Pick<Platform, 'db' | 'jobs' | 'log'>): Promise<number> {
  const fannedOut = await fanOutLicenseChanges(ctx);
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    SELECT d.id FROM webhook_delivery d
    JOIN webhook_endpoint e ON e.id = d.endpoint_id AND e.enabled
    WHERE (d.status IN ('pending', 'failed') AND d.next_attempt_at <= now())
       OR (d.status = 'sending' AND d.claimed_until < now())
    ORDER BY d.next_attempt_at
    LIMIT ${BATCH}`);
  for (const row of rows) await ctx.jobs.send('deliverWebhook', { deliveryId: row.id }, { singletonKey: row.id });
  if (fannedOut + rows.length > 0) ctx.log.info({ fannedOut, due: rows.length }, 'webhook deliveries dispatched');
  return rows.length;
}
