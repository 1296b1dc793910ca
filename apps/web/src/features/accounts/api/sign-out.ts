import { ACCOUNTS_ROUTES } from '@licensewatch/shared/accounts-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { callEndpoint } from '../../../lib/api';
import { PATHS } from '../../../lib/paths';
import { ME_QUERY_KEY } from '../../../session/get-me';

export async function signOut(): Promise<void> {
  await callEndpoint(ACCOUNTS_ROUTES.signOut, { body: {} });
}

// These pages handle their own flow after a sign-out, so the visitor stays on them
// (docs/product-rules.md, Sign-out).
const STAY_ON = new Set<string>([PATHS.resetPassword, PATHS.forgotPassword]);

export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      // Even when the request fails the local view must not keep showing private data.
      queryClient.clear();
      queryClient.setQueryData(ME_QUERY_KEY, null);
      if (!STAY_ON.has(location.pathname)) navigate(PATHS.login, { replace: true });
    },
  });
}
