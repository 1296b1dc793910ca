import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, isApiError } from '../../../lib/api';

export const credentialsSchema = z.object({
  reports_plan: z
    .object({
      end_date: z.string().nullable().optional(),
      remain_report_number: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  credential_key: z.string().nullable().optional(),
  amount: z.number().nullable().optional(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export function getCredentials(): Promise<Credentials> {
  return apiRequest('/api/v1/credentials/', { schema: credentialsSchema });
}

export const credentialsQueryOptions = queryOptions({
  queryKey: ['credentials'],
  queryFn: getCredentials,
  // Spec §9: credentials are always stale (credits change with every report and API call).
  staleTime: 0,
  // A 404 or 401 will not heal by retrying; only transient failures get one more try.
  retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
});

export function useCredentials(enabled = true) {
  return useQuery({ ...credentialsQueryOptions, enabled });
}
