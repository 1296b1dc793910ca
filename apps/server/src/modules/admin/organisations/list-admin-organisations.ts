import type {
  AdminOrganisationListItem,
  AdminOrganisationsQuery,
  AdminOrganisationsResponse,
  AdminPlanState,
} from '@licensewatch/shared/admin';
import { isInTrial, isPlanExpired, type PlanName } from '@licensewatch/shared/plans';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { likeContains } from '../../../platform/db/like-contains.ts';

type Row = {
  id: string;
  name: string;
  created_at: Date | string;
  owner_id: string | null;
  owner_name: string | null;
  owner_email: string | null;
  plan_name: PlanName | null;
  is_trial: boolean | null;
  trial_ends_at: Date | string | null;
  end_date: Date | string | null;
  has_credits: boolean;
  report_credits: number | null;
  temp_report_credits: number | null;
  members: number;
  pending_invitations: number;
  reports: number;
  tracked_licenses: number;
};

/**
 * The organisations screen's list (docs/product-rules.md, Organizations): newest first, one page
 * with the filter's total. The page is picked first (organisations and their owner only); its
 * figures are then counted for those ids alone, each by one grouped pass over an index on the
 * organisation or workspace — so a page costs the same with ten or ten thousand organisations,
 * and no query runs per row. The count runs beside it.
 */
export async function listAdminOrganisations(
  db: Db,
  query: AdminOrganisationsQuery,
): Promise<AdminOrganisationsResponse> {
  const filter = query.q
    ? sql`where o.name ilike ${likeContains(query.q)} or owner.email ilike ${likeContains(query.q)}`
    : sql``;
  // The owner's seat: one per organisation (a partial unique index), so the join never repeats a row.
  const withOwner = sql`
    from organisation o
    left join organisation_member om on om.organisation_id = o.id and om.role = 'owner'
    left join "user" owner on owner.id = om.user_id
    ${filter}`;
  const [page, counted] = await Promise.all([
    db.execute<Row>(sql`
      with page as (
        select o.id, o.name, o.created_at, owner.id as owner_id, owner.name as owner_name, owner.email as owner_email
        ${withOwner}
        order by o.created_at desc, o.id desc
        limit ${query.page_size} offset ${(query.page - 1) * query.page_size}
      ),
      members as (
        select organisation_id, count(*)::int as n from organisation_member
        where organisation_id in (select id from page) group by organisation_id
      ),
      invitations as (
        select organisation_id, count(*)::int as n from organisation_invitation
        where organisation_id in (select id from page)
          and accepted_at is null and revoked_at is null and expires_at > now()
        group by organisation_id
      ),
      reports as (
        select r.workspace_id, count(distinct r.id)::int as n,
          (count(rl.license_id) filter (where rl.hidden_at is null))::int as tracked
        from report r left join report_license rl on rl.report_id = r.id
        where r.workspace_id in (select id from page) group by r.workspace_id
      )
      select page.*, p.plan_name, p.is_trial, p.trial_ends_at, p.end_date,
        (c.workspace_id is not null) as has_credits, c.report_credits, c.temp_report_credits,
        coalesce(m.n, 0) as members, coalesce(i.n, 0) as pending_invitations,
        coalesce(r.n, 0) as reports, coalesce(r.tracked, 0) as tracked_licenses
      from page
      left join user_plan p on p.workspace_id = page.id
      left join user_credit c on c.workspace_id = page.id
      left join members m on m.organisation_id = page.id
      left join invitations i on i.organisation_id = page.id
      left join reports r on r.workspace_id = page.id
      order by page.created_at desc, page.id desc
    `),
    db.execute<{ n: number }>(sql`select count(*)::int as n ${withOwner}`),
  ]);
  return {
    organisations: page.rows.map(present),
    total: counted.rows[0]?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

function present(row: Row): AdminOrganisationListItem {
  // A workspace without a plan row yet is on Free (ensureUserPlan gives it one on first use).
  const planName = row.plan_name ?? 'free';
  return {
    id: row.id,
    name: row.name,
    owner:
      row.owner_id && row.owner_email
        ? { id: row.owner_id, full_name: row.owner_name?.trim() ? row.owner_name : null, email: row.owner_email }
        : null,
    plan_name: planName,
    plan_state: planState({
      planName,
      isTrial: row.is_trial ?? false,
      trialEndsAt: row.trial_ends_at,
      endDate: row.end_date,
    }),
    members: row.members,
    pending_invitations: row.pending_invitations,
    reports: row.reports,
    tracked_licenses: row.tracked_licenses,
    // No credit row yet: nothing granted, so none left (not "unlimited").
    report_credits_left: !row.has_credits
      ? 0
      : row.report_credits === null
        ? null
        : row.report_credits + (row.temp_report_credits ?? 0),
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** As the users screen's detail says it: Free's trial flag only lets individual plans switch, so Free is active. */
function planState(plan: {
  planName: PlanName;
  isTrial: boolean;
  trialEndsAt: Date | string | null;
  endDate: Date | string | null;
}): AdminPlanState {
  if (isPlanExpired(plan)) return 'expired';
  if (plan.planName !== 'free' && isInTrial(plan)) return 'trial';
  return 'active';
}
