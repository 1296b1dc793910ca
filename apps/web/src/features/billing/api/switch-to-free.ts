import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { CREDENTIALS_QUERY_KEY } from '../../../session/get-credentials';
import { CURRENT_PLAN_QUERY_KEY } from '../../../session/get-current-plan';

export function switchToFree() {
  return callEndpoint(BILLING_ROUTES.switchToFree, {
    body: {},
    schema: async () =>
      (await import('@licensewatch/shared/billing-endpoints')).BILLING_ENDPOINTS.switchToFree.response,
  });
}

export function useSwitchToFree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchToFree,
    // The plan (or its scheduled end) and the credit balances change with it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_PLAN_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: CREDENTIALS_QUERY_KEY }),
      ]),
  });
}
