import { z } from 'zod';

/** GET /api/v1/credentials/ (spec §3 credentials record). */
export const credentialsResponseSchema = z.object({
  reports_plan: z.object({
    end_date: z.string().nullable(),
    remain_report_number: z.number().int().nullable(),
  }),
  credential_key: z.string(),
  amount: z.number().int(),
});
export type Credentials = z.infer<typeof credentialsResponseSchema>;
