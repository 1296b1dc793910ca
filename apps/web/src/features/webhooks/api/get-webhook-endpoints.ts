import { WEBHOOKS_ENDPOINTS as E } from '@licensewatch/shared/webhooks-endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export const WEBHOOKS_QUERY_KEY = ['webhooks'] as const;

/** The acting workspace's endpoints (owner and admins only: a viewer is answered 403). */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'endpoints'] as const,
    queryFn: () => callEndpoint(E.list),
    retry: false,
  });
}
