import { type CreateReportRequest, type Report, reportSchema } from '@licensewatch/shared/reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';
import { reportQueryKey } from './get-report';
import { REPORTS_QUERY_KEY } from './get-reports';

export function createReport(input: CreateReportRequest): Promise<Report> {
  return apiRequest('/api/v2/reports/', { method: 'POST', body: input, schema: reportSchema });
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
