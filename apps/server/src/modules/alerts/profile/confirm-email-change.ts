import { eq } from 'drizzle-orm';
import { createElement } from 'react';
import type { Platform } from '../../../platform/deps.ts';
import { sendEmail } from '../../../platform/mail/send-email.ts';
import { changeUserEmail } from '../../accounts/change-user-email.ts';
import { user } from '../../accounts/tables.ts';
import { EmailChanged } from '../emails/email-changed.tsx';
import { emailChange } from '../tables.ts';
import { emailTakenByOther } from './check-email-change.ts';
import { hashSecret } from './hash-secret.ts';

export type EmailChangeOutcome = 'changed' | 'invalid';

/**
 * The emailed link opened: the waiting address becomes the account's email (and counts as
 * verified: the link proves the mailbox), the row goes (so the link works once), and the old
 * address is told. An unknown, used or expired token — or an address another account took in the
 * meantime — changes nothing. In one transaction with the row locked, so two clicks cannot both
 * apply it.
 */
export async function confirmEmailChange(
  ctx: Pick<Platform, 'db' | 'mailer' | 'jobs'>,
  token: string,
): Promise<EmailChangeOutcome> {
  const done = await applyEmailChange(ctx, token).catch((error: unknown) => {
    // Someone signed up with the address between the check and the update: the unique email wins.
    if (isUniqueViolation(error)) return null;
    throw error;
  });
  if (!done) return 'invalid';
  await sendEmail(ctx, {
    to: done.oldEmail,
    subject: 'Your email address was changed',
    body: createElement(EmailChanged, { name: done.name, newEmail: done.newEmail }),
    userId: done.userId,
  });
  return 'changed';
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e: unknown = error;
    e instanceof Error || (typeof e === 'object' && e !== null);
    e = (e as { cause?: unknown }).cause
  ) {
    if ((e as { code?: unknown }).code === '23505') return true;
    if (!(e as { cause?: unknown }).cause) break;
  }
  return false;
}

async function applyEmailChange({ db }: Pick<Platform, 'db'>, token: string) {
  return db.transaction(async (tx) => {
    const [change] = await tx
      .select()
      .from(emailChange)
      .where(eq(emailChange.tokenHash, hashSecret(token)))
      .for('update');
    if (!change) return null;
    await tx.delete(emailChange).where(eq(emailChange.userId, change.userId));
    if (change.expiresAt.getTime() <= Date.now()) return null;
    if (await emailTakenByOther(tx, change.newEmail, change.userId)) return null;
    const [before] = await tx
      .select({ email: user.email, name: user.name })
      .from(user)
      .where(eq(user.id, change.userId))
      .for('update');
    if (!before) return null;
    await changeUserEmail(tx, change.userId, change.newEmail);
    return { userId: change.userId, name: before.name, oldEmail: before.email, newEmail: change.newEmail };
  });
}
