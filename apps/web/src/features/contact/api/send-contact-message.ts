import type { ContactMessageRequest } from '@licensewatch/shared/contact';
import { CONTACT_ROUTES } from '@licensewatch/shared/contact-routes';
import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function sendContactMessage(body: ContactMessageRequest) {
  return callEndpoint(CONTACT_ROUTES.sendMessage, {
    body,
    schema: async () => (await import('@licensewatch/shared/contact-endpoints')).CONTACT_ENDPOINTS.sendMessage.response,
  });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
