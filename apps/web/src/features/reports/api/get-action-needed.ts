import type { ActionNeeded } from '@licensewatch/shared/action-needed';
import { REPORTS_ENDPOINTS } from '@licensewatch/shared/reports-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { ACTION_NEEDED_QUERY_KEY } from '../../../lib/report-query-keys';

/**
 * The acting workspace's open items (docs/product-rules.md, Action needed). The top bar reads it on
 * every signed-in page, so its count is kept for a minute; the inbox page (`fresh`) reads it again
 * whenever it opens, so an item resolved a moment ago is gone.
 */
export function useActionNeeded({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({
    queryKey: ACTION_NEEDED_QUERY_KEY,
    queryFn: (): Promise<ActionNeeded> => callEndpoint(REPORTS_ENDPOINTS.actionNeeded),
    staleTime: fresh ? 0 : 60 * 1000,
  });
}
