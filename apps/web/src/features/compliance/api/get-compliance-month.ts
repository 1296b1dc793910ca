import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const COMPLIANCE_QUERY_KEY = ['compliance'] as const;

/**
 * A page of the acting workspace's record of `month` (YYYY-MM), optionally only the reports with a
 * gap; the page before stays shown while the next loads.
 */
export function useComplianceMonth(month: string, page: number, gapsOnly: boolean) {
  return useQuery({
    queryKey: [...COMPLIANCE_QUERY_KEY, 'month', month, page, gapsOnly] as const,
    queryFn: () =>
      callEndpoint(E.month, {
        params: { month },
        query: { page: String(page), gaps_only: gapsOnly ? 'true' : undefined },
      }),
    placeholderData: keepPreviousData,
  });
}
