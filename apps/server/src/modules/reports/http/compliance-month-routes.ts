import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { verificationPageUrl } from '@licensewatch/shared/reports';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { ApiKeySecrets } from '../../accounts/api-key-crypto.ts';
import { workspaceToManage } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInOrKeyRequired } from '../../accounts/http/signed-in-user.ts';
import type { ExclusionSources } from '../../exclusions/exclusion-sources.ts';
import { exportComplianceCsv } from '../compliance-month/export-compliance-csv.ts';
import { issueComplianceStatement } from '../compliance-month/issue-compliance-statement.ts';
import { pageComplianceMonth } from '../compliance-month/page-compliance-month.ts';
import { readComplianceMonth } from '../compliance-month/read-compliance-month.ts';
import { renderCompliancePdf } from '../compliance-month/render-compliance-pdf.ts';

type Ctx = Pick<Platform, 'db' | 'env' | 'baseURL'> & {
  readSession: SessionReader;
  apiKeySecrets: ApiKeySecrets;
  exclusions?: ExclusionSources | undefined;
};

/**
 * The monthly compliance record (docs/product-rules.md, Monthly compliance record; ADR 043): the
 * acting workspace's owner and admins, or a personal workspace's user (workspaceToManage), or an
 * API key with `reports:read`. Like the exports, no active plan needed: the record of checks made is
 * the customer's proof, lapsed plan or not. Never cached: it changes with every check.
 */
export function registerComplianceMonthRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  // Read at each request: tests and operators may configure SAM.gov after the server started.
  const samConfigured = () => Boolean(ctx.exclusions?.sam);
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInOrKeyRequired(ctx));
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
    });

    app.get(E.month.path, { schema: endpointSchema(E.month) }, async (request) => {
      const view = await readComplianceMonth(db, workspaceToManage(request).workspaceId, request.params.month, {
        samConfigured: samConfigured(),
      });
      return pageComplianceMonth(view, request.query);
    });

    app.get(E.monthCsv.path, { schema: endpointSchema(E.monthCsv) }, async (request, reply) => {
      const { workspaceId } = workspaceToManage(request);
      const view = await readComplianceMonth(db, workspaceId, request.params.month, { samConfigured: samConfigured() });
      const file = exportComplianceCsv(view);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    });

    app.post(E.issueStatement.path, { schema: endpointSchema(E.issueStatement) }, async (request, reply) => {
      const issued = await issueComplianceStatement(ctx, workspaceToManage(request), request.params.month);
      const pdf = await renderCompliancePdf(issued, verificationPageUrl(ctx.baseURL, issued.id));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="compliance-${issued.month}-${issued.id}.pdf"`)
        .header('x-verification-id', issued.id)
        .send(Buffer.from(pdf));
    });
  });
}
