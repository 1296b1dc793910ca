import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { decideExclusionMatch } from '../../exclusions/decide-exclusion-match.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import { readReportExclusions } from '../../exclusions/read-report-exclusions.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { getReport } from '../get-report.ts';
import { setReportNpi } from '../set-report-npi.ts';
import { suggestReportNpi } from '../suggest-report-npi.ts';

/**
 * A report's exclusion screening (docs/exclusions.md): its standing, the review of possible
 * matches (by a member who may change the workspace's reports) and its NPI. Another workspace's
 * report or match answers 404 like a missing one.
 */
export function registerReportExclusionRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'pool' | 'env'> & {
    readSession: SessionReader;
    exclusions?: ExclusionSources | undefined;
  },
) {
  const { db, pool } = ctx;
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));

    app.get(
      EXCLUSIONS_ENDPOINTS.reportExclusions.path,
      { schema: endpointSchema(EXCLUSIONS_ENDPOINTS.reportExclusions) },
      async (request) => {
        const { workspaceId } = actingWorkspace(request);
        await requireActivePlan(db, workspaceId);
        const found = await getReport(db, workspaceId, request.params.id);
        const standing = await readReportExclusions(pool, [found.id], { samConfigured: Boolean(ctx.exclusions?.sam) });
        return standing.get(found.id) as NonNullable<ReturnType<typeof standing.get>>;
      },
    );

    for (const [endpoint, decision] of [
      [EXCLUSIONS_ENDPOINTS.confirmMatch, 'confirm'],
      [EXCLUSIONS_ENDPOINTS.dismissMatch, 'dismiss'],
    ] as const) {
      app.patch(endpoint.path, { schema: endpointSchema(endpoint) }, async (request) => {
        const { workspaceId } = workspaceToChange(request);
        await requireActivePlan(db, workspaceId);
        const decided = await decideExclusionMatch(pool, {
          workspaceId,
          matchId: request.params.id,
          userId: signedInUser(request).id,
          decision,
        });
        return { id: decided.id, status: decided.status };
      });
    }

    app.get(
      EXCLUSIONS_ENDPOINTS.npiSuggestions.path,
      { schema: endpointSchema(EXCLUSIONS_ENDPOINTS.npiSuggestions) },
      async (request) => {
        const { workspaceId } = actingWorkspace(request);
        await requireActivePlan(db, workspaceId);
        return suggestReportNpi(ctx, { workspaceId, reportId: request.params.id });
      },
    );

    app.patch(
      EXCLUSIONS_ENDPOINTS.setNpi.path,
      { schema: endpointSchema(EXCLUSIONS_ENDPOINTS.setNpi) },
      async (request) => {
        const { workspaceId } = workspaceToChange(request);
        await requireActivePlan(db, workspaceId);
        return setReportNpi(ctx, { workspaceId, reportId: request.params.id, npi: request.body.npi });
      },
    );
  });
}
