import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInOrKeyRequired } from '../../accounts/http/signed-in-user.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { createReport } from '../create-report.ts';
import { createReportsInBulk } from '../create-reports-in-bulk.ts';
import { deleteReport } from '../delete-report.ts';
import { getReport } from '../get-report.ts';
import { getReportUpdateStatus } from '../get-report-update-status.ts';
import { getWholeReport } from '../get-whole-report.ts';
import { listActionItems } from '../list-action-items.ts';
import { listReportStates } from '../list-report-states.ts';
import { batchedReportLists } from '../list-reports.ts';
import { listReportsPage } from '../list-reports-page.ts';
import { presentBulkCreate, presentReport, presentReportStates, presentUpdateStatus } from '../present-report.ts';
import { updateReportDetails } from '../update-report-details.ts';
import { registerReportCandidateRoutes } from './report-candidate-routes.ts';
import { registerPublicVerificationRoute, registerReportDocumentRoutes } from './report-document-routes.ts';
import { registerReportLicenseRoutes } from './report-license-routes.ts';

/**
 * The report calls. Every one is for the acting workspace's own reports: another workspace's id
 * answers 404 like a missing one. Those whose contract names a key scope take an API key too
 * (docs/product-rules.md, Reports by API key). An expired plan refuses them with 403 — except the list and the update
 * status, which the dashboard needs to show its greyed-out rows, and the CSV/XLSX exports, which
 * are always available so a lapsed plan never locks a physician out of their own data
 * (docs/product-rules.md, Plan expiry and Exports).
 */
export function registerReportsRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'pool' | 'env' | 'baseURL' | 'jobs' | 'log'> & {
    readSession: SessionReader;
    apiKeySecrets: ApiKeySecrets;
    exclusions?: ExclusionSources | undefined;
    licensing?: LicenseSources | undefined;
  },
) {
  const { db } = ctx;
  const listReports = batchedReportLists(db);
  registerPublicVerificationRoute(fastify, ctx);

  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInOrKeyRequired(ctx));
    registerReportLicenseRoutes(app, ctx);
    registerReportCandidateRoutes(app, ctx);
    registerReportDocumentRoutes(app, ctx);

    // The list needs no plan (it is shown on an expired one too); the dashboard's credentials call
    // is where an account without a plan gets one (ensureUserPlan).
    app.get(REPORTS_ENDPOINTS.list.path, { schema: endpointSchema(REPORTS_ENDPOINTS.list) }, async (request) =>
      (await listReports(actingWorkspace(request).workspaceId)).map(presentReport),
    );

    // Like the list, no plan: what waits is shown on an expired plan too.
    app.get(
      REPORTS_ENDPOINTS.actionNeeded.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.actionNeeded) },
      async (request) => listActionItems(db, actingWorkspace(request).workspaceId),
    );

    app.post(
      REPORTS_ENDPOINTS.create.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.create) },
      async (request, reply) => {
        const created = await createReport(ctx, workspaceToChange(request).workspaceId, request.body);
        return reply.status(REPORTS_ENDPOINTS.create.status).send(presentReport(created));
      },
    );

    app.post(
      REPORTS_ENDPOINTS.bulkCreate.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.bulkCreate) },
      async (request) =>
        presentBulkCreate(await createReportsInBulk(ctx, workspaceToChange(request).workspaceId, request.body.reports)),
    );

    // Like the list, no plan: a system reads its reports on an expired plan too.
    app.get(REPORTS_ENDPOINTS.page.path, { schema: endpointSchema(REPORTS_ENDPOINTS.page) }, async (request) => {
      const page = await listReportsPage(db, actingWorkspace(request).workspaceId, request.query);
      return { reports: page.reports.map(presentReport), next_cursor: page.nextCursor };
    });

    app.get(REPORTS_ENDPOINTS.detail.path, { schema: endpointSchema(REPORTS_ENDPOINTS.detail) }, async (request) =>
      getWholeReport(ctx, actingWorkspace(request).workspaceId, request.params.id),
    );

    app.patch(REPORTS_ENDPOINTS.update.path, { schema: endpointSchema(REPORTS_ENDPOINTS.update) }, async (request) =>
      presentReport(
        await updateReportDetails(ctx, workspaceToChange(request).workspaceId, request.params.id, request.body),
      ),
    );

    app.get(REPORTS_ENDPOINTS.get.path, { schema: endpointSchema(REPORTS_ENDPOINTS.get) }, async (request) => {
      const { workspaceId: id } = actingWorkspace(request);
      await requireActivePlan(db, id);
      return presentReport(await getReport(db, id, request.params.id));
    });

    app.delete(REPORTS_ENDPOINTS.delete.path, { schema: endpointSchema(REPORTS_ENDPOINTS.delete) }, async (request) => {
      const { workspaceId: id } = workspaceToChange(request);
      await requireActivePlan(db, id);
      await deleteReport(db, id, request.params.id);
      return { id: request.params.id, deleted: true } as const;
    });

    app.get(REPORTS_ENDPOINTS.states.path, { schema: endpointSchema(REPORTS_ENDPOINTS.states) }, async (request) => {
      const { workspaceId: id } = actingWorkspace(request);
      await requireActivePlan(db, id);
      return presentReportStates(await listReportStates(db, id, request.params.id, ctx.licensing?.boards));
    });

    app.get(
      REPORTS_ENDPOINTS.updateStatus.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.updateStatus) },
      async (request) => {
        const { workspaceId: id } = actingWorkspace(request);
        return presentUpdateStatus(await getReportUpdateStatus(db, id, request.params.id));
      },
    );
  });
}
