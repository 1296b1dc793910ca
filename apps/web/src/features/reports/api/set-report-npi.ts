import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { refreshReportCounts, reportExclusionsQueryKey } from '../../../lib/report-query-keys';

export function setReportNpi(reportId: string, npi: string | null) {
  return callEndpoint(EXCLUSIONS_ENDPOINTS.setNpi, { params: { id: reportId }, body: { npi } });
}

export function useSetReportNpi(reportId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (npi: string | null) => setReportNpi(reportId, npi),
    // The server screens the report again with the new NPI: a possible match may now be settled, or gone.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportExclusionsQueryKey(reportId), exact: true }),
        refreshReportCounts(queryClient, reportId),
      ]),
  });
}
