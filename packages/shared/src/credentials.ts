import { z } from 'zod';
import { PLAN_NAMES } from './plans.ts';

/** GET /api/v1/credentials/ (docs/product-rules.md, API key and credentials). */
export const credentialsResponseSchema = z.object({
  reports_plan: z.object({
    end_date: z.string().nullable(),
    remain_report_number: z.number().int().nullable(),
    /**
     * Added to the original record: Free stores no end date and never lapses, so a client reading
     * "missing end_date = expired" needs the plan to apply isPlanExpired (docs/product-rules.md,
     * Plan expiry; ADR 007).
     */
    plan_name: z.enum(PLAN_NAMES),
  }),
  credential_key: z.string(),
  amount: z.number().int(),
});
export type Credentials = z.infer<typeof credentialsResponseSchema>;
