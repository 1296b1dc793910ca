import { CONTACT_ROUTES } from '@licensewatch/shared/contact-routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getContactOffice() {
  return callEndpoint(CONTACT_ROUTES.office, {
    schema: async () => (await import('@licensewatch/shared/contact-endpoints')).CONTACT_ENDPOINTS.office.response,
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
