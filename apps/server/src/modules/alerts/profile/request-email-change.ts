import { randomBytes } from 'node:crypto';
import { EMAIL_CHANGE_TTL_HOURS } from '@licensewatch/shared/profile';
import { sql } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { ConfirmNewEmail } from '../emails/confirm-new-email.tsx';
import { EmailChangeRequested } from '../emails/email-change-requested.tsx';
import { emailChange } from '../tables.ts';
import { hashSecret } from './hash-secret.ts';

export type EmailChangeRequest = { userId: string; name: string; currentEmail: string; newEmail: string };

/**
 * Stores the waiting change (one per user: asking again replaces it, and the earlier link stops
 * working) and sends two emails: the link to the new address, and a notice without a link to the
 * current one, so an account taken over by someone else does not lose its owner silently. The
 * account keeps its email until the link is opened (confirm-email-change.ts). Checked first by
 * checkEmailChange.
 */
export async function requestEmailChange(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs' | 'baseURL'>,
  { userId, name, currentEmail, newEmail }: EmailChangeRequest,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashSecret(token);
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000);
  await ctx.db
    .insert(emailChange)
    .values({ userId, newEmail, tokenHash, expiresAt })
    .onConflictDoUpdate({ target: emailChange.userId, set: { newEmail, tokenHash, expiresAt, createdAt: sql`now()` } });
  const url = `${ctx.baseURL}/api/v2/profile/confirm-email?token=${encodeURIComponent(token)}`;
  await sendEmail(ctx, {
    to: newEmail,
    subject: 'Confirm your new email address',
    body: createElement(ConfirmNewEmail, { name, url }),
    userId,
  });
  await sendEmail(ctx, {
    to: currentEmail,
    subject: 'Email change requested',
    body: createElement(EmailChangeRequested, { name, newEmail }),
    userId,
  });
}
