import type { WebhookEndpoint } from '@licensewatch/shared/webhooks';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { webhookEndpoint } from '../tables.ts';
import { endpointAnswer } from './webhook-answers.ts';

export async function listWebhookEndpoints(db: Db, workspaceId: string): Promise<WebhookEndpoint[]> {
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(eq(webhookEndpoint.workspaceId, workspaceId))
    .orderBy(desc(webhookEndpoint.createdAt));
  return rows.map(endpointAnswer);
}
