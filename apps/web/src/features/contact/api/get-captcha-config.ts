import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getCaptchaConfig() {
  return apiRequest('/api/v2/notifications/captcha-config', {
    schema: async () => (await import('@licensewatch/shared/contact')).captchaConfigResponseSchema,
  });
}

/** Which captcha the server verifies: it only changes with the server's configuration. */
export function useCaptchaConfig() {
  return useQuery({ queryKey: ['captcha-config'], queryFn: getCaptchaConfig, staleTime: Number.POSITIVE_INFINITY });
}
