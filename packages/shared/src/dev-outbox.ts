import { z } from 'zod';
import { defineEndpoints } from './endpoint.ts';

/**
 * GET /api/dev/outbox (development only): the messages no real provider delivered, newest first,
 * as the server answers them and the /dev/outbox page and browser tests read them.
 */
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxResponseSchema = z.array(outboxMessageSchema);

export const outboxQuerySchema = z.object({ to: z.string().trim().toLowerCase().optional() });

/** Development only; never registered in production. */
export const DEV_OUTBOX_ENDPOINTS = defineEndpoints({
  messages: {
    method: 'GET',
    path: '/api/dev/outbox',
    summary: 'Development only: the emails and SMS no real provider delivered, newest first',
    query: outboxQuerySchema,
    response: outboxResponseSchema,
  },
});
