import { BILLING_ROUTES } from '@licensewatch/shared/billing-routes';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function createPortalSession() {
  return callEndpoint(BILLING_ROUTES.createPortalSession, {
    body: {},
    schema: async () =>
      (await import('@licensewatch/shared/billing-endpoints')).BILLING_ENDPOINTS.createPortalSession.response,
  });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
