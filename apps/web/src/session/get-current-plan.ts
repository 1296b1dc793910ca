import type { CurrentPlan } from '@licensewatch/shared/billing';
import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, isApiError, unparsed } from '../lib/api';

export const CURRENT_PLAN_QUERY_KEY = ['current-plan'] as const;

export function getCurrentPlan(): Promise<CurrentPlan> {
  // A POST, as API clients know it; the body is optional and changes nothing.
  return callEndpoint(BILLING_ROUTES.currentPlan, { body: {}, schema: unparsed<CurrentPlan>() });
}

export const currentPlanQueryOptions = queryOptions({
  queryKey: CURRENT_PLAN_QUERY_KEY,
  queryFn: getCurrentPlan,
  // Fresh for 30 seconds, one retry (4xx answers will not heal by retrying).
  staleTime: 30_000,
  retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
});

/** Asked only when signed in. */
export function useCurrentPlan(signedIn: boolean) {
  return useQuery({ ...currentPlanQueryOptions, enabled: signedIn });
}
