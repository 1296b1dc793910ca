import type { UpdateTrialPlanRequest } from '@licensewatch/shared/billing';
import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function updateTrialPlan(input: UpdateTrialPlanRequest) {
  return callEndpoint(BILLING_ROUTES.updateTrialPlan, {
    body: input,
    schema: async () =>
      (await import('@licensewatch/shared/billing-endpoints')).BILLING_ENDPOINTS.updateTrialPlan.response,
  });
}

// No cache update: the page reloads after a trial switch (docs/product-rules.md, Choosing a plan),
// which starts every query afresh.
export function useUpdateTrialPlan() {
  return useMutation({ mutationFn: updateTrialPlan });
}
