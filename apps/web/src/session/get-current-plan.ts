import type { CurrentPlan } from '@licensewatch/shared/billing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isApiError } from '../lib/api';

export const CURRENT_PLAN_QUERY_KEY = ['current-plan'] as const;

export function getCurrentPlan(): Promise<CurrentPlan> {
  // A POST by the spec's contract (§7); the body is optional and changes nothing.
  return apiRequest<CurrentPlan>('/api/v2/stripe/current-plan', { method: 'POST', body: {} });
}

export const currentPlanQueryOptions = queryOptions({
  queryKey: CURRENT_PLAN_QUERY_KEY,
  queryFn: getCurrentPlan,
  // Spec §9: cached for 30 seconds, one retry (4xx answers will not heal by retrying).
  staleTime: 30_000,
  retry: (failureCount, error) => failureCount < 1 && !(isApiError(error) && error.status < 500),
});

/** Spec §7: asked only when signed in. */
export function useCurrentPlan(signedIn: boolean) {
  return useQuery({ ...currentPlanQueryOptions, enabled: signedIn });
}
