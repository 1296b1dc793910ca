import { WEBHOOK_ROTATION_OVERLAP_HOURS, type WebhookEndpointWithSecret } from '@licensewatch/shared/webhooks';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { webhookEndpoint } from '../tables.ts';
import { encryptWebhookSecret, generateWebhookSecret, type WebhookSecrets } from '../webhook-secret-crypto.ts';
import { findWebhookEndpoint } from './find-webhook-endpoint.ts';
import { endpointAnswer } from './webhook-answers.ts';

/**
 * A new secret, shown once; the one it replaces keeps signing beside it (a second v1) for 24 hours
 * so the receiver can switch without rejecting anything. Rotating again within the overlap drops
 * the older one: only the two latest ever sign.
 */
export async function rotateWebhookSecret(
  ctx: Pick<Platform, 'db'> & { webhookSecrets: WebhookSecrets },
  workspaceId: string,
  endpointId: string,
): Promise<WebhookEndpointWithSecret> {
  const current = await findWebhookEndpoint(ctx.db, workspaceId, endpointId);
  const secret = generateWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoint)
    .set({
      secretEncrypted: encryptWebhookSecret(ctx.webhookSecrets, secret, current.id),
      previousSecretEncrypted: current.secretEncrypted,
      previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_ROTATION_OVERLAP_HOURS * 3_600_000),
    })
    .where(eq(webhookEndpoint.id, current.id))
    .returning();
  if (!row) throw new Error('endpoint vanished');
  return { ...endpointAnswer(row), secret };
}
