import { EXPIRY_WINDOWS_ENDPOINTS } from '@licensewatch/shared/expiry-windows-endpoints';
import { canManage } from '@licensewatch/shared/organisations';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import { type ActingWorkspace, actingWorkspace, workspaceToManage } from '../../accounts/http/acting-workspace.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { signInRequired } from '../../accounts/http/signed-in-user.ts';
import { readExpiryWindows } from '../windows/read-expiry-windows.ts';
import { updateExpiryWindows } from '../windows/update-expiry-windows.ts';

/**
 * The expiry windows of the workspace the session works in (docs/product-rules.md, Expiry
 * windows). Any member reads them; changing them is the workspace's settings, so in an
 * organisation it asks what its plan and billing ask: the owner or an admin.
 */
export function registerExpiryWindowsRoutes(fastify: FastifyInstance, ctx: { db: Db; readSession: SessionReader }) {
  const { db } = ctx;
  const present = (acting: ActingWorkspace) =>
    readExpiryWindows(db, acting.workspaceId, {
      organisation: acting.organisation?.name ?? null,
      canChange: acting.organisation === null || canManage(acting.organisation.role),
    });
  fastify.register(async (scope) => {
    const app = withZod(scope);
    app.addHook('onRequest', signInRequired(ctx.readSession));
    app.get(
      EXPIRY_WINDOWS_ENDPOINTS.get.path,
      { schema: endpointSchema(EXPIRY_WINDOWS_ENDPOINTS.get) },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return present(actingWorkspace(request));
      },
    );
    app.put(
      EXPIRY_WINDOWS_ENDPOINTS.update.path,
      { schema: endpointSchema(EXPIRY_WINDOWS_ENDPOINTS.update) },
      async (request) => {
        const acting = workspaceToManage(request);
        await updateExpiryWindows(db, acting.workspaceId, request.body);
        return present(acting);
      },
    );
  });
}
