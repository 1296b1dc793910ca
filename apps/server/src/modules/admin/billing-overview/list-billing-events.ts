import {
  type AdminBillingEvent,
  BILLING_RECENT_LIMIT,
  type BillingEventKind,
} from '@licensewatch/shared/admin-insights';
import type { PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { stripeLink } from './stripe-link.ts';

type Row = Omit<AdminBillingEvent, 'occurred_at' | 'next_attempt_at' | 'customer_url' | 'plan_name'> & {
  plan_name: PlanName | null;
  occurred_at: Date | string;
  next_attempt_at: Date | string | null;
};

/**
 * The latest money events of each kind the webhook recorded (billing_event_kind_idx), newest first,
 * with the account's current email; the kinds are read at once in one query.
 */
export async function listBillingEvents(
  db: Db,
  dashboardUrl: string | null,
): Promise<Record<BillingEventKind, AdminBillingEvent[]>> {
  const { rows } = await db.execute<Row>(sql`
    select e.id, e.kind, e.occurred_at, e.user_id, u.email, e.customer_id, e.subscription_id, e.object_id,
      e.plan_name, e.amount_cents, e.currency, e.attempt, e.next_attempt_at
    from unnest(array['checkout_completed', 'invoice_paid', 'payment_failed', 'refund']) as k(kind)
    cross join lateral (
      select * from billing_event b where b.kind = k.kind
      order by b.occurred_at desc, b.id desc limit ${BILLING_RECENT_LIMIT}
    ) e
    left join "user" u on u.id = e.user_id
    order by e.occurred_at desc, e.id desc
  `);
  const lists: Record<BillingEventKind, AdminBillingEvent[]> = {
    checkout_completed: [],
    invoice_paid: [],
    payment_failed: [],
    refund: [],
  };
  for (const row of rows) {
    lists[row.kind].push({
      ...row,
      occurred_at: new Date(row.occurred_at).toISOString(),
      next_attempt_at: row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
      customer_url: stripeLink(dashboardUrl, 'customers', row.customer_id),
    });
  }
  return lists;
}
