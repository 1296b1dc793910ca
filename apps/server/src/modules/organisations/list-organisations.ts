import type { OrganisationList } from '@licensewatch/shared/organisations';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';

/** The organisations a user belongs to, by name, and the one the session works in (null: their own). */
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
  return { organisations: rows, active_organisation_id: activeOrganisationId };
}
