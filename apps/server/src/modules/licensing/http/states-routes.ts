import { STATE_NAMES } from '@licensewatch/shared/states';
import { availableStatesResponseSchema, stateStatusResponseSchema } from '@licensewatch/shared/states-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.ts';
import { listStateStatuses } from '../health/list-state-statuses.ts';

/** Public: the report screens show these before sign-in as well. */
export function registerStatesRoutes(fastify: FastifyInstance, { db }: AppContext) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/api/v2/states/available', { schema: { response: { 200: availableStatesResponseSchema } } }, async () => [
    ...STATE_NAMES,
  ]);

  app.get('/api/v2/states/status', { schema: { response: { 200: stateStatusResponseSchema } } }, async () => ({
    states: await listStateStatuses(db),
  }));
}
