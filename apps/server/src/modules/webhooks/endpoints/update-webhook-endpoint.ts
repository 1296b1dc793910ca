import type { WebhookEndpoint, WebhookEndpointUpdate } from '@licensewatch/shared/webhooks';
import { eq } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { webhookEndpoint } from '../tables.ts';
import { acceptWebhookUrl } from './accept-webhook-url.ts';
import { findWebhookEndpoint } from './find-webhook-endpoint.ts';
import { endpointAnswer } from './webhook-answers.ts';

/**
 * URL, description, events, on/off. Turning it on again clears `failing_since`: it starts afresh
 * rather than being disabled at its next failure.
 */
export async function updateWebhookEndpoint(
  ctx: Pick<Platform, 'db' | 'env'>,
  workspaceId: string,
  endpointId: string,
  change: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  const current = await findWebhookEndpoint(ctx.db, workspaceId, endpointId);
  const url = change.url === undefined ? undefined : await acceptWebhookUrl(ctx.env, change.url);
  const toggled = change.enabled !== undefined && change.enabled !== current.enabled;
  const set = {
    ...(url !== undefined ? { url } : {}),
    ...(change.description !== undefined ? { description: change.description } : {}),
    ...(change.events !== undefined ? { events: [...new Set(change.events)] } : {}),
    ...(toggled && change.enabled ? { enabled: true, disabledAt: null, disabledReason: null, failingSince: null } : {}),
    ...(toggled && !change.enabled
      ? { enabled: false, disabledAt: new Date(), disabledReason: 'manual' as const }
      : {}),
  };
  // Every field is optional, so an edit may change nothing (`{}`, or only `enabled` as it already
  // is): like any PATCH, that is the endpoint as it stands — there is no UPDATE without a column.
  if (Object.keys(set).length === 0) return endpointAnswer(current);
  const [row] = await ctx.db.update(webhookEndpoint).set(set).where(eq(webhookEndpoint.id, current.id)).returning();
  if (!row) throw new Error('endpoint vanished');
  return endpointAnswer(row);
}
