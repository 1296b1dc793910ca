import type { UserType } from '@licensewatch/shared/accounts';
import { ORGANISATION_NAME_MAX, type OrganisationList } from '@licensewatch/shared/organisations';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { user } from '../accounts/tables.ts';

/** The user types whose sign-up's organisation name is a team to set up (docs/product-rules.md, Organisations). */
const TEAM_USER_TYPES: readonly string[] = ['clinic_or_practice', 'enterprise_admin'] satisfies UserType[];

/**
 * The organisations a user belongs to, by name, and the one the session works in (null: their
 * own); and while they belong to none, the organisation a clinic or enterprise sign-up named, for
 * the dashboard to offer to create.
 */
export async function listOrganisations(
  db: Db,
  { userId, activeOrganisationId }: { userId: string; activeOrganisationId: string | null },
): Promise<OrganisationList> {
  const { rows } = await db.execute<OrganisationList['organisations'][number]>(sql`
    SELECT o.id, o.name, m.role,
      (SELECT count(*)::int FROM organisation_member c WHERE c.organisation_id = o.id) AS member_count
    FROM organisation_member m JOIN organisation o ON o.id = m.organisation_id
    WHERE m.user_id = ${userId}
    ORDER BY lower(o.name), o.id`);
  let suggested: string | null = null;
  if (rows.length === 0) {
    const [u] = await db
      .select({ organization: user.organization, userType: user.userType })
      .from(user)
      .where(eq(user.id, userId));
    const name = u?.organization?.trim();
    if (name && TEAM_USER_TYPES.includes(u?.userType ?? '')) suggested = name.slice(0, ORGANISATION_NAME_MAX);
  }
  return { organisations: rows, active_organisation_id: activeOrganisationId, suggested_name: suggested };
}
