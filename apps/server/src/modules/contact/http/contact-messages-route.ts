import { CONTACT_ENDPOINTS } from '@licensewatch/shared/contact-endpoints';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../../../platform/deps.ts';
import { contactMessage } from '../tables.ts';

/**
 * Dev-only: stored contact messages, newest first, with their Slack delivery state; without
 * SLACK_WEBHOOK_URL this is where they can be read. Never registered in production.
 */
export function registerContactMessagesRoute(fastify: FastifyInstance, { db }: Pick<Platform, 'db'>) {
  fastify.get(CONTACT_ENDPOINTS.devMessages.path, async (request) => {
    const email = (request.query as { email?: string }).email?.trim();
    return db
      .select({
        id: contactMessage.id,
        full_name: contactMessage.fullName,
        email: contactMessage.email,
        subject: contactMessage.subject,
        message: contactMessage.message,
        status: contactMessage.status,
        attempts: contactMessage.attempts,
        last_error: contactMessage.lastError,
        created_at: contactMessage.createdAt,
        delivered_at: contactMessage.deliveredAt,
      })
      .from(contactMessage)
      .where(email ? eq(contactMessage.email, email) : undefined)
      .orderBy(desc(contactMessage.createdAt))
      .limit(200);
  });
}
