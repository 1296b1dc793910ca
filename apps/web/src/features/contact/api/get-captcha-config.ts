import { CONTACT_ROUTES } from '@licensewatch/shared/contact-routes';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getCaptchaConfig() {
  return callEndpoint(CONTACT_ROUTES.captchaConfig, {
    schema: async () =>
      (await import('@licensewatch/shared/contact-endpoints')).CONTACT_ENDPOINTS.captchaConfig.response,
  });
}

/** Which captcha the server verifies: it only changes with the server's configuration. */
export function useCaptchaConfig() {
  return useQuery({ queryKey: ['captcha-config'], queryFn: getCaptchaConfig, staleTime: Number.POSITIVE_INFINITY });
}
