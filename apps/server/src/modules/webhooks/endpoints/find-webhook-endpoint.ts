import { WEBHOOKS_MESSAGES } from '@licensewatch/shared/webhooks-messages';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { webhookEndpoint } from '../tables.ts';

/** The workspace's endpoint; another workspace's answers 404 like a missing one (ADR 019). */
export async function findWebhookEndpoint(db: Db, workspaceId: string, endpointId: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoint)
    .where(and(eq(webhookEndpoint.id, endpointId), eq(webhookEndpoint.workspaceId, workspaceId)));
  if (!row) throw AppError.notFound(WEBHOOKS_MESSAGES.endpointNotFound);
  return row;
}
