import { type UpdateStatus, updateStatusResponseSchema } from '@licensewatch/shared/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { isUpdating } from '../update-progress';

/** Spec §9: update status is polled every 5 seconds while an update runs. */
export const UPDATE_STATUS_POLL_MS = 5000;

export const updateStatusQueryKey = (reportId: string) => ['update-status', reportId] as const;

export function getUpdateStatus(reportId: string): Promise<UpdateStatus> {
  return apiRequest(`/api/v2/states/update-status/${encodeURIComponent(reportId)}`, {
    schema: updateStatusResponseSchema,
  });
}

export function useUpdateStatus(reportId: string, enabled = true) {
  return useQuery({
    queryKey: updateStatusQueryKey(reportId),
    queryFn: () => getUpdateStatus(reportId),
    enabled,
    // Always asked afresh on mount: a cached "complete" from yesterday says nothing about a refresh running now.
    staleTime: 0,
    // Polling stops once complete, and on error (spec §4: the bar is hidden on error).
    refetchInterval: (query) => (query.state.data && isUpdating(query.state.data) ? UPDATE_STATUS_POLL_MS : false),
  });
}
