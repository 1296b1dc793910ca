import { z } from 'zod';

/** GET /api/v2/states/available: the 51 jurisdiction names, in the order the UI lists them. */
export const availableStatesResponseSchema = z.array(z.string());
export type AvailableStatesResponse = z.infer<typeof availableStatesResponseSchema>;

/** A jurisdiction's availability: false = Site Not Available, true = Confirmed (docs/product-rules.md). */
export const stateStatusSchema = z.object({ state_name: z.string(), status: z.boolean() });
export type StateStatus = z.infer<typeof stateStatusSchema>;

/** GET /api/v2/states/status */
export const stateStatusResponseSchema = z.object({ states: z.array(stateStatusSchema) });
export type StateStatusResponse = z.infer<typeof stateStatusResponseSchema>;
