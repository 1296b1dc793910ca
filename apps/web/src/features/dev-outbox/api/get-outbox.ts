import { DEV_OUTBOX_ENDPOINTS, type OutboxMessage } from '@licensewatch/shared/dev-outbox';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/api';

export function getOutbox(to: string): Promise<OutboxMessage[]> {
  return callEndpoint(DEV_OUTBOX_ENDPOINTS.messages, { query: { to: to || undefined } });
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
