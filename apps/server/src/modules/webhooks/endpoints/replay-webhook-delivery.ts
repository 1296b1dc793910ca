import { randomUUID } from 'node:crypto';
import type { WebhookDelivery } from '@licensewatch/shared/webhooks';
import { WEBHOOKS_MESSAGES } from '@licensewatch/shared/webhooks-messages';
import { and, eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { webhookDelivery, webhookEndpoint } from '../tables.ts';
import { deliveryAnswer } from './webhook-answers.ts';

/**
 * The same event again (same payload, same event id, so a receiver that dedupes on it sees a
 * repeat) as a new delivery with its own attempts and 24-hour window; the original stays as it was.
 */
export async function replayWebhookDelivery(
  ctx: Pick<Platform, 'db' | 'jobs'>,
  workspaceId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const [original] = await ctx.db
    .select({ delivery: webhookDelivery })
    .from(webhookDelivery)
    .innerJoin(webhookEndpoint, eq(webhookEndpoint.id, webhookDelivery.endpointId))
    .where(and(eq(webhookDelivery.id, deliveryId), eq(webhookEndpoint.workspaceId, workspaceId)));
  if (!original) throw AppError.notFound(WEBHOOKS_MESSAGES.deliveryNotFound);
  const d = original.delivery;
  const [row] = await ctx.db
    .insert(webhookDelivery)
    .values({
      endpointId: d.endpointId,
      eventType: d.eventType,
      eventId: d.eventId,
      dedupeKey: `${d.eventId}:replay:${randomUUID()}`,
      payload: d.payload,
      replayOf: d.id,
    })
    .returning();
  if (!row) throw new Error('delivery not stored');
  await ctx.jobs.send('deliverWebhook', { deliveryId: row.id }, { singletonKey: row.id });
  return deliveryAnswer(row);
}
