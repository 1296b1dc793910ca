import { render } from '@react-email/render';
import type { ReactElement } from 'react';
import type { Db } from '../db/client.ts';
import { outboundMessage } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import type { Mailer } from './mailer.ts';

/**
 * Stores the email, then hands delivery to the `deliver-email` job, which retries while the
 * SMTP server is down. Without a real provider the stored row is the dev outbox entry.
 */
export async function sendEmail(
  { db, mailer, jobs }: { db: Db; mailer: Mailer; jobs: JobQueue },
  { to, subject, body }: { to: string; subject: string; body: ReactElement },
): Promise<void> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  const [row] = await db
    .insert(outboundMessage)
    .values({
      channel: 'email',
      to,
      subject,
      text,
      html,
      transport: mailer.transport,
      status: mailer.transport === 'outbox' ? 'stored' : 'pending',
    })
    .returning({ id: outboundMessage.id });
  if (mailer.transport === 'smtp' && row) await jobs.send('deliverEmail', { messageId: row.id });
}
