import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import { PATHS } from '@licensewatch/shared/web-paths';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { callEndpoint } from '../../../lib/api';
import { ME_QUERY_KEY } from '../../../session/get-me';

export async function signOut(): Promise<void> {
  await callEndpoint(ACCOUNTS_ROUTES.signOut, { body: {} });
}

/** Every query but the session's own: what only a signed-in visitor asks. */
export const SIGNED_IN_QUERIES = {
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[0] !== ME_QUERY_KEY[0],
};

const SETTLE_POLL_MS = 50;
const SETTLE_MAX_MS = 5000;

/**
 * Waits (5 s at most) for the page's requests already under way, other than the session's own: one
 * answered after the session has ended would be a 401, an error in the console for nothing.
 */
export async function settleSignedInQueries(queryClient: QueryClient): Promise<void> {
  for (
    let waited = 0;
    waited < SETTLE_MAX_MS && queryClient.isFetching(SIGNED_IN_QUERIES) > 0;
    waited += SETTLE_POLL_MS
  )
    await new Promise((resolve) => setTimeout(resolve, SETTLE_POLL_MS));
}

// These pages handle their own flow after a sign-out, so the visitor stays on them
// (docs/product-rules.md, Sign-out).
const STAY_ON = new Set<string>([PATHS.resetPassword, PATHS.forgotPassword]);

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: async () => {
      await settleSignedInQueries(queryClient);
      await signOut();
    },
    onSettled: () => {
      // Even when the request fails the local view must not keep showing private data: signed out
      // at once, and what the signed-in pages read dropped once they have gone. Dropped before they
      // unmount, the top bar's queries would be asked again on the way out — 401s for nothing.
      queryClient.setQueryData(ME_QUERY_KEY, null);
      if (!STAY_ON.has(location.pathname)) navigate(PATHS.login, { replace: true });
      setTimeout(() => queryClient.removeQueries(SIGNED_IN_QUERIES), 0);
    },
  });
}
