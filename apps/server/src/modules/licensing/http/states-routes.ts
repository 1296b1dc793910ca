import { LICENSING_ENDPOINTS } from '@licensewatch/shared/licensing-endpoints';
import { STATE_NAMES } from '@licensewatch/shared/states';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { endpointSchema } from '../../../platform/http/endpoint-schema.ts';
import { withZod } from '../../../platform/http/zod-app.ts';
import type { LicenseSources } from '../license-sources.ts';
import { listStateStatuses } from '../list-state-statuses.ts';

/** Public: the report screens show these before sign-in as well. */
export function registerStatesRoutes(
  fastify: FastifyInstance,
  ctx: Pick<Platform, 'db'> & { licensing?: LicenseSources | undefined },
) {
  const { db } = ctx;
  const app = withZod(fastify);

  app.get(
    LICENSING_ENDPOINTS.availableStates.path,
    { schema: endpointSchema(LICENSING_ENDPOINTS.availableStates) },
    async () => [...STATE_NAMES],
  );

  app.get(
    LICENSING_ENDPOINTS.stateStatuses.path,
    { schema: endpointSchema(LICENSING_ENDPOINTS.stateStatuses) },
    // The sources are read per request: tests and the CLI may wire them after the routes.
    async () => ({
      states: await listStateStatuses(db, ctx.licensing?.boards ?? []),
    }),
  );
}
