import type { ContactMessageRequest } from '@licensewatch/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function sendContactMessage(body: ContactMessageRequest) {
  return apiRequest('/api/v2/notifications/slack-notification', {
    method: 'POST',
    body,
    schema: async () => (await import('@licensewatch/shared/contact')).contactMessageResponseSchema,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
