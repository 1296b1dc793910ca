import { randomUUID } from 'node:crypto';
import type { WebhookEndpointInput, WebhookEndpointWithSecret } from '@licensewatch/shared/webhooks';
import type { Platform } from '../../../platform/deps.ts';
import { webhookEndpoint } from '../tables.ts';
import { encryptWebhookSecret, generateWebhookSecret, type WebhookSecrets } from '../webhook-secret-crypto.ts';
import { acceptWebhookUrl } from './accept-webhook-url.ts';
import { endpointAnswer } from './webhook-answers.ts';

/** A new endpoint of the workspace; the answer carries its secret, the only time it is shown. */
export async function createWebhookEndpoint(
  ctx: Pick<Platform, 'db' | 'env'> & { webhookSecrets: WebhookSecrets },
  workspaceId: string,
  input: Required<WebhookEndpointInput>,
): Promise<WebhookEndpointWithSecret> {
  const url = await acceptWebhookUrl(ctx.env, input.url);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoint)
    .values({
      id,
      workspaceId,
      url,
      description: input.description,
      events: [...new Set(input.events)],
      secretEncrypted: encryptWebhookSecret(ctx.webhookSecrets, secret, id),
    })
    .returning();
  if (!row) throw new Error('endpoint not stored');
  return { ...endpointAnswer(row), secret };
}
