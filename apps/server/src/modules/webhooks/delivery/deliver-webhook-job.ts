import { WEBHOOK_DELIVERY_HEADER, WEBHOOK_EVENT_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@licensewatch/shared/webhooks';
import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform/deps.ts';
import { crashPoint } from '../../../platform/jobs/crash-point.ts';
import type { Payload } from '../../../platform/jobs/queues.ts';
import { decryptWebhookSecret, type WebhookSecrets } from '../webhook-secret-crypto.ts';
import { disableFailingEndpoint } from './disable-failing-endpoint.ts';
import { postWebhook } from './post-webhook.ts';
import { RETRY_WINDOW_HOURS, retryDelaySeconds } from './retry-schedule.ts';
import { signatureHeader } from './webhook-signature.ts';

/** Longer than a POST may take (10 s), so a live delivery is never taken over. */
const CLAIM_SECONDS = 60;

type Claimed = {
  id: string;
  endpoint_id: string;
  event_type: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret_encrypted: string;
  previous_secret_encrypted: string | null;
  previous_valid: boolean;
};

export type WebhookCtx = Pick<Platform, 'db' | 'env' | 'log' | 'mailer' | 'jobs' | 'baseURL'> & {
  webhookSecrets: WebhookSecrets;
};

/**
 * One attempt of one delivery (queue deliver-webhook). The row is claimed with a guarded UPDATE as
 * the alerts outbox does (ADR 017): two jobs for one delivery — a second dispatcher, a second
 * worker process — POST it once. 2xx delivers it; anything else schedules the next try with
 * backoff, or after 24 hours makes it dead; an endpoint failing for 3 days is disabled.
 */
export async function deliverWebhookJob(ctx: WebhookCtx, { deliveryId }: Payload<'deliverWebhook'>): Promise<void> {
  const { db } = ctx;
  const { rows } = await db.execute<Claimed>(sql`
    UPDATE webhook_delivery d SET status = 'sending', claimed_until = now() + make_interval(secs => ${CLAIM_SECONDS})
    FROM webhook_endpoint e
    WHERE d.id = ${deliveryId} AND e.id = d.endpoint_id AND e.enabled
      AND ((d.status IN ('pending', 'failed') AND d.next_attempt_at <= now())
        OR (d.status = 'sending' AND d.claimed_until < now()))
    RETURNING d.id, d.endpoint_id, d.event_type, d.payload, d.attempts, e.url, e.secret_encrypted,
      e.previous_secret_encrypted, coalesce(e.previous_secret_expires_at > now(), false) AS previous_valid`);
  const d = rows[0];
  if (!d) return;
  crashPoint('deliver-webhook:claimed');

  const secrets = [decryptWebhookSecret(ctx.webhookSecrets, d.secret_encrypted, d.endpoint_id)];
  if (d.previous_valid && d.previous_secret_encrypted) {
    secrets.push(decryptWebhookSecret(ctx.webhookSecrets, d.previous_secret_encrypted, d.endpoint_id));
  }
  const body = JSON.stringify(d.payload);
  const outcome = await postWebhook(
    d.url,
    body,
    {
      'content-type': 'application/json',
      'user-agent': 'LicenseWatch-Webhooks/1',
      [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, Math.floor(Date.now() / 1000), body),
      [WEBHOOK_EVENT_HEADER]: d.event_type,
      [WEBHOOK_DELIVERY_HEADER]: d.id,
    },
    { production: ctx.env.NODE_ENV === 'production' },
  );
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const attempts = d.attempts + 1;
  const error = ok ? null : (outcome.error ?? `HTTP ${outcome.status}`);
  ctx.log.info(
    { deliveryId: d.id, endpointId: d.endpoint_id, event: d.event_type, attempt: attempts, ...outcome },
    'webhook attempt',
  );
  if (ok) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE webhook_delivery SET status = 'delivered', delivered_at = now(), attempts = ${attempts},
          claimed_until = NULL, next_attempt_at = NULL, last_response_code = ${outcome.status},
          last_latency_ms = ${outcome.latencyMs}, last_error = NULL
        WHERE id = ${d.id}`);
      await tx.execute(sql`UPDATE webhook_endpoint SET failing_since = NULL WHERE id = ${d.endpoint_id}`);
    });
    return;
  }
  // Dead once the next try would fall after the delivery's 24-hour window (retry-schedule.ts).
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_delivery SET
        status = CASE WHEN now() + make_interval(secs => ${retryDelaySeconds(attempts)})
                        > created_at + make_interval(hours => ${RETRY_WINDOW_HOURS}) THEN 'dead' ELSE 'failed' END,
        next_attempt_at = CASE WHEN now() + make_interval(secs => ${retryDelaySeconds(attempts)})
                        > created_at + make_interval(hours => ${RETRY_WINDOW_HOURS}) THEN NULL
                        ELSE now() + make_interval(secs => ${retryDelaySeconds(attempts)}) END,
        attempts = ${attempts}, claimed_until = NULL, last_response_code = ${outcome.status},
        last_latency_ms = ${outcome.latencyMs}, last_error = ${error?.slice(0, 500) ?? null}
      WHERE id = ${d.id}`);
    await tx.execute(sql`
      UPDATE webhook_endpoint SET failing_since = coalesce(failing_since, now()) WHERE id = ${d.endpoint_id}`);
  });
  await disableFailingEndpoint(ctx, d.endpoint_id);
}
