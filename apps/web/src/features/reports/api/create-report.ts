import type { CreateReportRequest, Report } from '@licensewatch/shared/reports';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY, reportQueryKey } from '../../../lib/report-query-keys';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

export function createReport(input: CreateReportRequest): Promise<Report> {
  return callEndpoint(REPORTS_ENDPOINTS.create, { body: input });
}

export function useCreateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReport,
    onSuccess: async (report) => {
      queryClient.setQueryData(reportQueryKey(report.id), report);
      // A credit was spent: the list and the top-bar counters are out of date.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: CREDENTIALS_QUERY_KEY }),
      ]);
    },
  });
}
