import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { webhookEndpoint } from '../tables.ts';
import { findWebhookEndpoint } from './find-webhook-endpoint.ts';

/** The endpoint and (cascade) its delivery log; a job holding one of them then finds nothing to claim. */
export async function deleteWebhookEndpoint(db: Db, workspaceId: string, endpointId: string): Promise<void> {
  const found = await findWebhookEndpoint(db, workspaceId, endpointId);
  await db.delete(webhookEndpoint).where(eq(webhookEndpoint.id, found.id));
}
