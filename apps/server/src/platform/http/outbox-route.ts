import { DEV_OUTBOX_ENDPOINTS } from '@licensewatch/shared/dev-outbox';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../deps.ts';
import { outboundMessage } from '../outbox/tables.ts';
import { endpointSchema } from './endpoint-schema.ts';
import { withZod } from './zod-app.ts';

/** Dev-only: mail no real provider delivered (docs/operating-interface.md, Dev outbox); never registered in production. */
export function registerOutboxRoute(fastify: FastifyInstance, { db }: Pick<Platform, 'db'>) {
  withZod(fastify).get(
    DEV_OUTBOX_ENDPOINTS.messages.path,
    { schema: endpointSchema(DEV_OUTBOX_ENDPOINTS.messages) },
    async (request) => {
      const { to } = request.query;
      const rows = await db
        .select({
          id: outboundMessage.id,
          channel: outboundMessage.channel,
          to: outboundMessage.to,
          subject: outboundMessage.subject,
          text: outboundMessage.text,
          html: outboundMessage.html,
          createdAt: outboundMessage.createdAt,
        })
        .from(outboundMessage)
        .where(and(eq(outboundMessage.transport, 'outbox'), to ? eq(outboundMessage.to, to) : undefined))
        .orderBy(desc(outboundMessage.createdAt))
        .limit(200);
      return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    },
  );
}
