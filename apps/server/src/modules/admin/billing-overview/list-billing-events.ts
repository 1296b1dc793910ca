import {
  type AdminBillingEvent,
  BILLING_RECENT_LIMIT,
  type BillingEventKind,
} from '@licensewatch/shared/admin-insights';
import type { PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { stripeLink } from './stripe-link.ts';

type Row = Omit<
  AdminBillingEvent,
  'occurred_at' | 'next_attempt_at' | 'customer_url' | 'plan_name' | 'organisation'
> & {
  organisation_id: string | null;
  organisation_name: string | null;
  plan_name: PlanName | null;
  occurred_at: Date | string;
  next_attempt_at: Date | string | null;
};

/**
 * The latest money events of each kind the webhook recorded (billing_event_kind_idx), newest first,
 * with the paying person's current email — for an organisation's workspace (ADR 019) its name and
 * its owner's email, as the subscriptions list names them; the kinds are read at once in one query.
 */
export async function listBillingEvents(
  db: Db,
  dashboardUrl: string | null,
): Promise<Record<BillingEventKind, AdminBillingEvent[]>> {
  const { rows } = await db.execute<Row>(sql`
    select e.id, e.kind, e.occurred_at, coalesce(u.id, owner.id) as user_id, coalesce(u.email, owner.email) as email,
      o.id as organisation_id, o.name as organisation_name, e.customer_id, e.subscription_id, e.object_id,
      e.plan_name, e.amount_cents, e.currency, e.attempt, e.next_attempt_at
    from unnest(array['checkout_completed', 'invoice_paid', 'payment_failed', 'refund']) as k(kind)
    cross join lateral (
      select * from billing_event b where b.kind = k.kind
      order by b.occurred_at desc, b.id desc limit ${BILLING_RECENT_LIMIT}
    ) e
    left join "user" u on u.id = e.user_id
    left join organisation o on o.id = e.user_id
    left join organisation_member m on m.organisation_id = o.id and m.role = 'owner'
    left join "user" owner on owner.id = m.user_id
    order by e.occurred_at desc, e.id desc
  `);
  const lists: Record<BillingEventKind, AdminBillingEvent[]> = {
    checkout_completed: [],
    invoice_paid: [],
    payment_failed: [],
    refund: [],
  };
  for (const { organisation_id, organisation_name, ...row } of rows) {
    lists[row.kind].push({
      ...row,
      organisation: organisation_id && organisation_name ? { id: organisation_id, name: organisation_name } : null,
      occurred_at: new Date(row.occurred_at).toISOString(),
      next_attempt_at: row.next_attempt_at === null ? null : new Date(row.next_attempt_at).toISOString(),
      customer_url: stripeLink(dashboardUrl, 'customers', row.customer_id),
    });
  }
  return lists;
}
