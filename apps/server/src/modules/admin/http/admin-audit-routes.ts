import { ADMIN_AUDIT_ENDPOINTS } from '@licensewatch/shared/admin-audit-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { listAdminActions } from '../audit/list-admin-actions.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db'> & { readSession: SessionReader };

/** The audit log (docs/decisions/018): read-only; no route edits or deletes a row. */
export function registerAdminAuditRoutes(fastify: FastifyInstance, ctx: Ctx) {
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.get(
      ADMIN_AUDIT_ENDPOINTS.audit.path,
      { schema: endpointSchema(ADMIN_AUDIT_ENDPOINTS.audit) },
      async (request) => listAdminActions(ctx.db, request.query),
    );
  });
}
