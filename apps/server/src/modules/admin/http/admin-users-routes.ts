import { ADMIN_USERS_ENDPOINTS as E } from '@licensewatch/shared/admin-users-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import type { Billing } from '../../billing/create-billing.ts';
import { addAdminTempCredits } from '../users/add-admin-temp-credits.ts';
import { deleteAdminUser } from '../users/delete-admin-user.ts';
import { getAdminUser } from '../users/get-admin-user.ts';
import { listAdminUsers } from '../users/list-admin-users.ts';
import { reduceAdminTempCredits } from '../users/reduce-admin-temp-credits.ts';
import { setAdminUserActive } from '../users/set-admin-user-active.ts';
import { adminActor } from './admin-actor.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db' | 'log'> & { billing: Billing; readSession: SessionReader };

/** The users screen (docs/product-rules.md, Users): administrators only; every change writes its audit row. */
export function registerAdminUsersRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.get(E.users.path, { schema: endpointSchema(E.users) }, async (request) => listAdminUsers(db, request.query));
    app.get(E.user.path, { schema: endpointSchema(E.user) }, async (request) => getAdminUser(db, request.params.id));
    app.patch(E.updateUser.path, { schema: endpointSchema(E.updateUser) }, async (request) =>
      setAdminUserActive(db, adminActor(request), request.params.id, request.body.is_active, request.body.reason),
    );
    app.delete(E.deleteUser.path, { schema: endpointSchema(E.deleteUser) }, async (request) =>
      deleteAdminUser(ctx, adminActor(request), request.params.id),
    );
    app.post(E.addTempCredits.path, { schema: endpointSchema(E.addTempCredits) }, async (request) =>
      addAdminTempCredits(db, adminActor(request), request.params.id, request.body.credits, request.body.reason),
    );
    app.post(E.reduceTempCredits.path, { schema: endpointSchema(E.reduceTempCredits) }, async (request) =>
      reduceAdminTempCredits(db, adminActor(request), request.params.id, request.body.credits, request.body.reason),
    );
  });
}
