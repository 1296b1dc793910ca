import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { EndpointDisabledEmail } from '../emails/endpoint-disabled-email.tsx';
import { DISABLE_AFTER_FAILING_DAYS } from './retry-schedule.ts';

/**
 * Disables an endpoint whose deliveries have failed without a success for 3 days, and tells the
 * workspace's owner and admins (for a personal workspace, its user) by email. The guarded UPDATE
 * makes it once however many attempts fail at the same moment; its waiting deliveries go dead
 * (re-enabling starts afresh; a replay sends one again).
 */
export async function disableFailingEndpoint(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL'>,
  endpointId: string,
): Promise<boolean> {
  const { db } = ctx;
  const { rows } = await db.execute<{
    workspace_id: string;
    url: string;
    failing_since: string;
    disabled_ms: string;
  }>(sql`
    UPDATE webhook_endpoint SET enabled = false, disabled_at = now(), disabled_reason = 'failing'
    WHERE id = ${endpointId} AND enabled
      AND failing_since < now() - make_interval(days => ${DISABLE_AFTER_FAILING_DAYS})
    RETURNING workspace_id, url, failing_since::text AS failing_since,
      (extract(epoch FROM disabled_at) * 1000)::bigint::text AS disabled_ms`);
  const endpoint = rows[0];
  if (!endpoint) return false;
  await db.execute(sql`
    UPDATE webhook_delivery SET status = 'dead', next_attempt_at = NULL, claimed_until = NULL,
      last_error = coalesce(last_error || ' — ', '') || 'endpoint disabled'
    WHERE endpoint_id = ${endpointId} AND status IN ('pending', 'failed')`);
  const { rows: people } = await db.execute<{ id: string; email: string }>(sql`
    SELECT u.id, u.email FROM "user" u
    WHERE u.is_active AND (u.id = ${endpoint.workspace_id} OR u.id IN (
      SELECT user_id FROM organisation_member
      WHERE organisation_id = ${endpoint.workspace_id} AND role IN ('owner', 'admin')))`);
  for (const person of people) {
    await sendEmail(ctx, {
      to: person.email,
      subject: (brand) => `${brand} stopped sending webhooks to ${endpoint.url}`,
      body: createElement(EndpointDisabledEmail, {
        url: endpoint.url,
        failingSince: new Date(endpoint.failing_since),
        pageUrl: `${ctx.baseURL}/org/webhooks`,
      }),
      userId: person.id,
      dedupeKey: `webhook-disabled:${endpointId}:${endpoint.disabled_ms}:${person.id}`,
    });
  }
  return true;
}
