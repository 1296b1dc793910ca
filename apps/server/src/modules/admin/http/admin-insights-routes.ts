import { ADMIN_INSIGHTS_ENDPOINTS } from '@licensewatch/shared/admin-insights-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import type { Billing } from '../../billing/create-billing.ts';
import type { LicenseSources } from '../../licensing/license-sources.ts';
import { readBillingOverview } from '../billing-overview/read-billing-overview.ts';
import { readDashboard } from '../dashboard/read-dashboard.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db'> & {
  readSession: SessionReader;
  billing: Billing;
  licensing?: LicenseSources | undefined;
};

/** The admin dashboard and billing overview (docs/decisions/018): read-only, administrators only. */
export function registerAdminInsightsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.get(
      ADMIN_INSIGHTS_ENDPOINTS.dashboard.path,
      { schema: endpointSchema(ADMIN_INSIGHTS_ENDPOINTS.dashboard) },
      // The boards are read per request: tests and the CLI may wire them after the routes.
      async () => readDashboard(ctx.db, ctx.licensing?.boards ?? []),
    );
    app.get(
      ADMIN_INSIGHTS_ENDPOINTS.billing.path,
      { schema: endpointSchema(ADMIN_INSIGHTS_ENDPOINTS.billing) },
      async (request) => readBillingOverview(ctx.db, ctx.billing, request.query),
    );
  });
}
