import { endpointPath } from '@licensewatch/shared/endpoint-path';
import type { RosterExportFormat, RosterResponse } from '@licensewatch/shared/roster';
import { ROSTER_ENDPOINTS } from '@licensewatch/shared/roster-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { type RosterView, rosterFilterQuery } from '../roster-view';

export const ROSTER_QUERY_KEY = 'roster';

export function getRoster(view: RosterView): Promise<RosterResponse> {
  return callEndpoint(ROSTER_ENDPOINTS.list, {
    query: { ...rosterFilterQuery(view), page: view.page > 1 ? String(view.page) : undefined },
  });
}

/**
 * An answer with the view it answers. While the next view loads, the previous answer stays on
 * screen: what it says (whether its counts are "of" a filtered whole) follows its own view, not the
 * URL's, which has already moved on.
 */
export type RosterAnswer = RosterResponse & { view: RosterView };

export function useRoster(view: RosterView) {
  return useQuery({
    queryKey: [ROSTER_QUERY_KEY, view],
    queryFn: async (): Promise<RosterAnswer> => ({ ...(await getRoster(view)), view }),
    // The page stays on screen while the next one loads (no flash of the skeleton when paging).
    placeholderData: keepPreviousData,
    staleTime: 60 * 1000,
  });
}

/** The download of the filtered view; the session cookie authenticates a plain link to it. */
export function rosterExportUrl(view: RosterView, format: RosterExportFormat): string {
  const query: Record<string, string | undefined> = { format, ...rosterFilterQuery(view) };
  const entries = Object.entries(query).filter((e): e is [string, string] => e[1] !== undefined);
  return `${endpointPath(ROSTER_ENDPOINTS.export)}?${new URLSearchParams(entries)}`;
}
