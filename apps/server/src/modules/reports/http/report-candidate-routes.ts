import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { ZodApp } from '../../../platform/http/zod-app.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { confirmReportCandidate } from '../candidates/confirm-report-candidate.ts';
import { rejectReportCandidate } from '../candidates/reject-report-candidate.ts';
import { reopenReportCandidate } from '../candidates/reopen-report-candidate.ts';
import { listPossibleMatches } from '../list-possible-matches.ts';

/**
 * A report's possible matches (docs/product-rules.md, Possible matches): listed, confirmed,
 * rejected, a rejection undone. An expired plan refuses them (403).
 */
export function registerReportCandidateRoutes(app: ZodApp, ctx: Parameters<typeof confirmReportCandidate>[0]) {
  const { db } = ctx;
  app.get(
    REPORTS_ENDPOINTS.candidates.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.candidates) },
    async (request) => {
      return listPossibleMatches(db, actingWorkspace(request).workspaceId, request.params.id);
    },
  );

  app.patch(
    REPORTS_ENDPOINTS.confirmCandidate.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.confirmCandidate) },
    async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await confirmReportCandidate(ctx, id, request.params.id);
      return { id: request.params.id, status: 'confirmed' } as const;
    },
  );

  app.patch(
    REPORTS_ENDPOINTS.rejectCandidate.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.rejectCandidate) },
    async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await rejectReportCandidate(db, id, request.params.id);
      return { id: request.params.id, status: 'rejected' } as const;
    },
  );

  app.patch(
    REPORTS_ENDPOINTS.reopenCandidate.path,
    { schema: endpointSchema(REPORTS_ENDPOINTS.reopenCandidate) },
    async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await reopenReportCandidate(db, id, request.params.id);
      return { id: request.params.id, status: 'open' } as const;
    },
  );
}
