import type { UpdateTrialPlanRequest } from '@licensewatch/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function updateTrialPlan(input: UpdateTrialPlanRequest) {
  return apiRequest('/api/v2/stripe/update-trial-plan', {
    method: 'POST',
    body: input,
    schema: async () => (await import('@licensewatch/shared/billing')).updateTrialPlanResponseSchema,
  });
}

// No cache update: the page reloads after a trial switch (spec §4), which starts every query afresh.
export function useUpdateTrialPlan() {
  return useMutation({ mutationFn: updateTrialPlan });
}
