import type { AdminBilling, AdminBillingQuery } from '@licensewatch/shared/admin-insights';
import type { PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { stripeLink } from './stripe-link.ts';

type Row = {
  user_id: string;
  email: string;
  plan_name: PlanName;
  status: string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  customer_id: string | null;
  subscription_id: string | null;
  total: number;
};

/**
 * One page of the accounts paying through a subscription, as the webhook last stored it in
 * user_plan: those whose status needs a look (past_due, incomplete…) first, then the soonest period
 * end. The total comes with the page (a window count), in one query.
 */
export async function listSubscriptions(
  db: Db,
  dashboardUrl: string | null,
  query: AdminBillingQuery,
): Promise<AdminBilling['subscriptions']> {
  const { rows } = await db.execute<Row>(sql`
    select u.id as user_id, u.email, p.plan_name, p.subscription_status as status, p.current_period_end,
      p.cancel_at_period_end, p.stripe_customer_id as customer_id, p.stripe_subscription_id as subscription_id,
      (count(*) over ())::int as total
    from user_plan p join "user" u on u.id = p.workspace_id
    where p.stripe_subscription_id is not null
    order by (p.subscription_status in ('active', 'trialing')) nulls first, p.current_period_end nulls first, u.id
    limit ${query.page_size} offset ${(query.page - 1) * query.page_size}
  `);
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end has no rows to carry the total.
    const counted = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_plan where stripe_subscription_id is not null`,
    );
    total = counted.rows[0]?.n ?? 0;
  }
  return {
    items: rows.map(({ total: _total, current_period_end, ...row }) => ({
      ...row,
      current_period_end: current_period_end === null ? null : new Date(current_period_end).toISOString(),
      customer_url: stripeLink(dashboardUrl, 'customers', row.customer_id),
      subscription_url: stripeLink(dashboardUrl, 'subscriptions', row.subscription_id),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
