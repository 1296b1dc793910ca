import nodemailer from 'nodemailer';
import type { Env } from '../env.ts';

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
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
  return {
    transport: 'smtp',
    deliver: async (email) => {
      await smtp.sendMail(email);
    },
  };
}
