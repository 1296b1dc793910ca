import { verificationPageUrl } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { type ActingWorkspace, actingWorkspace, workspaceToChange } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInRequired } from '../../accounts/http/signed-in-user.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { confirmReportCandidate } from '../candidates/confirm-report-candidate.ts';
import { listReportCandidates } from '../candidates/list-report-candidates.ts';
import { rejectReportCandidate } from '../candidates/reject-report-candidate.ts';
import { createReport } from '../create-report.ts';
import { deleteReport } from '../delete-report.ts';
import { exportReport, type ReportExportFormat } from '../exports/export-report.ts';
import { getLicenseHistory } from '../get-license-history.ts';
import { getReport } from '../get-report.ts';
import { getReportUpdateStatus } from '../get-report-update-status.ts';
import { hideReportLicense } from '../hide-report-license.ts';
import { listReportLicenses } from '../list-report-licenses.ts';
import { listReportStates } from '../list-report-states.ts';
import { batchedReportLists } from '../list-reports.ts';
import { restoreReportLicense } from '../restore-report-license.ts';
import { getVerification } from '../verification/get-verification.ts';
import { issueVerification } from '../verification/issue-verification.ts';
import { RATE_LIMITS as VERIFICATION_LIMITS } from '../verification/rate-limits.ts';
import { renderVerificationPdf } from '../verification/render-verification-pdf.ts';
import {
  presentLicenseHistory,
  presentReport,
  presentReportCandidate,
  presentReportLicense,
  presentReportStates,
  presentUpdateStatus,
} from './report-presenters.ts';

/**
 * The report calls. Every one is for the signed-in user's own reports: another user's id answers
 * 404 like a missing one. An expired plan refuses them with 403 — except the list and the update
 * status, which the dashboard needs to show its greyed-out rows, and the CSV/XLSX exports, which
 * are always available so a lapsed plan never locks a physician out of their own data
 * (docs/product-rules.md, Plan expiry and Exports).
 */
export function registerReportsRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db' | 'pool' | 'env' | 'baseURL' | 'jobs' | 'log'> & {
    readSession: SessionReader;
    exclusions?: ExclusionSources | undefined;
    licensing?: LicenseSources | undefined;
  },
) {
  const { db } = ctx;
  const listReports = batchedReportLists(db);

  // Public: whoever holds a verification document may confirm what it said (no session needed).
  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.get(
      REPORTS_ENDPOINTS.verification.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.verification) },
      async (request, reply) => {
        await consumeRateLimit(db, `verification-lookup:ip:${request.ip}`, VERIFICATION_LIMITS.lookupPerIp);
        const found = await getVerification(db, request.params.id);
        // Only the holder of the id should see it: keep it out of shared caches and referrers.
        reply.header('cache-control', 'private, no-store');
        return found;
      },
    );
  });

  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signInRequired(ctx.readSession));

    // The list needs no plan (it is shown on an expired one too); the dashboard's credentials call
    // is where an account without a plan gets one (ensureUserPlan).
    app.get(REPORTS_ENDPOINTS.list.path, { schema: endpointSchema(REPORTS_ENDPOINTS.list) }, async (request) =>
      (await listReports(actingWorkspace(request).workspaceId)).map(presentReport),
    );

    app.post(
      REPORTS_ENDPOINTS.create.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.create) },
      async (request, reply) => {
        const created = await createReport(ctx, workspaceToChange(request).workspaceId, request.body);
        return reply.status(REPORTS_ENDPOINTS.create.status).send(presentReport(created));
      },
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

    app.get(
      REPORTS_ENDPOINTS.licenses.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.licenses) },
      async (request) => {
        const { workspaceId: id } = actingWorkspace(request);
        await requireActivePlan(db, id);
        return (await listReportLicenses(db, id, request.params.id)).map(presentReportLicense);
      },
    );

    app.get(
      REPORTS_ENDPOINTS.licenseHistory.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.licenseHistory) },
      async (request) => {
        const { workspaceId: id } = actingWorkspace(request);
        await requireActivePlan(db, id);
        const { id: reportId, licenseId } = request.params;
        return presentLicenseHistory(await getLicenseHistory(db, id, reportId, licenseId));
      },
    );

    app.patch(
      REPORTS_ENDPOINTS.hideLicense.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.hideLicense) },
      async (request) => {
        const { workspaceId: id } = workspaceToChange(request);
        await requireActivePlan(db, id);
        await hideReportLicense(db, id, request.params.id);
        return { id: request.params.id, hidden: true } as const;
      },
    );

    app.get(REPORTS_ENDPOINTS.states.path, { schema: endpointSchema(REPORTS_ENDPOINTS.states) }, async (request) => {
      const { workspaceId: id } = actingWorkspace(request);
      await requireActivePlan(db, id);
      return presentReportStates(await listReportStates(db, id, request.params.id, ctx.licensing?.boards));
    });

    app.get(
      REPORTS_ENDPOINTS.hiddenLicenses.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.hiddenLicenses) },
      async (request) => {
        const { workspaceId: id } = actingWorkspace(request);
        await requireActivePlan(db, id);
        return (await listReportLicenses(db, id, request.params.id, { hidden: true })).map(presentReportLicense);
      },
    );

    app.patch(
      REPORTS_ENDPOINTS.restoreLicense.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.restoreLicense) },
      async (request) => {
        const { workspaceId: id } = workspaceToChange(request);
        await requireActivePlan(db, id);
        await restoreReportLicense(db, id, request.params.id);
        return { id: request.params.id, hidden: false } as const;
      },
    );

    app.get(
      REPORTS_ENDPOINTS.candidates.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.candidates) },
      async (request) => {
        const { workspaceId: id } = actingWorkspace(request);
        await requireActivePlan(db, id);
        return (await listReportCandidates(db, id, request.params.id)).map(presentReportCandidate);
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

    // Exports: no requireActivePlan on purpose — always available, also on an expired plan.
    const sendExport =
      (format: ReportExportFormat) =>
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const file = await exportReport(db, actingWorkspace(request).workspaceId, request.params.id, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      };
    app.get(
      REPORTS_ENDPOINTS.exportCsv.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.exportCsv) },
      sendExport('csv'),
    );
    app.get(
      REPORTS_ENDPOINTS.exportXlsx.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.exportXlsx) },
      sendExport('xlsx'),
    );

    // Verification documents: like the exports, no requireActivePlan — proof of one's own
    // licenses stays available on an expired plan.
    const sendVerification = async (
      reply: FastifyReply,
      acting: ActingWorkspace,
      reportId: string,
      licenseId?: string,
    ) => {
      const issued = await issueVerification(ctx, acting, reportId, licenseId);
      const pdf = await renderVerificationPdf(issued, verificationPageUrl(ctx.baseURL, issued.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="verification-${issued.id}.pdf"`)
        .header('x-verification-id', issued.id)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf));
    };
    app.post(
      REPORTS_ENDPOINTS.verifyReport.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.verifyReport) },
      (request, reply) => sendVerification(reply, actingWorkspace(request), request.params.id),
    );
    app.post(
      REPORTS_ENDPOINTS.verifyLicense.path,
      { schema: endpointSchema(REPORTS_ENDPOINTS.verifyLicense) },
      (request, reply) =>
        sendVerification(reply, actingWorkspace(request), request.params.id, request.params.licenseId),
    );

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
