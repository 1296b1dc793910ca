import { WEBHOOKS_MESSAGES } from '@licensewatch/shared/webhooks-messages';
import type { Env } from '../../../platform/env.ts';
import { AppError } from '../../../platform/errors.ts';
import { checkWebhookUrl } from '../delivery/webhook-address.ts';

/** The URL as stored, or a 400 naming why it is refused (https only; no private address in production). */
export async function acceptWebhookUrl(env: Pick<Env, 'NODE_ENV'>, raw: string): Promise<string> {
  const verdict = await checkWebhookUrl(raw, { production: env.NODE_ENV === 'production' });
  if (!verdict.ok) throw new AppError('WEBHOOK_URL_REFUSED', WEBHOOKS_MESSAGES.urlRefused(verdict.reason), 400);
  return verdict.url.toString();
}
