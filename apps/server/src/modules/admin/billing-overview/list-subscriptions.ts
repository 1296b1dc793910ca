import type { AdminBilling, AdminBillingQuery } from '@licensewatch/shared/admin-insights';
import type { PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { stripeLink } from './stripe-link.ts';

type Row = {
  user_id: string | null;
  email: string | null;
  organisation_id: string | null;
  organisation_name: string | null;
  plan_name: PlanName;
  status: string | null;
  current_period_end: Date | string | null;
  cancel_at_period_end: boolean;
  customer_id: string | null;
  subscription_id: string | null;
  total: number;
};

/**
 * One page of the workspaces paying through a subscription, as the webhook last stored it in
 * user_plan — a person's own or an organisation's (ADR 019), the organisation named with its owner
 * to contact: those whose status needs a look (past_due, incomplete…) first, then the soonest period
 * end. The total comes with the page (a window count), in one query.
 */
export async function listSubscriptions(
  db: Db,
  dashboardUrl: string | null,
  query: AdminBillingQuery,
): Promise<AdminBilling['subscriptions']> {
  const { rows } = await db.execute<Row>(sql`
    select coalesce(u.id, owner.id) as user_id, coalesce(u.email, owner.email) as email,
      o.id as organisation_id, o.name as organisation_name,
      p.plan_name, p.subscription_status as status, p.current_period_end,
      p.cancel_at_period_end, p.stripe_customer_id as customer_id, p.stripe_subscription_id as subscription_id,
      (count(*) over ())::int as total
    from user_plan p
    left join "user" u on u.id = p.workspace_id
    left join organisation o on o.id = p.workspace_id
    left join organisation_member m on m.organisation_id = o.id and m.role = 'owner'
    left join "user" owner on owner.id = m.user_id
    where p.stripe_subscription_id is not null
    order by (p.subscription_status in ('active', 'trialing')) nulls first, p.current_period_end nulls first,
      p.workspace_id
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
    items: rows.map(({ total: _total, current_period_end, organisation_id, organisation_name, ...row }) => ({
      ...row,
      organisation: organisation_id && organisation_name ? { id: organisation_id, name: organisation_name } : null,
      current_period_end: current_period_end === null ? null : new Date(current_period_end).toISOString(),
      customer_url: stripeLink(dashboardUrl, 'customers', row.customer_id),
      subscription_url: stripeLink(dashboardUrl, 'subscriptions', row.subscription_id),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
