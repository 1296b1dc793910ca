import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * The stored message's id: every delivery of it carries the same Message-ID, so a copy sent again
   * after a worker died between the SMTP server's answer and our record is one message to a mail client.
   */
  id?: string;
};

/** The real provider, or null when none is configured (messages then stay in the dev outbox). */
export type Mailer = { transport: 'smtp' | 'outbox'; deliver: (email: OutgoingEmail) => Promise<void> };

export function createMailer(env: Env): Mailer {
  if (!env.SMTP_URL) {
    return {
      transport: 'outbox',
      deliver: async () => {},
    };
  }
  const smtp = nodemailer.createTransport(env.SMTP_URL, { from: env.EMAIL_FROM });
  const domain = /@([^>\s]+)/.exec(env.EMAIL_FROM)?.[1] ?? 'licensewatch.invalid';
  return {
    transport: 'smtp',
    deliver: async ({ id, ...email }) => {
      await smtp.sendMail({ ...email, ...(id ? { messageId: `<${id}@${domain}>` } : {}) });
    },
  };
}
