import type { ContactMessageRequest } from '@licensewatch/shared/contact';
import { CONTACT_MESSAGES } from '@licensewatch/shared/contact-messages';
import { lt } from 'drizzle-orm';
import type { Platform } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { CaptchaSecrets } from './captcha-secrets.ts';
import { contactMessage, usedCaptcha } from './tables.ts';
import { verifyCaptcha } from './verify-captcha.ts';

/**
 * The contact form (docs/product-rules.md, Contact form): captcha checked, then the message stored
 * (docs/security.md, Nothing is lost) and its Slack delivery queued. The captcha's use and the
 * message commit together, so a replayed solution stores nothing and a failed insert does not burn
 * the visitor's captcha.
 */
export async function submitContactMessage(
  ctx: Pick<Platform, 'db' | 'env' | 'jobs' | 'log'> & { captchaSecrets: CaptchaSecrets },
  { recaptcha_token, ...fields }: ContactMessageRequest,
  ip: string,
): Promise<{ id: string }> {
  const captcha = await verifyCaptcha(ctx, recaptcha_token, ip);
  const id = await ctx.db.transaction(async (tx) => {
    if (captcha) {
      await tx.delete(usedCaptcha).where(lt(usedCaptcha.expiresAt, new Date()));
      const marked = await tx
        .insert(usedCaptcha)
        .values({ challengeId: captcha.challengeId, expiresAt: captcha.expiresAt })
        .onConflictDoNothing()
        .returning({ id: usedCaptcha.challengeId });
      if (marked.length === 0) throw new AppError('CAPTCHA_USED', CONTACT_MESSAGES.captchaUsed, 400);
    }
    const [row] = await tx
      .insert(contactMessage)
      .values({
        fullName: fields.full_name,
        email: fields.email,
        subject: fields.subject,
        message: fields.message,
        ipAddress: ip,
      })
      .returning({ id: contactMessage.id });
    if (!row) throw new Error('contact message insert returned no row');
    return row.id;
  });
  // Stored is what the visitor is promised; a failed send here is picked up at the next worker start.
  await ctx.jobs.send('deliverContactMessage', { messageId: id }, { singletonKey: id }).catch((err: unknown) => {
    ctx.log.error({ err, messageId: id }, 'could not queue contact message delivery');
  });
  return { id };
}
