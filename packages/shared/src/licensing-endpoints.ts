import { defineEndpoints } from './endpoint.ts';
import { availableStatesResponseSchema, stateStatusResponseSchema } from './states-api.ts';

/** The licensing endpoints: the states reports can cover, and whether each board answers; public. */
export const LICENSING_ENDPOINTS = defineEndpoints({
  availableStates: { method: 'GET', path: '/api/v2/states/available', response: availableStatesResponseSchema },
  stateStatuses: { method: 'GET', path: '/api/v2/states/status', response: stateStatusResponseSchema },
});
