import { type ContactMessageRequest, contactMessageResponseSchema } from '@licensewatch/shared/contact';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function sendContactMessage(body: ContactMessageRequest) {
  return apiRequest('/api/v2/notifications/slack-notification', {
    method: 'POST',
    body,
    schema: contactMessageResponseSchema,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
