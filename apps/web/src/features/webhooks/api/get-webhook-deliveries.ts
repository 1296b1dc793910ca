import { WEBHOOKS_ENDPOINTS as E } from '@licensewatch/shared/webhooks-endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';
import { WEBHOOKS_QUERY_KEY } from './get-webhook-endpoints';

export const DELIVERIES_PAGE_SIZE = 10;

/** One page of an endpoint's delivery log, newest first; read again every few seconds while open. */
export function useWebhookDeliveries(endpointId: string, page: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'deliveries', endpointId, page] as const,
    queryFn: () =>
      callEndpoint(E.deliveries, {
        params: { id: endpointId },
        query: { page: String(page), page_size: String(DELIVERIES_PAGE_SIZE) },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
}
