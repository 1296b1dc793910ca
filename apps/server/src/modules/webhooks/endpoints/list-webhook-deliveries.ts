import type { webhookDeliveryPageSchema } from '@licensewatch/shared/webhooks';
import { count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client.ts';
import { webhookDelivery } from '../tables.ts';
import { findWebhookEndpoint } from './find-webhook-endpoint.ts';
import { deliveryAnswer } from './webhook-answers.ts';

/** The endpoint's deliveries, newest first, a page at a time. */
export async function listWebhookDeliveries(
  db: Db,
  workspaceId: string,
  endpointId: string,
  { page, pageSize }: { page: number; pageSize: number },
): Promise<z.infer<typeof webhookDeliveryPageSchema>> {
  const endpoint = await findWebhookEndpoint(db, workspaceId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDelivery)
      .where(eq(webhookDelivery.endpointId, endpoint.id))
      .orderBy(desc(webhookDelivery.createdAt), desc(webhookDelivery.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(webhookDelivery).where(eq(webhookDelivery.endpointId, endpoint.id)),
  ]);
  return { data: rows.map(deliveryAnswer), page, page_size: pageSize, total: total?.n ?? 0 };
}
