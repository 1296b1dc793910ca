import { canManage, ORGANISATION_MESSAGES, type OrganisationRole } from '@licensewatch/shared/organisations';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../platform/db/client.ts';
import { AppError } from '../../../platform/errors.ts';
import { organisation } from '../../accounts/tables.ts';
import { organisationMember } from '../tables.ts';

export type Membership = { organisationId: string; name: string; role: OrganisationRole };

/**
 * The caller's membership of an organisation named in a path. Not a member answers 404, as for an
 * organisation that does not exist: whether it exists is none of their business. `forUpdate`
 * locks the membership row, so a concurrent removal or role change waits.
 */
export async function findMembership(
  db: Db | Tx,
  organisationId: string,
  userId: string,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<Membership> {
  const query = db
    .select({ organisationId: organisation.id, name: organisation.name, role: organisationMember.role })
    .from(organisationMember)
    .innerJoin(organisation, eq(organisation.id, organisationMember.organisationId))
    .where(and(eq(organisationMember.organisationId, organisationId), eq(organisationMember.userId, userId)));
  const [found] = forUpdate ? await query.for('update', { of: organisationMember }) : await query;
  if (!found) throw AppError.notFound(ORGANISATION_MESSAGES.notMember);
  return found;
}

/** The membership of an owner or admin; a viewer is refused. */
export async function findManagerMembership(
  db: Db | Tx,
  organisationId: string,
  userId: string,
  options?: { forUpdate?: boolean },
): Promise<Membership> {
  const found = await findMembership(db, organisationId, userId, options);
  if (!canManage(found.role)) throw new AppError('ORGANISATION_ADMIN_REQUIRED', ORGANISATION_MESSAGES.adminOnly, 403);
  return found;
}
