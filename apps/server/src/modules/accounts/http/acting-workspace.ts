import { canManage, ORGANISATION_MESSAGES } from '@licensewatch/shared/organisations';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import type { ActiveOrganisation } from './read-session.ts';
import { apiKeyCaller, signedInUser } from './signed-in-user.ts';

/**
 * Whose reports, plan and credits a signed-in request acts on (ADR 019): the organisation the
 * session works in, or the user's own workspace; for an API key, the workspace it bills. Taken from
 * the session or the key, never from the request, so no request can reach into a workspace its
 * user is not a member of.
 */
export type ActingWorkspace = {
  userId: string;
  workspaceId: string;
  organisation: ActiveOrganisation | null;
};

export function actingWorkspace(request: FastifyRequest): ActingWorkspace {
  // An API key acts on the workspace it was issued for, with its owner's role there.
  const key = apiKeyCaller(request);
  if (key) return { userId: key.userId, workspaceId: key.workspaceId, organisation: key.organisation };
  const user = signedInUser(request);
  return { userId: user.id, workspaceId: user.organisation?.id ?? user.id, organisation: user.organisation };
}

/** The acting workspace, for a change to its roster: a viewer of an organisation is refused. */
export function workspaceToChange(request: FastifyRequest): ActingWorkspace {
  const acting = actingWorkspace(request);
  if (acting.organisation && acting.organisation.role === 'viewer') {
    throw new AppError('VIEWER_READ_ONLY', ORGANISATION_MESSAGES.viewerReadOnly, 403);
  }
  return acting;
}

/** The acting workspace, for its plan and billing: in an organisation, its owner and admins only. */
export function workspaceToManage(request: FastifyRequest): ActingWorkspace {
  const acting = actingWorkspace(request);
  if (acting.organisation && !canManage(acting.organisation.role)) {
    throw new AppError('ORGANISATION_ADMIN_REQUIRED', ORGANISATION_MESSAGES.adminOnly, 403);
  }
  return acting;
}
