import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getContactOffice() {
  return apiRequest('/api/v2/notifications/contact-office', {
    schema: async () => (await import('@licensewatch/shared/contact')).contactOfficeResponseSchema,
  });
}

/** The office /contact shows (null when the operator has set none); it changes only with the server's configuration. */
export function useContactOffice() {
  return useQuery({
    queryKey: ['contact-office'],
    queryFn: getContactOffice,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
