import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api';

export const outboxMessageSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  channel: z.string(),
  to: z.string(),
  subject: z.string().nullable().optional(),
  text: z.string().nullable().optional(),
  html: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export function getOutbox(to: string): Promise<OutboxMessage[]> {
  const query = to ? `?${new URLSearchParams({ to })}` : '';
  return apiRequest(`/api/dev/outbox${query}`, { schema: z.array(outboxMessageSchema) });
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
