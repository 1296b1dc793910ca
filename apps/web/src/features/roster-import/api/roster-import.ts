import type { RosterUpload } from '@licensewatch/shared/roster-import';
import { ROSTER_IMPORT_ENDPOINTS as E } from '@licensewatch/shared/roster-import-endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const usePreviewRoster = () =>
  useMutation({ mutationFn: (body: RosterUpload) => callEndpoint(E.preview, { body }) });

export function useStartRosterImport() {
  return useMutation({ mutationFn: (body: RosterUpload) => callEndpoint(E.start, { body }) });
}

/** An import's progress, read every second until it is done or failed; then the reports are read again. */
export function useRosterImport(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['roster-import', id ?? ''] as const,
    queryFn: async () => {
      const answer = await callEndpoint(E.status, { params: { id: id ?? '' } });
      // The reports list's key (features/reports/api/get-reports.ts), which a feature cannot import.
      if (answer.status === 'done' || answer.status === 'failed')
        await queryClient.invalidateQueries({ queryKey: ['reports'] });
      return answer;
    },
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'failed' ? false : 1000;
    },
  });
}

export const lookUpNpi = (npi: string) => callEndpoint(E.npiLookup, { params: { npi } });
