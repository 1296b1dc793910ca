import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import type { CreditHistory } from '@licensewatch/shared/credentials';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callEndpoint, unparsed } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';

export function getCreditHistory(cursor: string | null): Promise<CreditHistory> {
  // Not parsed, like the credentials record beside it: the overview page loads no zod.
  return callEndpoint(ACCOUNTS_ROUTES.creditHistory, {
    query: { cursor: cursor ?? undefined },
    schema: unparsed<CreditHistory>(),
  });
}

/**
 * Under the credentials key on purpose: whatever changes credits (a report created, a plan
 * switched) invalidates the credentials query, and with it this one, without knowing it exists.
 */
export const CREDIT_HISTORY_QUERY_KEY = [...CREDENTIALS_QUERY_KEY, 'history'] as const;

export function useCreditHistory() {
  return useInfiniteQuery({
    queryKey: CREDIT_HISTORY_QUERY_KEY,
    queryFn: ({ pageParam }) => getCreditHistory(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Credits change with every report and API call, like the record above it.
    staleTime: 0,
  });
}
