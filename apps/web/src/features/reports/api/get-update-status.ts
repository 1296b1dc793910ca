import type { UpdateStatus } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { isUpdating } from '../update-progress';

/** Update status is polled every 5 seconds while an update runs (docs/product-rules.md, Update progress). */
export const UPDATE_STATUS_POLL_MS = 5000;

export const updateStatusQueryKey = (reportId: string) => ['update-status', reportId] as const;

export function getUpdateStatus(reportId: string): Promise<UpdateStatus> {
  return callEndpoint(REPORTS_ENDPOINTS.updateStatus, { params: { id: reportId } });
}

export function useUpdateStatus(reportId: string, enabled = true) {
  return useQuery({
    queryKey: updateStatusQueryKey(reportId),
    queryFn: () => getUpdateStatus(reportId),
    enabled,
    // Always asked afresh on mount: a cached "complete" from yesterday says nothing about a refresh running now.
    staleTime: 0,
    // Polling stops once complete, and on error (the bar is hidden then).
    refetchInterval: (query) => (query.state.data && isUpdating(query.state.data) ? UPDATE_STATUS_POLL_MS : false),
  });
}
