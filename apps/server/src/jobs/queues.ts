import type PgBoss from 'pg-boss';
import { z } from 'zod';

/** Every queue: its name, payload schema and retry policy. Handlers live beside, one per file. */
export const QUEUES = {
  deliverEmail: {
    name: 'deliver-email',
    payload: z.object({ messageId: z.string() }),
    // Backoff from 30 s, about a day in all: an SMTP outage delays mail, it does not lose it.
    options: { retryLimit: 12, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  },
} as const satisfies Record<string, { name: string; payload: z.ZodType; options: Omit<PgBoss.Queue, 'name'> }>;

export type QueueKey = keyof typeof QUEUES;
export type Payload<K extends QueueKey> = z.infer<(typeof QUEUES)[K]['payload']>;
