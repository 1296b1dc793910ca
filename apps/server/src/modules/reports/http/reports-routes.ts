import {
  createReportRequestSchema,
  deleteReportResponseSchema,
  hideLicenseResponseSchema,
  reportIdParamsSchema,
  reportLicensesResponseSchema,
  reportListResponseSchema,
  reportSchema,
  updateStatusResponseSchema,
} from '@licensewatch/shared/reports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { signedInUser, signInRequired } from '../../accounts/http/signed-in-user.ts';
import { requireActivePlan } from '../../plans/require-active-plan.ts';
import { createReport } from '../create-report.ts';
import { deleteReport } from '../delete-report.ts';
import { exportReport, type ReportExportFormat } from '../exports/export-report.ts';
import { getReport } from '../get-report.ts';
import { getReportUpdateStatus } from '../get-report-update-status.ts';
import { hideReportLicense } from '../hide-report-license.ts';
import { listReportLicenses } from '../list-report-licenses.ts';
import { batchedReportLists } from '../list-reports.ts';
import { presentReport, presentReportLicense, presentUpdateStatus } from './report-presenters.ts';

/**
 * Spec §7 report calls. Every one is for the signed-in user's own reports: another user's id
 * answers 404 like a missing one. An expired plan (spec §4) refuses them with 403 — except the
 * list and the update status, which the dashboard needs to show its greyed-out rows, and the
 * CSV/XLSX exports, which are always available (issue 4 §7) so a lapsed plan never locks a
 * physician out of their own data.
 */
export function registerReportsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const listReports = batchedReportLists(db);
  fastify.register(async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', signInRequired(ctx.readSession));

    // The list needs no plan (it is shown on an expired one too); the dashboard's credentials call
    // is where an account without a plan gets one (ensureUserPlan).
    app.get('/api/v1/reports/', { schema: { response: { 200: reportListResponseSchema } } }, async (request) =>
      (await listReports(signedInUser(request).id)).map(presentReport),
    );

    app.post(
      '/api/v2/reports/',
      { schema: { body: createReportRequestSchema, response: { 201: reportSchema } } },
      async (request, reply) => {
        const created = await createReport(ctx, signedInUser(request).id, request.body);
        return reply.status(201).send(presentReport(created));
      },
    );

    app.get(
      '/api/v1/reports/:id',
      { schema: { params: reportIdParamsSchema, response: { 200: reportSchema } } },
      async (request) => {
        const { id } = signedInUser(request);
        await requireActivePlan(db, id);
        return presentReport(await getReport(db, id, request.params.id));
      },
    );

    app.delete(
      '/api/v2/reports/:id',
      { schema: { params: reportIdParamsSchema, response: { 200: deleteReportResponseSchema } } },
      async (request) => {
        const { id } = signedInUser(request);
        await requireActivePlan(db, id);
        await deleteReport(db, id, request.params.id);
        return { id: request.params.id, deleted: true } as const;
      },
    );

    app.get(
      '/api/v2/reports/:id/licenses',
      { schema: { params: reportIdParamsSchema, response: { 200: reportLicensesResponseSchema } } },
      async (request) => {
        const { id } = signedInUser(request);
        await requireActivePlan(db, id);
        return (await listReportLicenses(db, id, request.params.id)).map(presentReportLicense);
      },
    );

    app.patch(
      '/api/v2/reports/licenses/:id',
      { schema: { params: reportIdParamsSchema, response: { 200: hideLicenseResponseSchema } } },
      async (request) => {
        const { id } = signedInUser(request);
        await requireActivePlan(db, id);
        await hideReportLicense(db, id, request.params.id);
        return { id: request.params.id, hidden: true } as const;
      },
    );

    // Exports: no requireActivePlan on purpose — always available, also on an expired plan.
    const sendExport =
      (format: ReportExportFormat) =>
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const file = await exportReport(db, signedInUser(request).id, request.params.id, format);
        return reply
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'private, no-store')
          .send(file.body);
      };
    app.get('/api/v2/reports/:id/export.csv', { schema: { params: reportIdParamsSchema } }, sendExport('csv'));
    app.get('/api/v2/reports/:id/export.xlsx', { schema: { params: reportIdParamsSchema } }, sendExport('xlsx'));

    app.get(
      '/api/v2/states/update-status/:id',
      { schema: { params: reportIdParamsSchema, response: { 200: updateStatusResponseSchema } } },
      async (request) => {
        const { id } = signedInUser(request);
        return presentUpdateStatus(await getReportUpdateStatus(db, id, request.params.id));
      },
    );
  });
}
