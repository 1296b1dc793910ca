import { outboxQuerySchema, outboxResponseSchema } from '@licensewatch/shared/dev-outbox';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { outboundMessage } from '../db/schema.ts';

/** Dev-only: messages that no real provider delivered (DESIGN §4). Never registered in production. */
export function registerOutboxRoute(fastify: FastifyInstance, { db }: AppContext) {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/dev/outbox',
      { schema: { querystring: outboxQuerySchema, response: { 200: outboxResponseSchema } } },
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
