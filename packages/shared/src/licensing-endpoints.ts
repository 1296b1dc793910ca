import { defineEndpoints } from './endpoint.ts';
import { availableStatesResponseSchema, stateStatusResponseSchema } from './states-api.ts';

/** The licensing endpoints: the states reports can cover, and whether each board answers; public. */
export const LICENSING_ENDPOINTS = defineEndpoints({
  availableStates: {
    method: 'GET',
    path: '/api/v2/states/available',
    summary: 'The states a report can cover',
    response: availableStatesResponseSchema,
  },
  stateStatuses: {
    method: 'GET',
    path: '/api/v2/states/status',
    summary: "Whether each state's board answers right now (Confirmed / Site Not Available)",
    response: stateStatusResponseSchema,
  },
});
