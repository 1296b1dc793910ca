import { type OutboxMessage, outboxResponseSchema } from '@licensewatch/shared/dev-outbox';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

export function getOutbox(to: string): Promise<OutboxMessage[]> {
  const query = to ? `?${new URLSearchParams({ to })}` : '';
  return apiRequest(`/api/dev/outbox${query}`, { schema: outboxResponseSchema });
}

export function useOutbox(to: string) {
  return useQuery({
    queryKey: ['dev-outbox', to],
    queryFn: () => getOutbox(to),
    // A developer is waiting for a new email to arrive; always show the latest.
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5000),
    retry: false,
  });
}
