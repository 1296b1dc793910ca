import { ROSTER_ENDPOINTS } from '@licensewatch/shared/roster-endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInOrKeyRequired } from '../../accounts/http/signed-in-user.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { listRosterLicenses } from '../list-roster-licenses.ts';
import { deleteRosterView } from '../roster/delete-roster-view.ts';
import { exportRosterLicenses } from '../roster/export-roster-licenses.ts';
import { hideRosterLicenses } from '../roster/hide-roster-licenses.ts';
import { listRosterViews } from '../roster/list-roster-views.ts';
import { refreshRosterReports } from '../roster/refresh-roster-reports.ts';
import { saveRosterView } from '../roster/save-roster-view.ts';

/**
 * The roster view of the workspace the session works in: any member reads it (a viewer too), and
 * no plan is needed — like the report list and exports, it is one's own data.
 */
export function registerRosterRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'jobs'> & { readSession: SessionReader; apiKeySecrets: ApiKeySecrets },
) {
  const { db } = ctx;
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInOrKeyRequired(ctx));

    app.get(ROSTER_ENDPOINTS.list.path, { schema: endpointSchema(ROSTER_ENDPOINTS.list) }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listRosterLicenses(db, actingWorkspace(request).workspaceId, request.query);
    });

    app.get(
      ROSTER_ENDPOINTS.export.path,
      { schema: endpointSchema(ROSTER_ENDPOINTS.export) },
      async (request, reply) => {
        const file = await exportRosterLicenses(db, actingWorkspace(request).workspaceId, request.query);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      },
    );

    // Bulk actions repeat the one-license and one-report changes, so they ask what those ask: a
    // member who may change the workspace's reports (not a viewer) on a plan that has not expired.
    app.post(ROSTER_ENDPOINTS.hide.path, { schema: endpointSchema(ROSTER_ENDPOINTS.hide) }, async (request) => {
      const { workspaceId } = workspaceToChange(request);
      await requireActivePlan(db, workspaceId);
      return hideRosterLicenses(db, workspaceId, request.body.ids);
    });
    app.post(ROSTER_ENDPOINTS.refresh.path, { schema: endpointSchema(ROSTER_ENDPOINTS.refresh) }, async (request) => {
      const { workspaceId } = workspaceToChange(request);
      await requireActivePlan(db, workspaceId);
      return refreshRosterReports(ctx, workspaceId, request.body.ids);
    });

    // Saved views are each user's own in the workspace they work in; a viewer saves theirs too (they change no data).
    const owner = (request: FastifyRequest) => ({
      workspaceId: actingWorkspace(request).workspaceId,
      userId: signedInUser(request).id,
    });
    app.get(ROSTER_ENDPOINTS.views.path, { schema: endpointSchema(ROSTER_ENDPOINTS.views) }, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listRosterViews(db, owner(request));
    });
    app.post(ROSTER_ENDPOINTS.saveView.path, { schema: endpointSchema(ROSTER_ENDPOINTS.saveView) }, async (request) =>
      saveRosterView(db, owner(request), request.body),
    );
    app.delete(
      ROSTER_ENDPOINTS.deleteView.path,
      { schema: endpointSchema(ROSTER_ENDPOINTS.deleteView) },
      async (request) => deleteRosterView(db, { ...owner(request), id: request.params.id }),
    );
  });
}
