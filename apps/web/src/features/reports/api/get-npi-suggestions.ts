import type { NpiSuggestion } from '@licensewatch/shared/exclusions';
import { EXCLUSIONS_ENDPOINTS } from '@licensewatch/shared/exclusions-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { reportQueryKey } from '../../../lib/report-query-keys';

/** Under the report's key, like the report's other queries: whatever refreshes the report refreshes this too. */
export const npiSuggestionsQueryKey = (reportId: string) => [...reportQueryKey(reportId), 'npi-suggestions'] as const;

export function getNpiSuggestions(reportId: string): Promise<NpiSuggestion[]> {
  return callEndpoint(EXCLUSIONS_ENDPOINTS.npiSuggestions, { params: { id: reportId } });
}

/**
 * Asked only once the user asks for it: each call is up to five NPPES searches. Not retried on its
 * own: the server has already waited for NPPES, and the error offers "Try again".
 */
export function useNpiSuggestions(reportId: string, enabled: boolean) {
  return useQuery({
    queryKey: npiSuggestionsQueryKey(reportId),
    queryFn: () => getNpiSuggestions(reportId),
    enabled,
    retry: false,
  });
}
