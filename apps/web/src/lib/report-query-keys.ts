import type { QueryClient } from '@tanstack/react-query';

/**
 * The query keys of reports and what hangs under a report, for every feature that reads or changes
 * them: a report's exclusion check (features/exclusions) and the report itself (features/reports)
 * invalidate each other's queries.
 */
export const REPORTS_QUERY_KEY = ['reports'] as const;

export const reportQueryKey = (id: string) => [...REPORTS_QUERY_KEY, id] as const;

/** Under the report's key: an update's completion, which invalidates the report's queries, screens it again too. */
export const reportExclusionsQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'exclusions'] as const;

/** Under the reports: whatever changes a report may change what waits in the Action needed inbox. */
export const ACTION_NEEDED_QUERY_KEY = [...REPORTS_QUERY_KEY, 'action-needed'] as const;

/**
 * After anything that changes a report's counts or what waits on it (a match decided, a license
 * hidden or restored, an NPI set): the report, the dashboard's list and the Action needed inbox
 * are read again, so no screen keeps the old "Needs attention".
 */
export function refreshReportCounts(queryClient: QueryClient, reportId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reportQueryKey(reportId), exact: true }),
    queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY, exact: true }),
    queryClient.invalidateQueries({ queryKey: ACTION_NEEDED_QUERY_KEY, exact: true }),
  ]);
}
