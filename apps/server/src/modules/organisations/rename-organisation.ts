import type { OrganisationSummary } from '@licensewatch/shared/organisations';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { renameOrganisationWorkspace } from '../accounts/rename-organisation-workspace.ts';
import { findManagerMembership } from './members/find-membership.ts';
import { organisationMember } from './tables.ts';

export async function renameOrganisation(
  db: Db,
  { userId, organisationId, name }: { userId: string; organisationId: string; name: string },
): Promise<OrganisationSummary> {
  const { role } = await findManagerMembership(db, organisationId, userId);
  await renameOrganisationWorkspace(db, organisationId, name);
  const [members] = await db
    .select({ n: count() })
    .from(organisationMember)
    .where(eq(organisationMember.organisationId, organisationId));
  return { id: organisationId, name, role, member_count: members?.n ?? 0 };
}
