import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function createPortalSession() {
  return apiRequest('/api/v2/stripe/portal-session', {
    method: 'POST',
    body: {},
    schema: async () => (await import('@licensewatch/shared/billing')).portalSessionResponseSchema,
  });
}

export function useCreatePortalSession() {
  return useMutation({ mutationFn: createPortalSession });
}
