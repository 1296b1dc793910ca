import { verificationPageUrl } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod, type ZodApp } from '../../../platform/http/zod-app.ts';
import { consumeRateLimit } from '../../../platform/security/consume-rate-limit.ts';
import { type ActingWorkspace, actingWorkspace } from '../../accounts/http/acting-workspace.ts';
import { exportReport, type ReportExportFormat } from '../exports/export-report.ts';
import { issueVerification } from '../issue-verification.ts';
import { getVerification } from '../verification/get-verification.ts';
import { RATE_LIMITS as VERIFICATION_LIMITS } from '../verification/rate-limits.ts';
import { renderVerificationPdf } from '../verification/render-verification-pdf.ts';

/** Public: whoever holds a verification document may confirm what it said (no session needed). */
export function registerPublicVerificationRoute(fastify: FastifyInstance, { db }: Pick<Platform, 'db'>) {
  fastify.register(async (scope) => {
    const app = withZod(scope);
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
}

/**
 * The files a report gives: its CSV and XLSX exports and its verification documents (PDF). None asks
 * for an active plan: a lapsed plan never locks a physician out of their own data or its proof
 * (docs/product-rules.md, Plan expiry and Exports).
 */
export function registerReportDocumentRoutes(
  app: ZodApp,
  ctx: Parameters<typeof issueVerification>[0] & Pick<Platform, 'db' | 'baseURL'>,
) {
  const { db } = ctx;
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
  app.get(REPORTS_ENDPOINTS.exportCsv.path, { schema: endpointSchema(REPORTS_ENDPOINTS.exportCsv) }, sendExport('csv'));
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
    (request, reply) => sendVerification(reply, actingWorkspace(request), request.params.id, request.params.licenseId),
  );
}
