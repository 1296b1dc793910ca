import { canManage, type OrganisationMembers } from '@licensewatch/shared/organisations';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { findMembership } from './find-membership.ts';

const ROLE_ORDER = sql`CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`;

/** Members (owner first, then admins, then viewers) and, for the owner and admins, pending invitations. */
export async function listMembers(
  db: Db,
  { userId, organisationId }: { userId: string; organisationId: string },
): Promise<OrganisationMembers> {
  const me = await findMembership(db, organisationId, userId);
  const [{ rows: members }, { rows: invitations }] = await Promise.all([
    db.execute<OrganisationMembers['members'][number]>(sql`
      SELECT u.id AS user_id, u.name, u.email, m.role, to_char(m.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS joined_at
      FROM organisation_member m JOIN "user" u ON u.id = m.user_id
      WHERE m.organisation_id = ${organisationId}
      ORDER BY ${ROLE_ORDER}, lower(u.name), u.email`),
    canManage(me.role)
      ? db.execute<OrganisationMembers['invitations'][number]>(sql`
          SELECT i.id, i.email, i.role, u.name AS invited_by,
            to_char(i.expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
            to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
          FROM organisation_invitation i LEFT JOIN "user" u ON u.id = i.invited_by
          WHERE i.organisation_id = ${organisationId} AND i.accepted_at IS NULL AND i.revoked_at IS NULL
            AND i.expires_at > now()
          ORDER BY i.created_at DESC`)
      : Promise.resolve({ rows: [] }),
  ]);
  return {
    organisation: { id: organisationId, name: me.name, role: me.role, member_count: members.length },
    members,
    invitations,
  };
}
