import { randomUUID } from 'node:crypto';
import { WEBHOOK_TEST_EVENT, type WebhookDelivery } from '@licensewatch/shared/webhooks';
import type { Platform } from '../../../platform/deps.ts';
import { webhookDelivery } from '../tables.ts';
import { findWebhookEndpoint } from './find-webhook-endpoint.ts';
import { deliveryAnswer } from './webhook-answers.ts';

/** A webhook.test event to the endpoint, whatever it subscribed to, handed to a delivery job at once. */
export async function sendTestWebhook(
  ctx: Pick<Platform, 'db' | 'jobs'>,
  workspaceId: string,
  endpointId: string,
): Promise<WebhookDelivery> {
  const endpoint = await findWebhookEndpoint(ctx.db, workspaceId, endpointId);
  const eventId = `${WEBHOOK_TEST_EVENT}:${randomUUID()}`;
  const [row] = await ctx.db
    .insert(webhookDelivery)
    .values({
      endpointId: endpoint.id,
      eventType: WEBHOOK_TEST_EVENT,
      eventId,
      dedupeKey: eventId,
      payload: {
        id: eventId,
        type: WEBHOOK_TEST_EVENT,
        created_at: new Date().toISOString(),
        data: { endpoint_id: endpoint.id, message: 'A test event from LicenseWatch: your endpoint is reachable.' },
      },
    })
    .returning();
  if (!row) throw new Error('delivery not stored');
  await ctx.jobs.send('deliverWebhook', { deliveryId: row.id }, { singletonKey: row.id });
  return deliveryAnswer(row);
}
