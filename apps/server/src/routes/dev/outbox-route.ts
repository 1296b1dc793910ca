import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { outboundMessage } from '../../db/schema.ts';

const querySchema = z.object({ to: z.string().trim().toLowerCase().optional() });

/** Dev-only: messages that no real provider delivered (DESIGN §4). Never registered in production. */
export function registerOutboxRoute(fastify: FastifyInstance, { db }: AppContext) {
  fastify
    .withTypeProvider<ZodTypeProvider>()
    .get('/api/dev/outbox', { schema: { querystring: querySchema } }, async (request) => {
      const { to } = request.query;
      return db
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
    });
}
