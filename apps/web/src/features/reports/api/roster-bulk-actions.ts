import { endpointPath } from '@licensewatch/shared/endpoint-path';
import type { RosterExportFormat } from '@licensewatch/shared/roster';
import { ROSTER_ENDPOINTS } from '@licensewatch/shared/roster-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { REPORTS_QUERY_KEY } from '../../../lib/report-query-keys';
import { ROSTER_QUERY_KEY } from './get-roster';

/** Stops tracking the selected rows (each hidden as on its report page). */
export function useHideRosterLicenses() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => callEndpoint(ROSTER_ENDPOINTS.hide, { body: { ids } }),
    // The rows leave the roster; their reports' counts, licenses, hidden licenses and what waits
    // on them (everything under the reports' key) change too.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [ROSTER_QUERY_KEY] }),
        queryClient.invalidateQueries({ queryKey: REPORTS_QUERY_KEY }),
      ]),
  });
}

/** Checks the boards again for the selected rows' reports, each once. */
export function useRefreshRosterReports() {
  return useMutation({
    mutationFn: (ids: string[]) => callEndpoint(ROSTER_ENDPOINTS.refresh, { body: { ids } }),
  });
}

/** The download of the selected rows; the session cookie authenticates a plain link to it. */
export function rosterSelectionExportUrl(ids: string[], format: RosterExportFormat): string {
  return `${endpointPath(ROSTER_ENDPOINTS.export)}?${new URLSearchParams({ format, ids: ids.join(',') })}`;
}
