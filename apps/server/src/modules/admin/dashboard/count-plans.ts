import { type AdminDashboard, DASHBOARD_TRIAL_ENDING_DAYS } from '@licensewatch/shared/admin-insights';
import { monthlyPriceCents, PLAN_NAMES, type PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { LIVE_STATUSES } from '../../billing/read-subscription.ts';

type Row = {
  plan_name: PlanName;
  is_organisation: boolean;
  users: number;
  paying: number;
  trials: number;
  trials_ending: number;
};

/**
 * Plans held per plan, trials running and ending within 14 days, and MRR: the catalogue's monthly
 * price of each paid plan held through a live subscription (the statuses billing keeps access for),
 * trials not counted — a plan given by an operator or the demo pays nothing. A plan belongs to a
 * workspace (ADR 019): a person's own (administrators' left out) or an organisation's, counted
 * alike and told apart. One grouped pass over user_plan.
 */
export async function countPlans(db: Db): Promise<AdminDashboard['plans']> {
  const live = sql.join(
    LIVE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const { rows } = await db.execute<Row>(sql`
    select p.plan_name, (w.kind = 'organisation') as is_organisation, count(*)::int as users,
      (count(*) filter (
        where not p.is_trial and p.plan_name <> 'free'
          and p.stripe_subscription_id is not null and p.subscription_status in (${live})
      ))::int as paying,
      (count(*) filter (where p.is_trial and p.trial_ends_at > now()))::int as trials,
      (count(*) filter (
        where p.is_trial and p.trial_ends_at > now()
          and p.trial_ends_at <= now() + make_interval(days => ${DASHBOARD_TRIAL_ENDING_DAYS})
      ))::int as trials_ending
    from user_plan p
    join workspace w on w.id = p.workspace_id
    left join "user" u on u.id = p.workspace_id
    where w.kind = 'organisation' or u.role <> 'admin'
    group by p.plan_name, w.kind = 'organisation'
  `);
  const sum = (plan: PlanName, key: 'users' | 'paying', organisationsOnly: boolean) =>
    rows
      .filter((row) => row.plan_name === plan && (!organisationsOnly || row.is_organisation))
      .reduce((n, row) => n + row[key], 0);
  const perPlan = PLAN_NAMES.map((plan) => ({
    plan_name: plan,
    users: sum(plan, 'users', false),
    paying: sum(plan, 'paying', false),
    organisations: sum(plan, 'users', true),
    paying_organisations: sum(plan, 'paying', true),
  }));
  const mrr = (key: 'paying' | 'paying_organisations') =>
    perPlan.reduce((n, row) => n + row[key] * monthlyPriceCents(row.plan_name), 0);
  return {
    per_plan: perPlan,
    trials: rows.reduce((n, row) => n + row.trials, 0),
    trials_ending_14_days: rows.reduce((n, row) => n + row.trials_ending, 0),
    paying: perPlan.reduce((n, row) => n + row.paying, 0),
    mrr_cents: mrr('paying'),
    paying_organisations: perPlan.reduce((n, row) => n + row.paying_organisations, 0),
    organisations_mrr_cents: mrr('paying_organisations'),
  };
}
