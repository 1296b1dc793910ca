import { COMPLIANCE_ENDPOINTS as E } from '@licensewatch/shared/compliance-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const COMPLIANCE_QUERY_KEY = ['compliance'] as const;

/** The acting workspace's record of `month` (YYYY-MM); the previous month's stays shown while another loads. */
export function useComplianceMonth(month: string) {
  return useQuery({
    queryKey: [...COMPLIANCE_QUERY_KEY, 'month', month] as const,
    queryFn: () => callEndpoint(E.month, { params: { month } }),
    placeholderData: keepPreviousData,
  });
}
