import { type CheckoutSessionRequest, checkoutSessionResponseSchema } from '@licensewatch/shared/billing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function createCheckoutSession(input: CheckoutSessionRequest) {
  return apiRequest('/api/v1/stripe/create-checkout-session', {
    method: 'POST',
    body: input,
    schema: checkoutSessionResponseSchema,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
