import { ADMIN_ORGANISATIONS_ENDPOINTS as E } from '@licensewatch/shared/admin-organisations-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { listAdminOrganisations } from '../organisations/list-admin-organisations.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db'> & { readSession: SessionReader };

/** The organisations screen (docs/product-rules.md, Organizations): read-only, administrators only. */
export function registerAdminOrganisationsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.get(E.organisations.path, { schema: endpointSchema(E.organisations) }, async (request) =>
      listAdminOrganisations(ctx.db, request.query),
    );
  });
}
