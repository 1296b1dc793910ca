import type { CheckoutSessionRequest } from '@licensewatch/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function createCheckoutSession(input: CheckoutSessionRequest) {
  return apiRequest('/api/v1/stripe/create-checkout-session', {
    method: 'POST',
    body: input,
    schema: async () => (await import('@licensewatch/shared/billing')).checkoutSessionResponseSchema,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
