import { ADMIN_SETTINGS_ENDPOINTS } from '@licensewatch/shared/admin-settings-endpoints';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import type { SessionReader } from '../../accounts/http/read-session.ts';
import { listSettings } from '../settings/list-settings.ts';
import { updateSetting } from '../settings/update-setting.ts';
import { adminActor } from './admin-actor.ts';
import { registerAdminScope } from './admin-required.ts';

type Ctx = Pick<Platform, 'db'> & { readSession: SessionReader };

/** The operator settings (docs/product-rules.md, Settings). */
export function registerAdminSettingsRoutes(fastify: FastifyInstance, ctx: Ctx) {
  const E = ADMIN_SETTINGS_ENDPOINTS;
  registerAdminScope(fastify, ctx.readSession, (app) => {
    app.get(E.settings.path, { schema: endpointSchema(E.settings) }, async () => listSettings(ctx.db));
    app.patch(E.updateSetting.path, { schema: endpointSchema(E.updateSetting) }, async (request) =>
      updateSetting(ctx.db, adminActor(request), request.params.key, request.body.value),
    );
  });
}
