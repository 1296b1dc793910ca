import type { CheckoutSessionRequest } from '@licensewatch/shared/billing';
import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function createCheckoutSession(input: CheckoutSessionRequest) {
  return callEndpoint(BILLING_ROUTES.createCheckoutSession, {
    body: input,
    schema: async () =>
      (await import('@licensewatch/shared/billing-endpoints')).BILLING_ENDPOINTS.createCheckoutSession.response,
  });
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession });
}
