import type { Report } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY, reportQueryKey } from '../../../lib/report-query-keys';

export function deleteReport(id: string): Promise<unknown> {
  return callEndpoint(REPORTS_ENDPOINTS.delete, { params: { id } });
}

/** Deletion is optimistic — the row leaves at once and comes back if the server refuses. */
export function useDeleteReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReport,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: REPORTS_QUERY_KEY, exact: true });
      const previous = queryClient.getQueryData<Report[]>(REPORTS_QUERY_KEY);
      queryClient.setQueryData<Report[]>(REPORTS_QUERY_KEY, (reports) => reports?.filter((r) => r.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(REPORTS_QUERY_KEY, context.previous);
    },
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: reportQueryKey(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
  });
}
